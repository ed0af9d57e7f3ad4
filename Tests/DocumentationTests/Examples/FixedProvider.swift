// The provider of VenueProvider's doc comment, "Implement a provider" (compiled as written;
// ExamplesRunTests runs the conformance suite on it).
import VenuesCore

// docs-example: Sources/VenuesCore/VenueProvider.swift
struct FixedProvider: VenueProvider {
    let id: ProviderID = "fixed"
    let capabilities: ProviderCapabilities = [.nearby]
    let venues: [Venue]

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        guard let center = query.center else { throw .unsupported("fixed needs a centre") }
        if Task.isCancelled { throw .cancelled }
        let found =
            venues
            .filter { $0.coordinate.distance(to: center) <= Double(query.radius) }
            .filter { query.categories.isEmpty || !query.categories.isDisjoint(with: $0.categories) }
            .sorted { $0.coordinate.distance(to: center) < $1.coordinate.distance(to: center) }
        // The nearest `limit`; every one in the circle when the order is not distance.
        return ProviderResponse(venues: Array(found.prefix(query.nearestLimit ?? found.count)))
    }
}
// docs-example-end
