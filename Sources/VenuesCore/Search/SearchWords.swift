/// The words that search compares: runs of letters and digits of folded text
/// (``TextFolding``). An apostrophe inside a word is dropped (`robert's` is `roberts`, so that
/// either spelling finds the other); every other character separates words. The fields of a
/// search text (``SearchText``) are separated by U+001F.
package enum SearchWords {
    /// The words of a folded text, as Unicode scalar values.
    package static func words(_ text: String) -> [[UInt32]] {
        var result: [[UInt32]] = []
        forEachWord(in: text) { _, word in result.append(Array(word)) }
        return result
    }

    /// A word (scalar values) as a string.
    package static func string(_ word: some Sequence<UInt32>) -> String {
        var scalars = String.UnicodeScalarView()
        for value in word {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Calls `body` with each word of `text` and the number of the field it is in (fields are
    /// separated by ``SearchText/separator``; the first is 0). The buffer is valid only during
    /// the call.
    package static func forEachWord(
        in text: String,
        _ body: (_ field: Int, _ word: UnsafeBufferPointer<UInt32>) -> Void
    ) {
        var text = text
        text.withUTF8 { forEachWord(utf8: $0, body) }
    }

    /// ``forEachWord(in:_:)`` of valid UTF-8 bytes (the local index's stored search text).
    package static func forEachWord(
        utf8 bytes: UnsafeBufferPointer<UInt8>,
        _ body: (_ field: Int, _ word: UnsafeBufferPointer<UInt32>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { buffer in
            var count = 0
            var field = 0
            var apostrophe = false
            var index = 0
            while index < bytes.count {
                let value = decode(bytes, at: &index)
                if isWordScalar(value) {
                    // Words longer than the buffer are cut: no name has one.
                    if count < buffer.count {
                        buffer[count] = value
                        count += 1
                    }
                    apostrophe = false
                } else if count > 0, !apostrophe, isApostrophe(value) {
                    apostrophe = true
                } else {
                    if count > 0 { body(field, UnsafeBufferPointer(rebasing: buffer[0..<count])) }
                    count = 0
                    apostrophe = false
                    if value == 0x1F { field += 1 }
                }
            }
            if count > 0 { body(field, UnsafeBufferPointer(rebasing: buffer[0..<count])) }
        }
    }

    /// The scalar starting at `index` of valid UTF-8, moving `index` past it.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        if lead < 0x80 {
            index += 1
            return lead
        }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else {
            index = bytes.count
            return 0xFFFD
        }
        var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
        index += length
        return value
    }

    /// Letters and digits of any script.
    @inline(__always)
    package static func isWordScalar(_ value: UInt32) -> Bool {
        if value < 0x80 {
            return (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// `'`, `’` and `ʼ`.
    @inline(__always)
    private static func isApostrophe(_ value: UInt32) -> Bool {
        value == 0x27 || value == 0x2019 || value == 0x2BC
    }
}
