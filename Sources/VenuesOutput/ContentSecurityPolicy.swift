/// The Content-Security-Policy of the map pages: nothing runs or loads but the page's own
/// stylesheet and script (allowed by their SHA-256 hashes, never `'unsafe-inline'`) and, for
/// the map, OpenStreetMap's tiles. A name a provider returns can therefore never become a
/// script, even if escaping failed somewhere.
public enum ContentSecurityPolicy {
    /// The policy of the file `--format html` writes (in a `<meta http-equiv>` tag): no
    /// connections, no forms, images only from the tile server (none without tiles).
    public static func file(tiles: Bool) -> String {
        [
            "default-src 'none'",
            "script-src '\(MapPageScript.sha256)'",
            "style-src '\(MapPageStyle.sha256)'",
            "img-src \(tiles ? OSMTiles.host : "'none'")",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }

    /// The policy of the page `venues serve` serves at `/`: its script may call the server's
    /// own API (`connect-src 'self'`) and nothing else; images from the server, `data:` URLs
    /// and the tile server; no framing by other sites. Send it as the `Content-Security-Policy`
    /// header (the page repeats it in a `<meta>` tag, without `frame-ancestors`, which a
    /// `<meta>` cannot carry).
    public static let served = servedDirectives(framing: true).joined(separator: "; ")

    /// The served page's policy as its `<meta>` tag carries it.
    static let servedMeta = servedDirectives(framing: false).joined(separator: "; ")

    private static func servedDirectives(framing: Bool) -> [String] {
        [
            "default-src 'none'",
            "script-src '\(ServedMapPageScript.sha256)'",
            "style-src '\(MapPageStyle.sha256)'",
            "img-src 'self' data: \(OSMTiles.host)",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'self'",
        ] + (framing ? ["frame-ancestors 'none'"] : [])
    }
}
