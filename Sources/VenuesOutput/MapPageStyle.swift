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
        .venue.favorite .number { background: #975a16; }
        .name { font-weight: 600; }
        .favorite-mark { color: #975a16; }
        .facts, .address, .sources, .note { font-size: 0.9rem; }
        .open-badge.open { color: #22663a; font-weight: 600; }
        .open-badge.closed { color: #9b2c2c; }
        .week { margin: 0.25rem 0 0; padding-left: 1.2em; font-variant-numeric: tabular-nums; }
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
        .favorite-toggle[aria-pressed="true"], #details-favorite[aria-pressed="true"] { color: #975a16;
          border-color: #975a16; }
        .search-panel > summary { cursor: pointer; font-weight: 600; padding: 4px 0; }
        .search-form .near-field { display: flex; gap: 6px; align-items: end; }
        .search-form input#near { width: 19em; }
        .choices { border: 1px solid var(--line); border-radius: 4px; padding: 4px 8px; margin: 0; font-size: 0.9rem; }
        .choices legend, details.choices > summary { color: var(--muted); font-size: 0.8rem; cursor: pointer; }
        details.choices fieldset { border: 0; padding: 0; margin: 0; display: grid;
          grid-template-columns: repeat(auto-fill, minmax(9em, 1fr)); max-width: 40em; }
        .search-form label.choice { flex-direction: row; align-items: center; gap: 4px; color: var(--ink);
          font-size: 0.9rem; }
        .search-form label.choice input { width: auto; }
        .token-kept .search-form label.token { display: none; }
        html:not(.token-kept) #forget-token { display: none; }
        .modes { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
        .modes button, .map-controls button, .more-line button, .details-panel button {
          font: inherit; padding: 4px 10px; border: 1px solid #a0aec0; border-radius: 4px; background: #ffffff;
          color: var(--ink); cursor: pointer; }
        .modes button[aria-pressed="true"] { background: #2b6cb0; border-color: #2b6cb0; color: #ffffff; }
        .view-tabs { display: none; gap: 8px; }
        .map-controls { display: flex; gap: 6px; margin-top: 6px; }
        svg.map.movable { touch-action: none; cursor: grab; }
        .pin.selected circle:first-of-type { fill: #2b6cb0; stroke: var(--ink); stroke-width: 3; }
        .pin circle.hit, .pin:hover circle.hit, .pin:focus circle.hit { stroke: none; fill: #000000; }
        .venue.selected { background: #e2e8f0; box-shadow: inset 4px 0 0 #2b6cb0; }
        .venue { cursor: pointer; }
        .layout.busy .listing, .layout.busy svg.map { opacity: 0.45; }
        .details-panel { border: 1px solid #a0aec0; border-radius: 6px; padding: 8px 12px; background: #ffffff; }
        .details-head { display: flex; justify-content: space-between; align-items: start; gap: 8px; }
        .details-head h2 { margin: 4px 0; }
        .details-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 12px; margin: 6px 0;
          font-size: 0.9rem; }
        .details-facts dt { color: var(--muted); }
        .details-facts dd { margin: 0; overflow-wrap: anywhere; }
        .details-links { margin: 0; padding: 0; list-style: none; }
        .details-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
        .note-field { display: flex; flex-direction: column; font-size: 0.8rem; color: var(--muted); flex: 1 1 16em; }
        .note-field textarea { font: inherit; color: var(--ink); }
        a { color: #2c5282; }
        @media (min-width: 1000px) {
          .layout { grid-template-areas: "map details" "map listing"; grid-template-rows: auto 1fr; }
          .map-figure { grid-area: map; }
          .details-panel { grid-area: details; }
          .listing { grid-area: listing; }
        }
        @media (max-width: 700px) {
          body { padding: 8px 10px; }
          .search-form { flex-direction: column; align-items: stretch; }
          .search-form input, .search-form input#near, .search-form select { width: 100%; min-height: 44px; }
          .search-form .near-field { flex-direction: row; }
          .search-form .near-field label { flex: 1 1 auto; }
          .search-form input[type="number"] { width: 100%; }
          .search-form label.choice { min-height: 44px; }
          .search-form label.choice input { width: 24px; min-height: 24px; }
          button, .search-panel > summary, details.choices > summary { min-height: 44px; min-width: 44px; }
          .favorite-toggle { min-height: 44px; padding: 0 10px; }
          .venue { min-height: 44px; }
          .view-tabs { display: flex; }
          .layout[data-view="list"] .map-figure { display: none; }
          .layout[data-view="map"] .listing { display: none; }
          .details-facts dd a { display: inline-block; min-height: 44px; line-height: 44px; }
        }
        @media print {
          body { padding: 0; font-size: 10pt; }
          .layout { display: block; }
          .map-figure { position: static; break-inside: avoid; margin-bottom: 12px; }
          svg.map { max-width: 16cm; border: 1px solid #999999; }
          .venue { break-inside: avoid; padding: 4px 0; }
          .venue:hover, .venue:focus, .venue.highlighted { background: none; box-shadow: none; }
          .search-form, .status, .favorite-toggle, noscript, .modes, .map-controls, .more-line, .search-panel > summary,
          .details-actions { display: none; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }
        """#

    /// `sha256-…` of ``css`` (its UTF-8 bytes), as a CSP source expression takes it.
    public static let sha256 = "sha256-C42g4xdOYjaHtOTZ/Hho85TvZ1Iboe7jrgU/1Tn09Eg="
}
