import VenuesCore

/// A provider as every client of the server sees it: the same provider, asked through
/// ``UpstreamCalls`` (shared runs, cache, limits, pauses). It never locates the caller by IP:
/// on a server that would locate the server.
struct SharedProvider: VenueProvider {
    let base: any VenueProvider
    let upstream: UpstreamCalls

    var id: ProviderID { base.id }
    var capabilities: ProviderCapabilities { base.capabilities.subtracting(.locatesCallerWithoutCentre) }

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try await upstream.search(query, with: base)
    }

    func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try await upstream.search(query, with: base)
    }

    func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        try await upstream.venue(id, timeout: timeout, with: base)
    }
}
