/// A provider that can suggest venues as the user types: from data on this machine only (no
/// network, no key, no cost), fast enough to ask at every keystroke. `venues serve` answers
/// `GET /v1/suggest` from every provider that conforms (the OpenStreetMap provider, from its
/// local indexes).
public protocol VenueSuggesting: Sendable {
    /// At most `query.limit` venues inside the circle that match `query.term` (``SearchTerm``),
    /// the best matches first, then the nearest; empty when no local data covers any of the
    /// circle.
    func suggest(_ query: VenueQuery) async throws(ProviderError) -> [Venue]
}
