/// The map page's one stylesheet, shared by the file `--format html` writes and the page
/// `venues serve` serves: layout, the list, the highlight of a hovered or focused venue (pin and
/// row), the search form, and how it prints.
///
/// The pages allow it by its hash in their Content-Security-Policy (``ContentSecurityPolicy``);
/// ``sha256`` must change with it (a test computes it and says the new value).
public enum MapPageStyle {
    /// The stylesheet, as it goes between `<style>` and `</style>`.
    public static let css = #"""
        :root { color-scheme: light; --ink: #1a202c; --muted: #4a5568; --line: #e2e8f0; --mark: #fefcbf; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 16px 24px; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto,
          "Noto Sans", "DejaVu Sans", sans-serif; color: var(--ink); background: #ffffff; }
        h1 { font-size: 1.3rem; margin: 0 0 4px; }
        h2 { font-size: 1rem; margin: 16px 0 6px; }
        p { margin: 0; }
        .query-note, .empty, .muted { color: var(--muted); }
        .layout { display: grid; gap: 24px; margin-top: 12px; grid-template-columns: minmax(0, 1fr); }
        @media (min-width: 1000px) {
          .layout { grid-template-columns: 640px minmax(0, 1fr); align-items: start; }
          .map-figure { position: sticky; top: 16px; }
        }
        .map-figure { margin: 0; }
        svg.map { display: block; width: 100%; max-width: 640px; height: auto; border: 1px solid var(--line);
          font-family: inherit; background: #f4f1ea; }
        .map-figure figcaption { font-size: 0.8rem; color: var(--muted); margin-top: 4px; }
        .pin { cursor: pointer; outline: none; }
        .pin:hover circle, .pin:focus circle, .pin.highlighted circle { fill: #2b6cb0; stroke: var(--ink);
          stroke-width: 3; }
        .venues { list-style: none; margin: 0; padding: 0; }
        .venue { display: grid; grid-template-columns: 2.2em minmax(0, 1fr); gap: 8px; padding: 8px;
          border-bottom: 1px solid var(--line); outline: none; }
        .venue:hover, .venue:focus, .venue.highlighted { background: var(--mark); }
        .venue:focus { box-shadow: inset 3px 0 0 #2b6cb0; }
        .number { display: inline-block; width: 1.9em; height: 1.9em; line-height: 1.9em; border-radius: 50%;
          text-align: center; font-weight: 700; font-size: 0.85rem; color: #ffffff; background: #c53030; }
        .venue.favorite .number { background: #b7791f; }
        .name { font-weight: 600; }
        .favorite-mark { color: #b7791f; }
        .facts, .address, .sources, .note { font-size: 0.9rem; }
        .sources, .note { color: var(--muted); }
        .source { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.8rem; }
        .providers ul { margin: 0; padding-left: 1.2em; font-size: 0.9rem; }
        .provider.failed { color: #9b2c2c; }
        .attribution { font-size: 0.8rem; color: var(--muted); margin-top: 12px; }
        .search-form { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: end; padding: 12px 0;
          border-bottom: 1px solid var(--line); }
        .search-form label { display: flex; flex-direction: column; font-size: 0.8rem; color: var(--muted); }
        .search-form input, .search-form select, .search-form button { font: inherit; padding: 4px 6px; }
        .search-form input { width: 10em; }
        .search-form input[type="number"] { width: 6em; }
        .term-field { position: relative; }
        .suggestions { position: absolute; top: 100%; left: 0; z-index: 10; min-width: 20em; max-height: 22em;
          overflow-y: auto; margin: 2px 0 0; padding: 0; list-style: none; background: #ffffff;
          border: 1px solid #a0aec0; box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15); }
        .suggestions li { padding: 6px 8px; cursor: pointer; }
        .suggestions li[aria-selected="true"] { background: #e2e8f0; }
        .suggestions .facts { color: var(--muted); font-size: 0.85em; }
        .venue.chosen { outline: 2px solid #2b6cb0; }
        .status { min-height: 1.4em; color: var(--muted); }
        .status.error { color: #9b2c2c; }
        .favorite-toggle { float: right; margin-left: 8px; font: inherit; font-size: 0.85rem; border: 1px solid var(--line);
          background: #ffffff; border-radius: 4px; padding: 0 6px; cursor: pointer; }
        .favorite-toggle[aria-pressed="true"] { color: #b7791f; border-color: #b7791f; }
        @media print {
          body { padding: 0; font-size: 10pt; }
          .layout { display: block; }
          .map-figure { position: static; break-inside: avoid; margin-bottom: 12px; }
          svg.map { max-width: 16cm; border: 1px solid #999999; }
          .venue { break-inside: avoid; padding: 4px 0; }
          .venue:hover, .venue:focus, .venue.highlighted { background: none; box-shadow: none; }
          .search-form, .status, .favorite-toggle, noscript { display: none; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }
        """#

    /// `sha256-…` of ``css`` (its UTF-8 bytes), as a CSP source expression takes it.
    public static let sha256 = "sha256-9Pe7WTOr5R+pZX+xqNnSvViEv3um4lsZTU7U+SnKwOY="
}
