/// The page `venues serve` answers at `GET /`: the map page of `--format html` with a search
/// form (term, near, radius, categories, providers; the term suggests venues as it is typed)
/// whose script calls the server's JSON API
/// with the bearer token the user pastes once (kept in the tab's `sessionStorage`), draws the
/// list and the SVG map from the answer, and offers a favourite toggle per row
/// (``ServedMapPageScript`` describes the calls).
///
/// The page is static — the same bytes for every request, holding no data and no token — so a
/// server can keep it in memory and answer it without authentication:
///
/// - body: ``html`` (`Content-Type: text/html; charset=utf-8`);
/// - header `Content-Security-Policy: ` ``contentSecurityPolicy`` — strict: `default-src
///   'none'`, the script and stylesheet allowed by their hashes, `connect-src 'self'` (the
///   API must be on the page's origin), images from the server, `data:` and
///   `tile.openstreetmap.org`, no framing;
/// - also recommended: `X-Content-Type-Options: nosniff`, `Referrer-Policy:
///   strict-origin-when-cross-origin` (the tile server's usage policy wants a referrer),
///   `Cache-Control: no-cache`.
public enum ServedMapPage {
    /// The whole page.
    public static let html: String = HTMLMapRenderer.page(
        title: "Venues",
        policy: ContentSecurityPolicy.servedMeta,
        body: body,
        script: ServedMapPageScript.source
    )

    /// The `Content-Security-Policy` header value to send with ``html``.
    public static let contentSecurityPolicy = ContentSecurityPolicy.served

    /// The `Content-Type` header value to send with ``html``.
    public static let contentType = "text/html; charset=utf-8"

    private static let body = """
        <header class="summary">
        <h1>Venues</h1>
        <form class="search-form" id="search-form">
        <label class="token">Token <input type="password" name="token" id="token" autocomplete="off" \
        placeholder="paste your token"></label>
        <button type="button" id="forget-token">Forget token</button>
        <div class="term-field"><label>Term <input type="search" name="term" id="term" \
        placeholder="empty: everything nearby" autocomplete="off" role="combobox" aria-autocomplete="list" \
        aria-controls="suggestions" aria-expanded="false"></label>
        <ul class="suggestions" id="suggestions" role="listbox" aria-label="Suggestions" hidden></ul></div>
        <label>Near <input name="near" id="near" placeholder="LAT,LON" inputmode="decimal"></label>
        <label>Radius (m) <input type="number" name="radius" id="radius" min="1" max="100000" value="1000"></label>
        <label>Categories <input name="categories" id="categories" placeholder="cafe,bar"></label>
        <label>Providers <input name="providers" id="providers" placeholder="fsq,google,osm"></label>
        <button type="submit" id="search">Search</button>
        </form>
        <p class="status" id="status" role="status" aria-live="polite">Paste your token once, give a centre, search.</p>
        <noscript><p class="status error">This page calls the venues API with JavaScript; \
        <code>venues nearby --format html</code> writes a page that needs none.</p></noscript>
        <p class="query-note" id="summary"></p>
        </header>
        <main class="layout">
        <figure class="map-figure">
        <svg class="map" id="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 640" width="640" height="640" \
        role="group" aria-labelledby="map-title"><title id="map-title">Map: no search yet</title>\
        <rect class="paper" width="640" height="640" fill="#f4f1ea"/></svg>
        <figcaption>Map tiles: <a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a> \
        (shown when online). Web Mercator; pins numbered as the list.</figcaption>
        </figure>
        <section class="listing" aria-label="Venues">
        <div id="listing"></div>
        <section class="providers" id="providers"></section>
        </section>
        </main>
        <footer class="attribution" id="attribution">Made by venues.</footer>

        """
}
