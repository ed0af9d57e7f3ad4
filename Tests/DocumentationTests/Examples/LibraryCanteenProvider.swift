// The library guide's "Add a provider" example (compiled as written; LibraryCanteenProviderTest runs
// the conformance suite on it).
// docs-example: docs/library.md
import VenuesCore

/// The canteens of our offices: nearby search and lookup by id.
struct CanteenProvider: VenueProvider {
    let id: ProviderID = "canteens"
    let capabilities: ProviderCapabilities = [.nearby, .lookup]
    let canteens: [Venue]

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        guard let center = query.center else { throw .unsupported("canteens needs a centre") }
        if Task.isCancelled { throw .cancelled }
        let found =
            canteens
            .filter { $0.coordinate.distance(to: center) <= Double(query.radius) }
            .filter { query.categories.isEmpty || !query.categories.isDisjoint(with: $0.categories) }
            .sorted { $0.coordinate.distance(to: center) < $1.coordinate.distance(to: center) }
        // The nearest `limit`; every one in the circle when the list is ordered by name or rating.
        return ProviderResponse(venues: Array(found.prefix(query.nearestLimit ?? found.count)))
    }

    func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        if Task.isCancelled { throw .cancelled }
        guard let canteen = canteens.first(where: { $0.id == id }) else { throw .notFound(id) }
        return canteen
    }
}
// docs-example-end
