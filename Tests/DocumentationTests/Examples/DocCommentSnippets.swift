// The snippets of the doc comments of the public types, compiled as written: each inside a
// function that gives it an `async throws` context, with the imports of the module it
// documents. Only compiled, never called: most would reach the network.
import Foundation
import FoursquareProvider
import GooglePlacesProvider
import OSMReplication
import OverpassProvider
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesHTTP
import VenuesHours
import VenuesSQLite

enum DocCommentSnippets {
    static func openingHours() throws {
        // docs-example: Sources/VenuesHours/OpeningHours.swift
        let hours = try OpeningHours("Mo-Fr 09:00-17:00; PH off")
        let helsinki = HoursContext(timeZone: TimeZone(identifier: "Europe/Helsinki")!, country: "FI")
        let now = hours.evaluate(at: Date(), in: helsinki)
        // now.state, now.nextChange, now.nextState
        // docs-example-end
        _ = now
    }

    static func sqliteConnection() throws {
        // docs-example: Sources/VenuesSQLite/SQLiteConnection.swift
        let database = try SQLiteConnection(path: "/tmp/example.sqlite", access: .readWriteCreate)
        try database.execute("CREATE TABLE IF NOT EXISTS note(id INTEGER PRIMARY KEY, text TEXT)")
        let insert = try database.prepare("INSERT INTO note(text) VALUES (?)")
        try insert.bind("hello", at: 1)
        try insert.run()
        // docs-example-end
    }

    static func sqliteStatement(_ database: SQLiteConnection) throws {
        // docs-example: Sources/VenuesSQLite/SQLiteStatement.swift
        let query = try database.prepare("SELECT id, text FROM note WHERE id > ?")
        try query.bind(10, at: 1)
        while try query.step() {
            print(query.int64(0), query.text(1) ?? "")
        }
        // docs-example-end
    }

    static func queryParameters() throws {
        // docs-example: Sources/VenuesEngine/QueryParameters.swift
        var parameters = QueryParameters()
        parameters.near = "60.1699,24.9384"
        parameters.radius = 500
        try parameters.validate()
        let query = parameters.query(configuration: VenuesConfiguration(), fallbackCenter: nil)
        // docs-example-end
        _ = query
    }

    static func providerRegistry() async throws {
        // docs-example: Sources/VenuesEngine/ProviderRegistry.swift
        let registry = ProviderRegistry.standard
        let configuration = try await ConfigurationLoader(catalog: registry.catalog).load()
        let providers = registry.ids.compactMap { id in
            try? registry.make(id, configuration: configuration, httpClient: CurlHTTPClient()).get()
        }
        // docs-example-end
        _ = providers
    }

    static func venueProviderUseAnExistingProvider() async throws {
        // docs-example: Sources/VenuesCore/VenueProvider.swift
        let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let endpoint = try OverpassProvider.Configuration.endpoint(parsing: "Config/samples/helsinki-centre.osm")
        let provider = OverpassProvider(configuration: .init(endpoint: endpoint), httpClient: CurlHTTPClient())
        let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500))
        // docs-example-end
        _ = response
    }

    static func overpassProvider() async throws {
        // docs-example: Providers/Overpass/OverpassProvider.swift
        let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let endpoint = try OverpassProvider.Configuration.endpoint(parsing: "Config/samples/helsinki-centre.osm")
        let provider = OverpassProvider(configuration: .init(endpoint: endpoint), httpClient: CurlHTTPClient())
        let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500))
        // docs-example-end
        _ = response
    }

    static func foursquareProvider() async throws {
        // docs-example: Providers/Foursquare/FoursquareProvider.swift
        let environment = ProcessInfo.processInfo.environment
        let provider = FoursquareProvider(
            configuration: .init(apiKey: environment["FOURSQUARE_API_KEY"] ?? ""),
            httpClient: CurlHTTPClient()
        )
        let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500))
        // docs-example-end
        _ = response
    }

    static func googlePlacesProvider() async throws {
        // docs-example: Providers/GooglePlaces/GooglePlacesProvider.swift
        let key = ProcessInfo.processInfo.environment["GOOGLE_PLACES_API_KEY"] ?? ""
        let provider = GooglePlacesProvider(
            configuration: .init(apiKey: key, languageCode: "en"),
            httpClient: CurlHTTPClient()
        )
        let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let response = try await provider.nearby(VenueQuery(center: helsinki, radius: 500, categories: [.cafe]))
        // docs-example-end
        _ = response
    }

    static func curlHTTPClient() async throws {
        // docs-example: Sources/VenuesHTTP/CurlHTTPClient.swift
        let client = CurlHTTPClient()
        let url = URL(string: "https://overpass-api.de/api/status")!
        let response = try await client.send(HTTPRequest(url: url, timeout: 10))
        // docs-example-end
        _ = response
    }

    static func cachingHTTPClient() async throws {
        // docs-example: Sources/VenuesHTTP/CachingHTTPClient.swift
        let directory = URL(fileURLWithPath: "/var/cache/my-server/responses", isDirectory: true)
        let cache = ResponseCache(directory: directory, timeToLive: 15 * 60)
        let client = CachingHTTPClient(wrapping: CurlHTTPClient(), cache: cache, mode: .normal)
        // docs-example-end
        _ = client
    }

    static func replicationFeed(importedDataTime: Date, folder: URL) async throws {
        // docs-example: Sources/OSMReplication/ReplicationFeed.swift
        let feed = try ReplicationFeed(
            url: URL(string: "https://planet.openstreetmap.org/replication/minute")!,
            client: CurlHTTPClient()
        )
        let newest = try await feed.latest()
        guard let start = try await feed.sequence(atOrBefore: importedDataTime) else {
            return  // the data is older than anything the feed still has: import a newer extract
        }
        for sequence in stride(from: start + 1, through: newest.sequence, by: 1) {
            let file = folder.appendingPathComponent("\(sequence).osc.gz")
            _ = try await feed.changeFile(sequence: sequence, to: file, maxBytes: 512 << 20)
        }
        // docs-example-end
    }
}
