public import VenuesCore
public import VenuesMerge

/// The answer to one aggregated query.
public struct AggregatedResult: Sendable, Hashable {
    /// The query as run, with the centre that was used.
    public var query: VenueQuery
    /// The centre used.
    public var center: Coordinate
    /// Where the centre came from.
    public var centerSource: CenterSource
    /// The places, deduplicated, sorted and limited.
    public var venues: [ResultVenue]
    /// How many places the answers held in the circle (deduplicated, with the favourites
    /// added) before the list was cut to `query.limit`: at least `venues.count`. A provider
    /// answers at most `limit` places, so more may exist beyond them.
    public var found: Int
    /// Every provider's outcome, in the order the providers were given.
    public var outcomes: [ProviderOutcome]
    /// How many places the aggregator's filter left out (``Aggregator/filter``); `nil` when
    /// there was no filter.
    public var filtered: FilterCounts?

    /// A result, as ``Aggregator/run(_:progress:)`` makes them; for tests and for code that
    /// builds results of its own (a cache, a server relaying another one).
    public init(
        query: VenueQuery,
        center: Coordinate,
        centerSource: CenterSource = .given,
        venues: [ResultVenue],
        found: Int? = nil,
        outcomes: [ProviderOutcome]
    ) {
        self.query = query
        self.center = center
        self.centerSource = centerSource
        self.venues = venues
        self.found = max(found ?? venues.count, venues.count)
        self.outcomes = outcomes
    }

    /// Whether at least one provider answered.
    public var anyProviderAnswered: Bool {
        outcomes.contains { $0.error == nil }
    }
}

/// Where the centre of a search came from.
public enum CenterSource: Sendable, Hashable {
    /// The user gave it (`--near`) or the configuration did.
    case given
    /// A provider located the caller (Foursquare by IP).
    case located(by: ProviderID)
    /// Nothing was known: the built-in default (Amsterdam Centraal).
    case fallback
}

/// One place in the result list.
public struct ResultVenue: Sendable, Hashable {
    /// The merged place.
    public var merged: MergedVenue
    /// Metres from the query centre.
    public var distance: Double
    /// Whether any of its source ids is a favourite.
    public var isFavorite: Bool
    /// True when no provider returned it and it comes from the favourites snapshot.
    public var fromFavorites: Bool
    /// How well it matches the search term (the best of its sources); `nil` for a nearby search,
    /// or when a provider returned it for reasons of its own (Foursquare and Google match
    /// addresses and categories too).
    public var match: VenueMatch?

    public init(
        merged: MergedVenue,
        distance: Double,
        isFavorite: Bool,
        fromFavorites: Bool = false,
        match: VenueMatch? = nil
    ) {
        self.merged = merged
        self.distance = distance
        self.isFavorite = isFavorite
        self.fromFavorites = fromFavorites
        self.match = match
    }

    /// The canonical venue.
    public var venue: Venue { merged.venue }
}
