/// The script of the page `venues serve` serves at `/` (``ServedMapPage``): the highlight of
/// ``MapPageScript``, then a search form that calls the server's JSON API and draws the answer
/// as the file `--format html` shows it — the numbered list and the SVG map in Web Mercator,
/// with the same formulas as ``WebMercator``, ``MapViewport``, ``ScaleBar`` and ``OSMTiles`` —
/// and a favourite toggle per row; a map that zooms and pans, the details of a venue, the
/// user's favourites, and errors in a person's words.
///
/// - The bearer token is pasted once and kept in `sessionStorage` (`venues.token`): gone when
///   the tab closes, never put in a URL.
/// - `GET /v1/nearby` (no term) or `GET /v1/search` with `near`, `radius`, `term`, one
///   `category` per category and `providers` (comma-separated); the form's values are also
///   kept in the page's address (without the token) so that a reload repeats the search.
/// - While the term is typed (150 ms after the last key), `GET /v1/suggest` with `q`, `near`,
///   `radius` and `limit=8`: the venues are offered under the field (a WAI-ARIA combobox:
///   arrows move, Enter or a click opens the choice, Escape closes); an answer to an older
///   keystroke is dropped. Opening a suggestion searches for its name and marks its row.
/// - `GET /readyz` once: its `providers` are the choice the form offers (only what the server
///   can ask).
/// - The listing is asked for `limit` venues (50, then 50 more with "Show more") in the order the
///   form names (`sort`; the server's own when none); the summary says "first 50 of 212 venues
///   found" when the server cut the list (`query.found`), "first 50 … (there may be more)" when
///   the list is as long as asked, and the order.
/// - Clicking a row or a pin (or Enter on either) opens the venue's details: what the listing
///   has, then `GET /v1/venues/{id}` for the opening hours and the note; links to each source's
///   page (OpenStreetMap, Google Maps, Foursquare); a favourite toggle and a note.
/// - `PUT /v1/favorites/{id}` (body `{}`, or `{"note": …}`) and `DELETE /v1/favorites/{id}`, the
///   id percent-encoded as one path segment (`osm%3Anode%2F42`); `GET /v1/favorites` for the
///   favourites view (list and map, each removable).
/// - The map moves: the wheel, a pinch or the + and − buttons zoom, a drag pans (the drawing
///   moves with an SVG transform, and is drawn again for the new view when the gesture ends);
///   a click on the map searches there; "Near me" asks the browser's geolocation. Pins that
///   would cover each other are spread around their place, with a line to it.
/// - Errors are said in a person's words (``ServedMapPageScript`` never shows a status code or
///   a server's configuration); a failed search clears the old results.
/// - Every text from the server is set with `textContent` or `setAttribute`, never parsed as
///   markup; the page's Content-Security-Policy allows this script by its hash only.
///
/// ``sha256`` must change with the script (a test computes it and says the new value).
public enum ServedMapPageScript {
    /// The script, as it goes between `<script>` and `</script>`.
    public static let source =
        MapPageScript.source + "\n(function () {\n" + core + mapDrawing + mapMotion + venues + details + form
        + "})();\n"

    /// `sha256-…` of ``source`` (its UTF-8 bytes), as a CSP source expression takes it.
    public static let sha256 = "sha256-4Aa0Ai1pty5Qg0bEcSEIm9jMojOB/uuqo3iCHY47daE="

    /// Constants, Web Mercator, element helpers, the token and the API calls with their errors
    /// in a person's words.
    private static let core = String(decoding: PackageResources.served_core_js, as: UTF8.self)

    /// The map of what is shown (a listing or the favourites): tiles, the search circle, the
    /// centre, the numbered pins (those that would cover each other spread around their place,
    /// with a line to it), the scale bar and the credits, for the view the user moved to or, by
    /// default, the view that fits the listing as ``MapViewport`` does.
    private static let mapDrawing = String(decoding: PackageResources.served_map_drawing_js, as: UTF8.self)

    /// The map moving: wheel, pinch and buttons zoom (around the pointer, the fingers or the
    /// middle), a drag pans, a click on the map searches there; "Near me" asks the browser
    /// where the user is. During a gesture the drawing moves by an SVG transform; at its end
    /// the map is drawn again for the new view (`data-map-moves` counts the redraws).
    private static let mapMotion = String(decoding: PackageResources.served_map_motion_js, as: UTF8.self)

    /// The list of what is shown, the summary with its honest count and order, each provider's
    /// part (count and source, or why it did not answer in a person's words), the favourite
    /// toggles, and clearing it all when a search fails.
    private static let venues = String(decoding: PackageResources.served_venues_js, as: UTF8.self)

    /// A venue's details, opened by a click on its row or pin (or Enter on either): what the
    /// listing has, the opening hours and the note from `GET /v1/venues/{id}`, a link to each
    /// source's own page, a favourite toggle and a note; the row and the pin stay marked
    /// (`selected`) while it is open. Also the favourites view and the phone's list and map tabs.
    private static let details = String(decoding: PackageResources.served_details_js, as: UTF8.self)

    /// The search form: suggestions under the term (a WAI-ARIA combobox; their warnings in the
    /// status line), the providers the server offers (from `GET /readyz`), categories and order,
    /// the search itself with its `limit` ("Show more" asks for 50 more), the address that keeps
    /// it, and the start.
    private static let form = String(decoding: PackageResources.served_form_js, as: UTF8.self)
}
