import VenuesCore

/// The page `venues serve` answers at `GET /`: the map page of `--format html` with a search
/// form (term, near — typed, from the browser's geolocation or a click on the map — radius,
/// order, categories and the providers the server offers, as boxes to tick; the term suggests
/// venues as it is typed) whose script calls the server's JSON API with the bearer token the
/// user pastes once (kept in the tab's `sessionStorage`), draws the list and the SVG map from the
/// answer (a map that zooms and pans), opens a venue's details from its row or pin, and lists
/// the user's favourites (``ServedMapPageScript`` describes the calls). On a narrow screen the
/// form folds away after a search and list and map are tabs.
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

    /// One checkbox per category the API takes (`category=`), folded under its summary.
    private static let categoryChoices = Category.allCases.map { category in
        let name = category.rawValue.replacingOccurrences(of: "_", with: " ")
        return
            "<label class=\"choice\"><input type=\"checkbox\" name=\"category\" value=\"\(category.rawValue)\"> \(name)</label>"
    }.joined(separator: "\n")

    private static let body = """
        <header class="summary">
        <h1>Venues</h1>
        <details class="search-panel" id="search-panel" open>
        <summary>Search</summary>
        <form class="search-form" id="search-form">
        <label class="token">Token <input type="password" name="token" id="token" autocomplete="off" \
        placeholder="paste your token"></label>
        <button type="button" id="forget-token">Forget token</button>
        <div class="term-field"><label>Term <input type="search" name="term" id="term" \
        placeholder="empty: everything nearby" autocomplete="off" role="combobox" aria-autocomplete="list" \
        aria-controls="suggestions" aria-expanded="false"></label>
        <ul class="suggestions" id="suggestions" role="listbox" aria-label="Suggestions" hidden></ul></div>
        <div class="near-field"><label>Near <input name="near" id="near" placeholder="LAT,LON, or click the map" \
        inputmode="decimal"></label>
        <button type="button" id="near-me">Near me</button></div>
        <label>Radius (m) <input type="number" name="radius" id="radius" min="1" max="100000" value="1000"></label>
        <label>Order <select name="sort" id="sort">
        <option value="">usual: best match, or nearest</option>
        <option value="distance">nearest first</option>
        <option value="name">by name</option>
        <option value="rating">best rated first</option>
        <option value="relevance">best match first</option>
        </select></label>
        <label class="open-now"><input type="checkbox" name="openNow" id="open-now"> Open now</label>
        <details class="choices"><summary>Categories: <span id="category-summary">any</span></summary>
        <fieldset><legend>Categories (none ticked: any)</legend>
        \(categoryChoices)
        </fieldset></details>
        <fieldset class="choices providers-choice"><legend>Providers</legend>\
        <span id="provider-list">asking the server…</span></fieldset>
        <button type="submit" id="search">Search</button>
        </form>
        </details>
        <p class="status" id="status" role="status" aria-live="polite">Paste your token once, give a centre, search.</p>
        <noscript><p class="status error">This page calls the venues API with JavaScript; \
        <code>venues nearby --format html</code> writes a page that needs none.</p></noscript>
        <p class="query-note" id="summary"></p>
        <p class="more-line"><button type="button" id="more" hidden>Show 50 more</button></p>
        <nav class="modes" aria-label="What to show">
        <button type="button" id="show-results" aria-pressed="true">Search results</button>
        <button type="button" id="show-favorites" aria-pressed="false">Favourites</button>
        <span class="view-tabs"><button type="button" id="tab-list" aria-pressed="true">List</button>
        <button type="button" id="tab-map" aria-pressed="false">Map</button></span>
        </nav>
        </header>
        <main class="layout" data-view="list">
        <figure class="map-figure">
        <svg class="map movable" id="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 640" width="640" \
        height="640" role="group" aria-labelledby="map-title"><title id="map-title">Map: no search yet</title>\
        <rect class="paper" width="640" height="640" fill="#f4f1ea"/></svg>
        <div class="map-controls">
        <button type="button" id="zoom-in" aria-label="Zoom in">+</button>
        <button type="button" id="zoom-out" aria-label="Zoom out">−</button>
        <button type="button" id="zoom-fit">Fit</button>
        </div>
        <figcaption>Map tiles: <a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a> \
        (shown when online). Web Mercator; pins numbered as the list. Wheel or pinch to zoom, drag to move, \
        click the map to search there.</figcaption>
        </figure>
        <section class="details-panel" id="details" aria-labelledby="details-name" hidden>
        <div class="details-head"><h2 id="details-name">Details</h2>\
        <button type="button" id="details-close">Close</button></div>
        <div id="details-body"></div>
        <div class="details-actions">
        <button type="button" id="details-favorite" aria-pressed="false">☆ Favourite</button>
        <label class="note-field">Note <textarea id="details-note" name="note" rows="2" maxlength="1000"></textarea></label>
        <button type="button" id="details-save-note">Save note</button>
        </div>
        </section>
        <section class="listing" aria-label="Venues">
        <div id="listing"></div>
        <section class="providers" id="provider-summary" aria-label="Providers"></section>
        </section>
        </main>
        <footer class="attribution" id="attribution">Made by venues.</footer>

        """
}
