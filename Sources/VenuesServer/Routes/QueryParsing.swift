import Foundation
import Hummingbird
import VenuesEngine

/// A URL's query as name → values, decoded (`+` is a space, `%XX` escapes undone), with the
/// checks every route needs: only known names, single-valued ones given once.
struct URLQuery {
    private(set) var values: [String: [String]] = [:]

    /// Parses `request`'s query; a malformed escape or an unknown name is a 400.
    init(_ request: Request, allowed: Set<String>) throws {
        guard let query = request.uri.query, !query.isEmpty else { return }
        // Split on the bytes: `&` and `=` are ASCII, and splitting by characters costs a
        // grapheme check of every character of every request's query.
        for pairBytes in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let pair = Substring(pairBytes)
            let parts = pairBytes.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                .map(Substring.init)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else {
                throw APIError.badRequest("the query has a malformed %-escape in '\(String(pair).prefix(60))'")
            }
            guard allowed.contains(name) else {
                throw APIError.badRequest(
                    "unknown parameter '\(name.prefix(60))': expected \(allowed.sorted().joined(separator: ", "))"
                )
            }
            values[name, default: []].append(value)
        }
    }

    /// The one value of `name`, if given; given twice is a 400.
    func single(_ name: String) throws -> String? {
        guard let given = values[name] else { return nil }
        guard given.count == 1 else { throw APIError.badRequest("\(name) is given \(given.count) times: give it once") }
        return given[0]
    }

    /// Every value of `name`, each split at commas (`category=cafe,bar&category=pub`).
    func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Every value of `name` as given.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// A whole number, or a 400 saying what is expected.
    func integer(_ parameter: QueryParameter, expected: String) throws -> Int? {
        guard let text = try single(parameter.rawValue) else { return nil }
        // Trimmed only when it is not a number as it is (nearly every request's is).
        guard let value = Int(text) ?? Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw APIError.badRequest(
                QueryParameterError(parameter, .notANumber(String(text.prefix(60)), expected: expected)).description
            )
        }
        return value
    }

    /// A decimal number, or a 400 saying what is expected.
    func number(_ parameter: QueryParameter, expected: String) throws -> Double? {
        guard let text = try single(parameter.rawValue) else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw APIError.badRequest(
                QueryParameterError(parameter, .notANumber(String(text.prefix(60)), expected: expected)).description
            )
        }
        return value
    }

    /// `true` or `false` exactly, as OpenAPI writes a boolean in a query (the newer parameters,
    /// `openNow` and `includeUnknown`: no empty value, no `1` or `yes`); absent is false.
    func strictFlag(_ name: String) throws -> Bool {
        guard let text = try single(name) else { return false }
        switch text {
        case "true": return true
        case "false": return false
        default: throw APIError.badRequest("\(name) '\(text.prefix(60))' is not true or false")
        }
    }

    /// `true`/`false` (also `1`/`0`), or a 400.
    func flag(_ name: String) throws -> Bool {
        guard let text = try single(name) else { return false }
        switch text.lowercased() {
        case "", "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw APIError.badRequest("\(name) '\(text.prefix(60))' is not true or false")
        }
    }

    /// `+` as a space and `%XX` escapes undone; `nil` for a malformed escape or bytes that are
    /// not UTF-8.
    static func decode(_ text: Substring) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let high = utf8.index(after: index)
                guard high < utf8.endIndex else { return nil }
                let low = utf8.index(after: high)
                guard low < utf8.endIndex, let h = hexValue(utf8[high]), let l = hexValue(utf8[low]) else { return nil }
                bytes.append(h << 4 | l)
                index = low
            default:
                bytes.append(byte)
            }
            index = utf8.index(after: index)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A path segment (or the rest of the path) with `%XX` escapes undone.
enum PathText {
    static func decoded(_ segments: [Substring]) -> String? {
        let joined = segments.joined(separator: "/")
        // In a path `+` is itself, so it is escaped before the shared decoding turns it into a space.
        return URLQuery.decode(joined.replacingOccurrences(of: "+", with: "%2B")[...])
    }
}
