import Foundation
import VenuesCore
import VenuesHTTP

/// Decides what an Overpass HTTP answer means before any XML is parsed (PROVIDERS.md §3.4).
///
/// | answer | result |
/// | --- | --- |
/// | 200, OSM XML, no `runtime error` remark | the body, plus any other remarks as notes |
/// | 200 with `<remark> runtime error: … </remark>` | ``ProviderError/server(status:message:)`` (never an empty list) |
/// | 200 with an HTML page or anything not OSM XML | ``ProviderError/server(status:message:)`` quoting the page |
/// | 400 | ``ProviderError/badRequest(_:)`` with the page's `Error:` lines |
/// | 406 | ``ProviderError/badRequest(_:)`` explaining the User-Agent rule |
/// | 429 | ``ProviderError/rateLimited(retryAfter:)`` (`Retry-After`, else the operator's 30 s) |
/// | 504 and other 5xx | ``ProviderError/server(status:message:)`` (504: server busy) |
/// | anything else | ``ProviderError/server(status:message:)`` or ``ProviderError/invalidResponse(_:)`` |
enum OverpassResponseClassifier {
    /// The operator asks clients to wait at least this long after a 429.
    static let minimumWaitAfterRateLimit = 30.0

    /// The body to parse and the informational remarks, or the error the answer stands for.
    static func classify(_ response: HTTPResponse) throws(ProviderError) -> (body: Data, notes: [String]) {
        switch response.status {
        case 200:
            break
        case 400:
            let messages = errorMessages(errorText(response.body))
            throw .badRequest(
                messages.isEmpty
                    ? "Overpass rejected the query: \(excerpt(errorText(response.body)))"
                    : messages.joined(separator: "; ")
            )
        case 406:
            throw .badRequest(
                "HTTP 406 Not Acceptable: the Overpass server refuses clients that do not send an identifying User-Agent (venues/VERSION is sent by default; a proxy or a custom HTTP client may have dropped or replaced it)"
            )
        case 429:
            let wait = max(response.retryAfter() ?? minimumWaitAfterRateLimit, minimumWaitAfterRateLimit)
            throw .rateLimited(retryAfter: wait)
        case 504:
            let detail = errorMessages(errorText(response.body)).first
            throw .server(
                status: 504,
                message: "the Overpass server is too busy to run the query now; try again later"
                    + (detail.map { " (\($0))" } ?? "")
            )
        default:
            let messages = errorMessages(errorText(response.body))
            throw .server(
                status: response.status,
                message: messages.isEmpty ? excerpt(errorText(response.body)) : messages.joined(separator: "; ")
            )
        }
        let body = response.body
        guard isOSMDocument(body) else {
            let text = errorText(response.body)
            let messages = errorMessages(text)
            let contentType = response.headers["Content-Type"] ?? "no content type"
            throw .server(
                status: 200,
                message: messages.isEmpty
                    ? "the answer is not OSM XML (\(contentType)): \(excerpt(text))" : messages.joined(separator: "; ")
            )
        }
        var notes: [String] = []
        for remark in remarks(body) {
            if remark.hasPrefix("runtime error") {
                throw .server(status: 200, message: remark)
            }
            notes.append("Overpass remark: \(remark)")
        }
        return (body, notes)
    }

    /// At most this many leading bytes of an answer that is not OSM XML are searched for the
    /// server's message: error pages are small, and the regular expressions over a huge body
    /// (a misconfigured endpoint streaming tens of megabytes) would cost tens of seconds and
    /// several copies of it in memory.
    static let errorTextLimit = 64 * 1024

    /// The first ``errorTextLimit`` bytes of a body as text, for messages and excerpts.
    static func errorText(_ body: Data) -> String {
        String(decoding: body.prefix(errorTextLimit), as: UTF8.self)
    }

    /// Whether the first element of the document (after the XML declaration, comments and a
    /// doctype) is `<osm`. Only the first ``errorTextLimit`` bytes are looked at: a body that
    /// does not reach its root element by then (say, megabytes of whitespace) is not OSM XML.
    static func isOSMDocument(_ whole: Data) -> Bool {
        let body = whole.prefix(errorTextLimit)
        var index = body.startIndex
        func skipSpace() {
            while index < body.endIndex, [0x20, 0x0A, 0x0D, 0x09].contains(body[index]) { index += 1 }
        }
        // A UTF-8 byte order mark.
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while true {
            skipSpace()
            guard index < body.endIndex, body[index] == UInt8(ascii: "<") else { return false }
            let next = body.index(after: index)
            guard next < body.endIndex else { return false }
            if body[next] == UInt8(ascii: "?") || body[next] == UInt8(ascii: "!") {
                guard let close = body[index...].firstIndex(of: UInt8(ascii: ">")) else { return false }
                index = body.index(after: close)
                continue
            }
            let name = body[next...].prefix(4)
            return name.starts(with: Array("osm".utf8)) && name.count == 4
                && [0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(name.last!)
        }
    }

    /// The texts of `<remark>…</remark>`, found in the raw bytes: Overpass writes remark text
    /// unescaped, so it may not survive an XML parser.
    static func remarks(_ body: Data) -> [String] {
        let open = Data("<remark>".utf8)
        let close = Data("</remark>".utf8)
        var result: [String] = []
        var searchStart = body.startIndex
        while let start = body.range(of: open, in: searchStart..<body.endIndex) {
            guard let end = body.range(of: close, in: start.upperBound..<body.endIndex) else { break }
            let text = String(decoding: body[start.upperBound..<end.lowerBound], as: UTF8.self)
            result.append(collapse(text))
            searchStart = end.upperBound
        }
        return result
    }

    /// The messages of the `<p><strong …>Error</strong>: MESSAGE</p>` paragraphs of the
    /// server's XHTML error page.
    static func errorMessages(_ html: String) -> [String] {
        let pattern = #/<p>\s*<strong[^>]*>\s*Error\s*</strong>\s*:?(?<message>(?s:.*?))</p>/#.ignoresCase()
        return html.matches(of: pattern).map { collapse(stripTags(String($0.output.message))) }
            .filter { !$0.isEmpty }
    }

    /// The page's text without markup, shortened, for answers that are neither OSM nor the
    /// server's usual error page.
    static func excerpt(_ text: String, limit: Int = 300) -> String {
        var plain = text
        if let body = plain.firstRange(of: #/<body[^>]*>/#.ignoresCase()) { plain = String(plain[body.upperBound...]) }
        plain = collapse(stripTags(plain))
        if plain.isEmpty { return "empty body" }
        return plain.count > limit ? String(plain.prefix(limit)) + "…" : plain
    }

    private static func stripTags(_ text: String) -> String {
        text.replacing(#/<[^>]*>/#, with: " ")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func collapse(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
