/// The keys and values of a Java properties file, read as `java.util.Properties.load` reads
/// one: Osmosis writes replication state files with it.
///
/// - Lines end with `\n`, `\r` or `\r\n`; leading blanks (space, tab, form feed) are skipped.
/// - A line whose first character is `#` or `!` is a comment; blank lines are skipped.
/// - A line ending in an odd number of backslashes goes on in the next line (whose leading
///   blanks are skipped).
/// - The key ends at the first unescaped `=`, `:` or blank; blanks around one `=` or `:` are
///   skipped; the rest of the line is the value.
/// - In keys and values, `\t`, `\n`, `\r`, `\f` and `\uXXXX` are escapes, and a backslash before
///   any other character stands for that character (`\:` is `:`, `\=` is `=`, `\\` is `\`).
/// - A key given twice keeps its last value.
///
/// The bytes are read as UTF-8 (Java reads ISO 8859-1; state files are ASCII).
package struct JavaProperties: Sendable, Hashable {
    /// One key and its value, with the number of the line it starts on (from 1).
    package struct Entry: Sendable, Hashable {
        package var key: String
        package var value: String
        package var line: Int
    }

    /// A line that cannot be read: a malformed `\uXXXX` escape.
    package struct Failure: Error, Sendable, Hashable {
        package var line: Int
        package var reason: String
    }

    /// The entries in file order, repeated keys included.
    package var entries: [Entry]

    /// The last entry with this key.
    package subscript(key: String) -> Entry? {
        entries.last { $0.key == key }
    }

    /// Reads the text of a properties file.
    package init(parsing text: String) throws(Failure) {
        entries = []
        let lines = Self.physicalLines(text)
        var index = 0
        while index < lines.count {
            let number = index + 1
            var logical = Self.droppingLeadingBlanks(lines[index])
            index += 1
            guard let first = logical.first, first != "#", first != "!" else { continue }
            while Self.endsInContinuation(logical) {
                logical.removeLast()
                guard index < lines.count else { break }
                logical += Self.droppingLeadingBlanks(lines[index])
                index += 1
            }
            entries.append(try Self.entry(logical, line: number))
        }
    }

    /// The lines of the text, split at `\r\n`, `\r` or `\n`.
    private static func physicalLines(_ text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(current)
                current = []
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{0C}"
    }

    private static func droppingLeadingBlanks(_ line: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(line.drop(while: isBlank))
    }

    /// Whether the line ends in an odd number of backslashes.
    private static func endsInContinuation(_ line: [Unicode.Scalar]) -> Bool {
        line.reversed().prefix { $0 == "\\" }.count % 2 == 1
    }

    /// Splits a logical line into its key and value and undoes their escapes.
    private static func entry(_ line: [Unicode.Scalar], line number: Int) throws(Failure) -> Entry {
        var keyEnd = 0
        var valueStart = line.count
        var hasSeparator = false
        var escaped = false
        while keyEnd < line.count {
            let scalar = line[keyEnd]
            if !escaped, scalar == "=" || scalar == ":" {
                valueStart = keyEnd + 1
                hasSeparator = true
                break
            }
            if !escaped, isBlank(scalar) {
                valueStart = keyEnd + 1
                break
            }
            escaped = scalar == "\\" ? !escaped : false
            keyEnd += 1
        }
        while valueStart < line.count {
            let scalar = line[valueStart]
            if !isBlank(scalar) {
                guard !hasSeparator, scalar == "=" || scalar == ":" else { break }
                hasSeparator = true
            }
            valueStart += 1
        }
        return Entry(
            key: try unescaped(line[0..<keyEnd], line: number),
            value: try unescaped(line[valueStart...], line: number),
            line: number
        )
    }

    /// The text with its escapes undone; `\uXXXX` pairs of UTF-16 surrogates make one character.
    private static func unescaped(_ scalars: ArraySlice<Unicode.Scalar>, line: Int) throws(Failure) -> String {
        var units: [UInt16] = []
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\", index < scalars.endIndex else {
                units.append(contentsOf: String(scalar).utf16)
                continue
            }
            let escape = scalars[index]
            index += 1
            switch escape {
            case "t": units.append(0x09)
            case "n": units.append(0x0A)
            case "r": units.append(0x0D)
            case "f": units.append(0x0C)
            case "u":
                let digits = scalars[index..<min(index + 4, scalars.endIndex)]
                guard digits.count == 4, digits.allSatisfy(\.properties.isASCIIHexDigit),
                    let unit = UInt16(String(String.UnicodeScalarView(digits)), radix: 16)
                else {
                    throw Failure(line: line, reason: "malformed \\uXXXX escape (four hexadecimal digits expected)")
                }
                units.append(unit)
                index += 4
            default:
                units.append(contentsOf: String(escape).utf16)
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
