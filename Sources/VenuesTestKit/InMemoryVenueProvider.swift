public import VenuesCore

/// A provider that answers from a list of venues held in memory, for tests and examples.
///
/// It can be told to wait before answering (to play a slow provider) or to fail with a given
/// error (to play a broken one). Nearby search keeps the venues inside the circle and in the
/// requested categories, nearest first, at most ``VenueQuery/nearestLimit`` of them (so every
/// one in the circle when the order is not distance) of those that pass the
/// ``VenueQuery/prefilter``; text search also requires the venue to
/// match the term as local searches match it (``SearchTerm``: every word, typos forgiven). It
/// keeps the whole ``VenueProvider`` contract, and ``VenueProviderConformance`` checks that it
/// does.
public struct InMemoryVenueProvider: VenueProvider {
    public let id: ProviderID
    public let capabilities: ProviderCapabilities
    /// The venues it knows.
    public var venues: [Venue]
    /// How long each call waits before answering, in seconds (honours cancellation).
    public var delay: Double
    /// When set, every call throws this error after the delay.
    public var error: ProviderError?
    /// The centre it reports when asked without one (plays Foursquare's IP location).
    public var locatedCentre: Coordinate?

    public init(
        id: ProviderID,
        venues: [Venue] = [],
        delay: Double = 0,
        error: ProviderError? = nil,
        locatedCentre: Coordinate? = nil
    ) {
        self.id = id
        self.venues = venues
        self.delay = delay
        self.error = error
        self.locatedCentre = locatedCentre
        var capabilities: ProviderCapabilities = [.nearby, .textSearch, .lookup, .prefilters]
        if locatedCentre != nil { capabilities.insert(.locatesCallerWithoutCentre) }
        self.capabilities = capabilities
    }

    public func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try await answer(query, term: nil)
    }

    public func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try await answer(query, term: query.term)
    }

    public func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        try await wait()
        guard let venue = venues.first(where: { $0.id == id }) else { throw .notFound(id) }
        return venue
    }

    private func answer(_ query: VenueQuery, term: String?) async throws(ProviderError) -> ProviderResponse {
        try await wait()
        guard let center = query.center ?? locatedCentre else {
            throw .unsupported("\(id) needs a centre")
        }
        let radius = Double(query.radius)
        var found: [(venue: Venue, distance: Double)] = []
        let searchTerm = term.map(SearchTerm.init)
        for venue in venues {
            let distance = venue.coordinate.distance(to: center)
            guard distance <= radius else { continue }
            guard query.categories.isEmpty || !query.categories.isDisjoint(with: venue.categories) else { continue }
            if let searchTerm, searchTerm.match(venue) == nil { continue }
            found.append((venue, distance))
        }
        found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.venue.id < $1.venue.id }
        var filtered = FilterCounts()
        if let prefilter = query.prefilter {
            (found, filtered) = prefilter.kept(found, upTo: query.nearestLimit) { $0.venue }
        }
        var response = ProviderResponse(
            venues: found.prefix(query.nearestLimit ?? found.count).map(\.venue),
            center: query.center == nil ? center : nil
        )
        response.filtered = filtered
        response.passedPrefilter = query.prefilter != nil
        return response
    }

    private func wait() async throws(ProviderError) {
        if Task.isCancelled { throw .cancelled }
        if delay > 0 {
            do {
                try await Task.sleep(for: .seconds(delay))
            } catch {
                throw .cancelled
            }
        }
        if let error { throw error }
    }
}
