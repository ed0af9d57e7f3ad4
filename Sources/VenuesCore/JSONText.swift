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
        bytes.append(contentsOf: raw.utf8)
    }

    /// A number as `JSONEncoder` writes it: the shortest form that reads back the same, without
    /// a trailing `.0`. Not for infinities or NaN, which JSON cannot hold.
    package mutating func append(_ number: Double) {
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    /// A string in quotes: `"` and `\` escaped, control characters as `\b`, `\t`, `\n`, `\f`,
    /// `\r` or `\u00XX`; everything else, `/` included, as it is.
    package mutating func append(string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
                bytes.append(byte)
                continue
            }
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
        bytes.append(UInt8(ascii: "\""))
    }
}
