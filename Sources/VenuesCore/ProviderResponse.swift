/// What a provider returns for one search.
public struct ProviderResponse: Sendable, Hashable {
    /// The venues found, in the provider's order.
    public var venues: [Venue]
    /// The centre the provider actually searched around. Set when the query had no centre
    /// and the provider located the caller (Foursquare's IP location); otherwise optional.
    public var center: Coordinate?
    /// Remarks worth showing with `--verbose`: skipped records, pages fetched, clamped values.
    public var notes: [String]

    public init(venues: [Venue], center: Coordinate? = nil, notes: [String] = []) {
        self.venues = venues
        self.center = center
        self.notes = notes
    }
}
