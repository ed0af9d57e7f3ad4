public import VenuesCore
public import VenuesFavorites
public import VenuesMerge

/// Fans one query out to several providers at once and makes one list of their answers.
///
/// What ``run(_:)`` does, in order:
/// 1. Chooses the centre: the query's own; else, when a provider can locate the caller
///    (``ProviderCapabilities/locatesCallerWithoutCentre``), asks that provider first and uses
///    the centre it reports; else ``fallbackCenter`` (Amsterdam Centraal by default).
/// 2. Asks every other provider concurrently, each under its own deadline (`query.timeout`).
///    A provider that fails or passes its deadline yields an error outcome; it never delays
///    the others past their deadlines nor hides their venues.
/// 3. Drops venues outside the search circle and merges records of the same place
///    (``merger``).
/// 4. Marks favourites and adds stored favourites inside the circle that no provider returned.
/// 5. Keeps the places that pass ``filter``, when there is one (opening hours), counting those
///    it left out (``AggregatedResult/filtered``). The nearest `limit` places that pass are
///    rarely among the nearest `limit` of all: providers that apply the filter's test of single
///    venues (``ProviderCapabilities/prefilters``, ``VenueQuery/prefilter``) return the nearest
///    `limit` that pass, counting those they left out on the way; other providers that hold the
///    whole circle are asked for all of it (``VenueQuery/wantsWholeCircle``). The merged places
///    are judged again, as a place several sources hold shows the state of the one trusted most
///    (a place of one source whose provider judged it, ``ProviderResponse/passedPrefilter``,
///    is not).
/// 6. Sorts (distance, name or rating) and keeps at most `query.limit` places, saying how many
///    there were before (``AggregatedResult/found``). Providers that
///    hold the whole circle return all of it when the order is not distance
///    (``VenueQuery/nearestLimit``), so a name or rating order is over the whole circle.
///
/// Each provider needs an id of its own: outcomes, lookups and favourites are keyed by it, so
/// ``init(providers:merger:favorites:fallbackCenter:)`` refuses two providers with one id.
public struct Aggregator: Sendable {
    /// The providers to ask, in the order their outcomes are reported; no two share an id.
    public let providers: [any VenueProvider]
    /// How records of the same place are merged.
    public var merger: any VenueMerging
    /// Which results are favourites.
    public var favorites: any FavoriteMarking
    /// Which places stay in the list (``ResultFiltering``); `nil` keeps every one.
    public var filter: (any ResultFiltering)?
    /// The centre used when neither the query nor a provider gives one.
    public var fallbackCenter: Coordinate
    /// The clock each provider's deadline (``VenueQuery/timeout``) is measured on: the
    /// continuous clock, or a test's, which moves only when the test moves it.
    public var clock: any Clock<Duration> = ContinuousClock()

    /// Creates an aggregator over `providers`.
    ///
    /// - Throws: ``AggregatorError/duplicateProviderID(_:)`` when two providers have the same
    ///   id (one answer would be lost and the other counted twice).
    public init(
        providers: [any VenueProvider],
        merger: any VenueMerging = NoMerging(),
        favorites: any FavoriteMarking = NoFavorites(),
        fallbackCenter: Coordinate = .amsterdamCentraal
    ) throws(AggregatorError) {
        var seen = Set<ProviderID>()
        for provider in providers where !seen.insert(provider.id).inserted {
            throw .duplicateProviderID(provider.id)
        }
        self.providers = providers
        self.merger = merger
        self.favorites = favorites
        self.fallbackCenter = fallbackCenter
    }

    /// Runs the query on every provider and combines the answers. Never throws: each
    /// provider's failure is in its outcome. `progress` is called as each provider finishes.
    public func run(
        _ query: VenueQuery,
        progress: (@Sendable (ProviderOutcome) -> Void)? = nil
    ) async -> AggregatedResult {
        var outcomes: [ProviderID: ProviderOutcome] = [:]
        var query = query
        filter?.prepare(&query)
        var centerSource = CenterSource.given

        if query.center == nil {
            if let locator = providers.first(where: { $0.capabilities.contains(.locatesCallerWithoutCentre) }) {
                let outcome = await Self.ask(locator, Self.query(query, for: locator), clock: clock)
                progress?(outcome)
                outcomes[locator.id] = outcome
                if case .success(let response) = outcome.result, let located = response.center {
                    query.center = located
                    centerSource = .located(by: locator.id)
                }
            }
            if query.center == nil {
                query.center = fallbackCenter
                centerSource = .fallback
            }
        }

        let pending = providers.filter { outcomes[$0.id] == nil }
        let finalQuery = query
        await withTaskGroup(of: ProviderOutcome.self) { group in
            for provider in pending {
                group.addTask { await Self.ask(provider, Self.query(finalQuery, for: provider), clock: clock) }
            }
            for await outcome in group {
                progress?(outcome)
                outcomes[outcome.provider] = outcome
            }
        }

        let ordered = providers.compactMap { outcomes[$0.id] }
        let center = finalQuery.center ?? fallbackCenter
        var combined = combine(ordered, query: finalQuery, center: center)
        var filtered: FilterCounts?
        if let filter {
            // What the providers left out before they cut their answers, then the merged places.
            var counts = FilterCounts()
            // The providers that judged each venue they answer with: a place made of one of
            // those alone passed already (judging it again evaluated its hours again).
            var judged: [ProviderID] = []
            for outcome in ordered {
                guard case .success(let response) = outcome.result else { continue }
                counts += response.filtered
                if response.passedPrefilter { judged.append(outcome.provider) }
            }
            combined.removeAll { place in
                if !place.fromFavorites, place.merged.sources.count == 1,
                    let source = place.merged.sources.first, judged.contains(source.id.provider)
                {
                    return false
                }
                switch filter.verdict(on: place.merged) {
                case .kept: return false
                case .leftOut: counts.leftOut += 1
                case .leftOutUnknown: counts.unknown += 1
                }
                return true
            }
            filtered = counts
        }
        var result = AggregatedResult(
            query: finalQuery,
            center: center,
            centerSource: centerSource,
            venues: Array(combined.prefix(max(0, finalQuery.limit))),
            found: combined.count,
            outcomes: ordered
        )
        result.filtered = filtered
        return result
    }

    /// The query as `provider` is asked it: with the prefilter when it applies one
    /// (``ProviderCapabilities/prefilters``); else without, asking for the whole circle when
    /// the query is filtered. Servers that cache providers' answers key them by this query.
    public static func query(_ query: VenueQuery, for provider: any VenueProvider) -> VenueQuery {
        guard query.prefilter != nil, !provider.capabilities.contains(.prefilters) else { return query }
        var asked = query
        asked.prefilter = nil
        asked.wantsWholeCircle = true
        return asked
    }

    /// Looks one venue up at the provider that issued its id.
    public func venue(_ id: VenueID, timeout: Double = VenueQuery.defaultTimeout) async -> Result<Venue, ProviderError>
    {
        guard let provider = providers.first(where: { $0.id == id.provider }) else {
            return .failure(.unsupported("provider \(id.provider) is not enabled"))
        }
        guard provider.capabilities.contains(.lookup) else {
            return .failure(.unsupported("\(provider.id) cannot look up a venue by id"))
        }
        return await withDeadline(seconds: timeout, clock: clock) { () async throws(ProviderError) -> Venue in
            try await provider.venue(id, timeout: timeout)
        }
    }

    private static func ask(
        _ provider: any VenueProvider,
        _ query: VenueQuery,
        clock deadlineClock: any Clock<Duration>
    ) async -> ProviderOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<ProviderResponse, ProviderError>
        if query.isTextSearch, !provider.capabilities.contains(.textSearch) {
            result = .failure(.unsupported("\(provider.id) has no text search"))
        } else {
            result = await withDeadline(seconds: query.timeout, clock: deadlineClock) {
                () async throws(ProviderError) -> ProviderResponse in
                try await provider.run(query)
            }
        }
        let elapsed = clock.now - start
        let milliseconds = Int(
            elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        )
        return ProviderOutcome(provider: provider.id, result: result, milliseconds: milliseconds)
    }

    /// Every place of the answers in the circle, merged, with the favourites, in order (not yet
    /// cut to the limit).
    private func combine(_ outcomes: [ProviderOutcome], query: VenueQuery, center: Coordinate) -> [ResultVenue] {
        let radius = Double(query.radius)
        let inCircle = outcomes.flatMap(\.venues).filter { $0.coordinate.distance(to: center) <= radius }
        let term = query.isTextSearch ? query.term.map(SearchTerm.init) : nil
        var results = merger.merge(inCircle).map { merged in
            ResultVenue(
                merged: merged,
                distance: merged.venue.coordinate.distance(to: center),
                isFavorite: favorites.isFavorite(anyOf: merged.sources.map(\.id)),
                match: term.flatMap { term in merged.sources.compactMap { term.match($0) }.max() }
            )
        }
        let listed = Set(results.flatMap { $0.merged.sources.map(\.id) })
        for favorite in favorites.favorites(within: radius, of: center, notMatching: listed) {
            if !query.categories.isEmpty, query.categories.isDisjoint(with: favorite.categories) { continue }
            let match = term?.match(favorite)
            if term != nil, match == nil { continue }
            results.append(
                ResultVenue(
                    merged: MergedVenue(single: favorite),
                    distance: favorite.coordinate.distance(to: center),
                    isFavorite: true,
                    fromFavorites: true,
                    match: match
                )
            )
        }
        results.sort(by: VenueOrdering(sort: query.sort).areInIncreasingOrder)
        return results
    }
}
