public import Foundation
public import VenuesHTTP

/// Foursquare's pagination: the next page's URL is in a `Link: <…>; rel="next"` header
/// (RFC 8288), with a `cursor` query parameter. Pure, no I/O.
public enum FoursquarePaging {
    /// The `rel="next"` target among every `Link` header (names matched case-insensitively;
    /// several headers, or several links in one comma-separated header), resolved against
    /// the URL of the page that carried it.
    public static func nextLink(in headers: HTTPHeaders, relativeTo base: URL) -> URL? {
        for value in headers.values(for: "Link") {
            for link in splitLinks(value) {
                guard let target = target(of: link), relations(of: link).contains("next") else { continue }
                if let url = URL(string: target, relativeTo: base)?.absoluteURL { return url }
            }
        }
        return nil
    }

    /// Whether a next-page URL may be requested with our headers: same scheme, host and port
    /// as the configured base URL. Anything else would hand the key to another server.
    public static func isOnConfiguredHost(_ url: URL, configuration: FoursquareProvider.Configuration) -> Bool {
        let base = configuration.baseURL
        guard let scheme = url.scheme?.lowercased(), scheme == base.scheme?.lowercased(),
            let host = url.host?.lowercased(), host == base.host?.lowercased(),
            url.user == nil, url.password == nil
        else { return false }
        return effectivePort(url) == effectivePort(base)
    }

    /// The `cursor` query parameter, if any.
    public static func cursor(of url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems?.first { $0.name == "cursor" }?.value
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "https": return 443
        case "http": return 80
        default: return nil
        }
    }

    /// Splits one header value at the commas between links (not inside `<…>` or quotes).
    static func splitLinks(_ value: String) -> [Substring] {
        var links: [Substring] = []
        var start = value.startIndex
        var inAngle = false
        var inQuote = false
        var index = value.startIndex
        while index < value.endIndex {
            switch value[index] {
            case "<" where !inQuote: inAngle = true
            case ">" where !inQuote: inAngle = false
            case "\"" where !inAngle: inQuote.toggle()
            case "," where !inAngle && !inQuote:
                links.append(value[start..<index])
                start = value.index(after: index)
            default: break
            }
            index = value.index(after: index)
        }
        links.append(value[start...])
        return links
    }

    /// The URI between `<` and `>`.
    private static func target(of link: Substring) -> String? {
        guard let open = link.firstIndex(of: "<"), let close = link[open...].firstIndex(of: ">") else { return nil }
        let target = link[link.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        return target.isEmpty ? nil : target
    }

    /// The lower-cased relation types of a link (`rel=next`, `rel="next"`, `rel="prev next"`).
    private static func relations(of link: Substring) -> Set<String> {
        guard let close = link.firstIndex(of: ">") else { return [] }
        var relations = Set<String>()
        for parameter in link[link.index(after: close)...].split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                continue
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"")
            )
            for relation in value.split(separator: " ") { relations.insert(relation.lowercased()) }
        }
        return relations
    }
}
