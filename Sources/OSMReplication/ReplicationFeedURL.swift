import Foundation
import VenuesHTTP

/// The checks on a feed's URL, made before any request: the folder that holds `state.txt`,
/// over `https`, or plain `http` to this machine only.
enum ReplicationFeedURL {
    /// The folder URL without a trailing `/` (and without a trailing `/state.txt`, which names
    /// the same feed), or the reason it cannot be a feed.
    ///
    /// Refused: schemes other than `http` and `https` (`file://` too: the HTTP client reads
    /// neither files nor other schemes), a URL without a host, a query or a fragment (the
    /// files' paths are appended to the URL), and plain `http` to a host that is not loopback
    /// (`127.0.0.0/8`, `::1`, `localhost`).
    static func checked(_ url: URL) throws(ReplicationError) -> URL {
        let shown = Redaction.redact(url: url)
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw .invalidURL(url: shown, reason: "it cannot be read as a URL")
        }
        switch components.scheme?.lowercased() {
        case "https":
            break
        case "http":
            guard KeyTransport.isLoopback(host: components.host) else { throw .insecureURL(url: shown) }
        case "file":
            throw .invalidURL(
                url: shown,
                reason: "file:// is not read: serve the folder over https, or http on 127.0.0.1"
            )
        default:
            throw .invalidURL(url: shown, reason: "only https (or http to a loopback address) is read")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL(url: shown, reason: "it has no host")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidURL(url: shown, reason: "a feed URL has no query or fragment (?… or #…)")
        }
        var trimmed = components
        var path = trimmed.percentEncodedPath
        if path.hasSuffix("/state.txt") { path.removeLast("state.txt".count) }
        while path.hasSuffix("/") { path.removeLast() }
        trimmed.percentEncodedPath = path
        guard let result = trimmed.url else {
            throw .invalidURL(url: shown, reason: "it cannot be read as a URL")
        }
        return result
    }
}
