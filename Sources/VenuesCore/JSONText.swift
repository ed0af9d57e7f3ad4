/// JSON written piece by piece, with `JSONEncoder`'s spelling of numbers and strings (the
/// server's suggestions, `venues hours`'s lines).
package struct JSONText {
    package private(set) var value = ""

    package init() {
        value.reserveCapacity(2048)
    }

    package mutating func append(_ raw: String) {
        value += raw
    }

    /// A number as `JSONEncoder` writes it: the shortest form that reads back the same, without
    /// a trailing `.0`. Not for infinities or NaN, which JSON cannot hold.
    package mutating func append(_ number: Double) {
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        value += text
    }

    /// A string in quotes: `"` and `\` escaped, control characters as `\b`, `\t`, `\n`, `\f`,
    /// `\r` or `\u00XX`; everything else, `/` included, as it is.
    package mutating func append(string: String) {
        value += "\""
        var plainStart = string.utf8.startIndex
        for index in string.utf8.indices {
            let byte = string.utf8[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            value += string[plainStart..<index]
            switch byte {
            case 0x22: value += "\\\""
            case 0x5C: value += "\\\\"
            case 0x08: value += "\\b"
            case 0x09: value += "\\t"
            case 0x0A: value += "\\n"
            case 0x0C: value += "\\f"
            case 0x0D: value += "\\r"
            default:
                let hex = String(byte, radix: 16)
                value += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
            }
            plainStart = string.utf8.index(after: index)
        }
        value += string[plainStart...]
        value += "\""
    }
}
