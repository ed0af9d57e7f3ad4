/// The map page's one stylesheet, shared by the file `--format html` writes and the page
/// `venues serve` serves: layout, the list, the highlight of a hovered or focused venue (pin and
/// row), the search form, and how it prints.
///
/// The pages allow it by its hash in their Content-Security-Policy (``ContentSecurityPolicy``);
/// ``sha256`` must change with it (a test computes it and says the new value).
public enum MapPageStyle {
    /// The stylesheet, as it goes between `<style>` and `</style>`.
    public static let css = String(decoding: PackageResources.map_page_css, as: UTF8.self)

    /// `sha256-…` of ``css`` (its UTF-8 bytes), as a CSP source expression takes it.
    public static let sha256 = "sha256-IPAUTWN1C5nZ9gEcjPXl40yfWj13pG3jF5LEofe5urI="
}
