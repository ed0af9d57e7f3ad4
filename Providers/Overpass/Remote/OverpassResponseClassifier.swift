import Foundation
import VenuesCore
import VenuesHTTP

/// Decides what an Overpass HTTP answer means before any XML is parsed (PROVIDERS.md §3.4).
///
/// | answer | result |
/// | --- | --- |
/// | 200, OSM XML, no `runtime error` remark | the body, plus any other remarks as notes |
/// | 200 with `<remark> runtime error: … </remark>` | ``ProviderError/server(status:message:)`` (never an empty list) |
/// | 200 with Overpass's own XHTML error page | ``ProviderError/server(status:message:)`` with the page's `Error:` lines |
/// | 200 with another HTML page (a captive portal, a proxy's login page) or anything else not OSM XML | ``ProviderError/invalidResponse(_:)`` quoting the page's title (else its text) |
/// | 400 | ``ProviderError/badRequest(_:)`` with the page's `Error:` lines |
/// | 401, 403, 407 (an authenticating proxy in front of the server) | ``ProviderError/unauthorized(_:)`` saying what to check |
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
        case 401, 403, 407:
            throw .unauthorized(refusedCredentials(status: response.status))
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
            throw notOSM(errorText(response.body), contentType: response.headers["Content-Type"])
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

    /// The server (or a proxy in front of it) refused the credentials sent, or asked for some.
    /// OpenStreetMap has no key, so the message points at what a user can fix: the proxy's
    /// credentials and the endpoint setting.
    static func refusedCredentials(status: Int) -> String {
        let answer =
            switch status {
            case 401: "HTTP 401 Unauthorized"
            case 403: "HTTP 403 Forbidden"
            default: "HTTP 407 Proxy Authentication Required"
            }
        return
            "the Overpass endpoint refused the credentials sent (\(answer)); OpenStreetMap needs no key, so this comes from a proxy or a private server in front of it: check the proxy's user name and password (in the endpoint URL or the proxy settings) and that VENUES_OVERPASS_URL / overpass.url names the right server"
    }

    /// The error for a `200` answer that is not OSM XML: Overpass's own XHTML error page
    /// (its `Error:` paragraphs, or its `OSM3S Response` title) is the server's failure; any
    /// other page — a captive portal, a proxy's login page, a JSON answer — came from
    /// something that is not an Overpass server, so the answer cannot be understood.
    static func notOSM(_ text: String, contentType: String?) -> ProviderError {
        let messages = errorMessages(text)
        let title = pageTitle(text)
        if !messages.isEmpty || title == overpassPageTitle {
            return .server(status: 200, message: messages.isEmpty ? excerpt(text) : messages.joined(separator: "; "))
        }
        if let title, !title.isEmpty {
            return .invalidResponse(
                "the endpoint answered with a web page titled \"\(title)\", not OSM XML: a captive portal or a proxy's login page? Check the network and VENUES_OVERPASS_URL / overpass.url"
            )
        }
        return .invalidResponse("the answer is not OSM XML (\(contentType ?? "no content type")): \(excerpt(text))")
    }

    /// The `<title>` of Overpass's own XHTML pages (`web_output.cc`).
    static let overpassPageTitle = "OSM3S Response"

    /// At most this many characters of a page title are quoted.
    static let titleLimit = 80

    /// The text of an HTML page's `<title>`, without markup or control characters, white space
    /// collapsed, at most ``titleLimit`` characters; `nil` when there is none.
    static func pageTitle(_ html: String) -> String? {
        let pattern = #/<title[^>]*>(?<title>(?s:.*?))</title\s*>/#.ignoresCase()
        guard let match = html.firstMatch(of: pattern) else { return nil }
        // Control characters (line breaks, escapes) become spaces, invisible format characters
        // (bidirectional overrides) go; then white space collapses.
        var printable = String.UnicodeScalarView()
        for scalar in stripTags(String(match.output.title)).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control: printable.append(" ")
            case .format: continue
            default: printable.append(scalar)
            }
        }
        let title = collapse(String(printable))
        return title.count > titleLimit ? String(title.prefix(titleLimit)) + "…" : title
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
