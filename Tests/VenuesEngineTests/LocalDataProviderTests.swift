import Foundation
import Testing
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesHTTP

/// A provider that answers only from imported data (Overture) is left out of the default set
/// until some is imported, and, named, fails saying why.
@Suite struct LocalDataProviderTests {
    @Test func overtureWaitsForAnImportedIndexOrAnEndpoint() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("venues-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let osm = data.appendingPathComponent("osm", isDirectory: true)
        let registry = ProviderRegistry.standard
        var configuration = VenuesConfiguration(catalog: registry.catalog)
        let before = registry.unusableReason(.overture, configuration: configuration, osmIndexDirectory: osm)
        #expect(before?.contains("venues overture import") == true)
        #expect(registry.unusableReason(.overture, configuration: configuration) == nil)
        #expect(registry.unusableReason(.openStreetMap, configuration: configuration, osmIndexDirectory: osm) == nil)
        if case .failure(let error) = registry.make(
            .overture,
            configuration: configuration,
            httpClient: NoNetwork(),
            osmIndexDirectory: osm
        ) {
            #expect(error.kind == "misconfigured")
        } else {
            Issue.record("the provider was made without data")
        }

        // An index file beside the OSM folder.
        let overture = data.appendingPathComponent("overture", isDirectory: true)
        try FileManager.default.createDirectory(at: overture, withIntermediateDirectories: true)
        try Data().write(to: overture.appendingPathComponent("helsinki.sqlite"))
        #expect(registry.unusableReason(.overture, configuration: configuration, osmIndexDirectory: osm) == nil)

        // Or an endpoint, whatever the folder holds.
        try FileManager.default.removeItem(at: overture)
        configuration[.overture].set("url", .text("/srv/places.geojsonseq"))
        #expect(registry.unusableReason(.overture, configuration: configuration, osmIndexDirectory: osm) == nil)
    }
}

/// An HTTP client that is never to be asked.
private struct NoNetwork: HTTPClient {
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        throw .unreachable("no network in this test")
    }
}
