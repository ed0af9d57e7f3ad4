import Foundation
import VenuesServerStore

/// A list of strings in one SQLite `TEXT` column, as a JSON array (`["cafe","bar"]`): readable
/// with `sqlite3` and its `json_each`.
enum SQLiteTextList {
    /// The JSON array of `items`.
    static func encode(_ items: [String]) -> String {
        guard let data = try? JSONEncoder().encode(items) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The strings of a JSON array; an empty list for NULL.
    ///
    /// Read by a small parser of its own (arrays of strings, every JSON escape): a listing reads
    /// a client's favourites on every request, two lists each, and `JSONDecoder` was most of
    /// that read's time. Anything it does not take is handed to `JSONDecoder`, whose verdict
    /// stands.
    ///
    /// - Throws: ``VenuesServerStore/ServerStoreError/failed(_:)`` when the text is not an array
    ///   of strings.
    static func decode(_ text: String?) throws(ServerStoreError) -> [String] {
        guard let text else { return [] }
        if let items = StringArrayParser.parse(text) { return items }
        do {
            return try JSONDecoder().decode([String].self, from: Data(text.utf8))
        } catch {
            throw .failed("a stored list is not a JSON array of strings: \(text.prefix(80))")
        }
    }
}

/// Parses a JSON array of strings (`["a","b\/c"]`, white space allowed between tokens); `nil`
/// for anything else, including text it is unsure of (the caller then asks `JSONDecoder`).
enum StringArrayParser {
    static func parse(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var index = 0
            func skipSpace() {
                while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            }
            func expect(_ byte: UInt8) -> Bool {
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
                return true
            }
            skipSpace()
            guard expect(UInt8(ascii: "[")) else { return nil }
            var items: [String] = []
            skipSpace()
            if expect(UInt8(ascii: "]")) {
                skipSpace()
                return index == bytes.count ? items : nil
            }
            while true {
                skipSpace()
                guard expect(UInt8(ascii: "\"")), let item = string(bytes, &index) else { return nil }
                items.append(item)
                skipSpace()
                if expect(UInt8(ascii: ",")) { continue }
                guard expect(UInt8(ascii: "]")) else { return nil }
                skipSpace()
                return index == bytes.count ? items : nil
            }
        }
    }

    /// The string whose opening quote is just before `index`, unescaped; `index` ends after its
    /// closing quote.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> String? {
        var output: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape(bytes, &index) else { return nil }
                    output.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: return nil
                }
            case 0x00..<0x20:
                return nil  // a raw control character: not JSON
            default:
                output.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `XXXX` (and of a following `\uXXXX` low surrogate after a high one).
    private static func unicodeEscape(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Unicode.Scalar? {
        guard let first = hex4(bytes, &index) else { return nil }
        if (0xD800..<0xDC00).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let second = hex4(bytes, &index), (0xDC00..<0xE000).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        }
        return Unicode.Scalar(first)
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }
}
