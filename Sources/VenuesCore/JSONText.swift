/// JSON written piece by piece, with `JSONEncoder`'s spelling of numbers and strings (the
/// server's suggestions, `venues hours`'s lines). Kept as UTF-8 bytes until ``value`` is read.
package struct JSONText {
    private var bytes: [UInt8] = []

    package init() {
        bytes.reserveCapacity(2048)
    }

    /// The JSON written so far.
    package var value: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func append(_ raw: String) {
        // A literal's bytes are contiguous: copied at once, not byte by byte.
        if raw.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: raw.utf8)
        }
    }

    /// A number as `JSONEncoder` writes it: the shortest form that reads back the same, without
    /// a trailing `.0`. Not for infinities or NaN, which JSON cannot hold.
    package mutating func append(_ number: Double) {
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    /// The wall-clock time `wallClock` seconds after 1970-01-01T00:00 in a zone `offset`
    /// seconds east of UTC, in quotes as ISO 8601 with its offset (``UTCTimestamp``); nothing is
    /// written and the result is `false` outside years 1–9999.
    package mutating func append(wallClock: Int64, offset: Int) -> Bool {
        let start = bytes.count
        bytes.append(UInt8(ascii: "\""))
        guard UTCTimestamp.append(wallClock: wallClock, offset: offset, to: &bytes) else {
            bytes.removeSubrange(start...)
            return false
        }
        bytes.append(UInt8(ascii: "\""))
        return true
    }

    /// A string in quotes: `"` and `\` escaped, control characters as `\b`, `\t`, `\n`, `\f`,
    /// `\r` or `\u00XX`; everything else, `/` included, as it is.
    package mutating func append(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        // The runs between the bytes to escape are copied whole (most strings have none).
        string.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscaped(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `byte` (a quote, a backslash or a control character) escaped.
    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x08: append("\\b")
        case 0x09: append("\\t")
        case 0x0A: append("\\n")
        case 0x0C: append("\\f")
        case 0x0D: append("\\r")
        default:
            let hex = String(byte, radix: 16)
            append("\\u00" + (hex.count == 1 ? "0" + hex : hex))
        }
    }
}
