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
    /// The share of the search circle (0…1) that the data which answered holds, for a provider
    /// that answers from local data covering a known area (the OpenStreetMap provider's imported
    /// indexes); below 1, venues in the rest are missing and ``warnings`` says so. `nil` when
    /// the source is not bounded (a remote server, a whole file).
    public var coverage: Double?
    /// How many venues the query's ``VenueQuery/prefilter`` judged and left out before the
    /// provider cut its answer to the limit (none when it applied no prefilter).
    public var filtered = FilterCounts()
    /// Whether every venue of the response passed the query's ``VenueQuery/prefilter``: the
    /// provider judged each one by it. The aggregator then does not judge a place made of one of
    /// them alone again.
    public var passedPrefilter = false

    /// A response; `notes` and `warnings` default to none.
    public init(
        venues: [Venue],
        center: Coordinate? = nil,
        notes: [String] = [],
        warnings: [String] = [],
        source: String? = nil,
        coverage: Double? = nil
    ) {
        self.venues = venues
        self.center = center
        self.notes = notes
        self.warnings = warnings
        self.source = source
        self.coverage = coverage
    }
}
