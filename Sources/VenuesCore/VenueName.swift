/// One name a venue goes by, and where it came from.
///
/// Providers name places differently: OpenStreetMap's `name` is in the local language and
/// `name:en`, `name:sv`, `alt_name`, `short_name`, `official_name`, `old_name` or `brand` carry
/// the others; Google says which language its `displayName` is in; Foursquare names the chain a
/// place belongs to. The deduplicator compares every name of one record with every name of
/// another, and `--explain` says which ones matched.
public struct VenueName: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name as the provider gives it.
    public var text: String
    /// Where it came from, in the provider's own terms: an OpenStreetMap key (`name`,
    /// `name:en`, `alt_name`, `short_name`, `official_name`, `old_name`, `loc_name`, `brand`…),
    /// Google's `displayName`, Foursquare's `name` or `chain`.
    public var source: String
    /// The language of the name (BCP 47, e.g. `en`, `sv`), when the provider says.
    public var language: String?

    public init(_ text: String, source: String, language: String? = nil) {
        self.text = text
        self.source = source
        self.language = language
    }

    /// The sources that name a brand or chain rather than one place (`brand`, `chain`): every
    /// branch shares them, so they identify a place only together with its position.
    public static let brandSources: Set<String> = ["brand", "chain"]

    /// Whether this is a brand or chain name (``brandSources``).
    public var isBrand: Bool { Self.brandSources.contains(source) }

    /// `source` with its language when that is not already part of it: `name:en`,
    /// `displayName (en)`, `alt_name`.
    public var label: String {
        guard let language, !source.hasSuffix(":\(language)") else { return source }
        return "\(source) (\(language))"
    }

    /// `label "text"`, e.g. `name:en "The Lantern Carriers"`.
    public var description: String { "\(label) \"\(text)\"" }
}
