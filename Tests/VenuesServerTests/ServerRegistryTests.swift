import Foundation
import Testing
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesHTTP
import VenuesServer
import VenuesServerTestSupport
import VenuesTestKit
import VenuesTestSupport

/// The server makes its providers from the registry it is given, not from a list of its own: a
/// provider declared only here is offered, named (by id and by its name) in `/readyz`, asked for a listing and credited
/// in its attribution.
@Suite("The server's providers come from the registry it is handed")
struct ServerRegistryTests {
    static let localID: ProviderID = "local"

    static func registry(place: Venue) -> ProviderRegistry {
        let descriptor = ProviderDescriptor<any HTTPClient>(
            profile: ProviderProfile(
                id: localID,
                displayName: "Local",
                attribution: "Places from the local test provider",
                section: "local",
                settings: [],
                mergeRank: 0,
                capabilities: [.nearby],
                endpoint: { _ in "-" }
            ),
            make: { _, _ in .success(InMemoryVenueProvider(id: localID, venues: [place])) }
        )
        return ProviderRegistry(ProviderRegistry.standard.descriptors + [descriptor])
    }

    @Test func aProviderOnlyTheRegistryNamesIsOfferedAndCredited() async throws {
        let place = Venue(
            id: try VenueID(provider: Self.localID, native: "p1"),
            name: "Kahvila Testi",
            coordinate: try Coordinate(latitude: 60.1699, longitude: 24.9384)
        )
        let registry = Self.registry(place: place)
        var configuration = VenuesConfiguration(catalog: registry.catalog)
        configuration[.openStreetMap].set("useIndexes", .flag(false))
        configuration.providers = [Self.localID]
        let server = try await RunningServer.start(registry: registry, configuration: configuration)
        let ready = try await server.client.with(token: nil).get("/readyz")
        let listing = try await server.client.get("/v1/nearby?near=60.1699,24.9384&radius=500")
        await server.stop()

        #expect(ready.status == 200)
        // OpenStreetMap needs no key; Foursquare and Google have none here, Overture no index.
        #expect(try ready.json()["providers"] as? [String] == ["osm", "local"], "in the registry's order")
        // Every provider by its descriptor's name, also those not set up here: the page says them.
        let names = try ready.json()["names"] as? [String: String]
        #expect(names?["local"] == "Local")
        #expect(names?["fsq"] == "Foursquare" && names?["overture"] == "Overture Maps")
        #expect(listing.status == 200)
        let body = try listing.json()
        let venues = try #require(body["venues"] as? [[String: Any]])
        #expect(venues.map { $0["name"] as? String } == ["Kahvila Testi"])
        #expect((body["attribution"] as? [String])?.contains("Places from the local test provider") == true)
    }
}
