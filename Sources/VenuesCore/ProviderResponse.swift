/// What a provider returns for one search.
public struct ProviderResponse: Sendable, Hashable {
    /// The venues found, in the provider's order.
    public var venues: [Venue]
    /// The centre the provider actually searched around. Set when the query had no centre
    /// and the provider located the caller (Foursquare's IP location); otherwise optional.
    public var center: Coordinate?
    /// Remarks worth showing with `--verbose`: skipped records, pages fetched.
    public var notes: [String]
    /// Remarks the user must see even without `--verbose`, because the answer is not quite what
    /// was asked for: a radius lowered to the provider's maximum, pages lost to a failure.
    public var warnings: [String]
    /// Where a provider with several sources got this answer (the OpenStreetMap provider:
    /// `overpass`, `file`, or `index:NAME` for a local index); `nil` when it has only one.
    public var source: String?

    /// A response; `notes` and `warnings` default to none.
    public init(
        venues: [Venue],
        center: Coordinate? = nil,
        notes: [String] = [],
        warnings: [String] = [],
        source: String? = nil
    ) {
        self.venues = venues
        self.center = center
        self.notes = notes
        self.warnings = warnings
        self.source = source
    }
}
