/// A provider that can suggest venues as the user types, fast enough to ask at every keystroke:
/// from data on this machine (no key, no cost), or, for the OpenStreetMap provider where its
/// data is a remote Overpass server, from the circle's venues fetched once and kept a few
/// minutes. `venues serve` answers `GET /v1/suggest` from every provider that conforms.
public protocol VenueSuggesting: Sendable {
    /// At most `query.limit` venues inside the circle that match `query.term` (``SearchTerm``),
    /// the best matches first, then the nearest, each with how it matches; none when no data
    /// covers any of the circle, and then the warnings may say why.
    func suggest(_ query: VenueQuery) async throws(ProviderError) -> Suggestions
}

/// What a suggester found for a term, and why venues may be missing.
public struct Suggestions: Sendable, Hashable {
    /// The venues, best first.
    public var venues: [SuggestedVenue]
    /// What the user should know of the answer (a circle wider than a remote server is asked
    /// for, a refusal); none usually.
    public var warnings: [String]

    /// Suggestions with `warnings` (none by default).
    public init(_ venues: [SuggestedVenue], warnings: [String] = []) {
        self.venues = venues
        self.warnings = warnings
    }
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
