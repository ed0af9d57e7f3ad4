/// The map page's script for the file `--format html` writes: hovering or focusing a pin
/// highlights its row and the other way round, and choosing a pin brings its row into view.
/// It reads only `data-venue-id` attributes and changes only classes: it never turns text into
/// markup. Without it the page is complete (CSS still highlights what is under the pointer).
///
/// The page allows it by its hash in its Content-Security-Policy; ``sha256`` must change with
/// it (a test computes it and says the new value).
public enum MapPageScript {
    /// The script, as it goes between `<script>` and `</script>`.
    public static let source = String(decoding: PackageResources.map_highlight_js, as: UTF8.self)

    /// `sha256-…` of ``source`` (its UTF-8 bytes), as a CSP source expression takes it.
    public static let sha256 = "sha256-OsGxXR1oMJiNsicY0F3kKWzPmgP1/haia42eQbj4dTM="
}
