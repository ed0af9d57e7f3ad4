/// A provider that can suggest venues as the user types: from data on this machine only (no
/// network, no key, no cost), fast enough to ask at every keystroke. `venues serve` answers
/// `GET /v1/suggest` from every provider that conforms (the OpenStreetMap and Overture providers,
/// from their local indexes).
public protocol VenueSuggesting: Sendable {
    /// At most `query.limit` venues inside the circle that match `query.term` (``SearchTerm``),
    /// the best matches first, then the nearest, each with how it matches; empty when no local
    /// data covers any of the circle.
    func suggest(_ query: VenueQuery) async throws(ProviderError) -> [SuggestedVenue]
}

/// A venue suggested for a term, and how it matches the term: the suggester has matched it
/// already, so the suggestions of several suggesters are ranked together without matching again
/// (``SearchTerm/ranked(_:around:)``).
public struct SuggestedVenue: Sendable, Hashable {
    /// The venue.
    public var venue: Venue
    /// How it matches the term.
    public var match: VenueMatch?

    public init(venue: Venue, match: VenueMatch?) {
        self.venue = venue
        self.match = match
    }
}
