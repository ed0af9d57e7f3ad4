import Foundation
import Testing
import VenuesCLIRuntime
import VenuesCLISupport
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesHTTP
import VenuesMerge
import VenuesTestKit

@testable import VenuesCLI
@testable import VenuesOutput

/// A provider is one descriptor and one line in a registry: a fake fourth provider, declared
/// here and nowhere else, shows up in `venues providers`, the configuration, the attribution
/// and the merge order.
@Suite("A fourth provider, declared in one place")
struct FourthProviderTests {
    static let yelpID: ProviderID = "yelp"

    /// The whole declaration of the fourth provider.
    static let yelp = ProviderDescriptor<any HTTPClient>(
        profile: ProviderProfile(
            id: yelpID,
            displayName: "Yelp",
            attribution: "Data from Yelp",
            section: "yelp",
            settings: [
                ProviderSetting(
                    "url",
                    environmentVariable: "VENUES_YELP_URL",
                    defaultValue: .text("https://yelp.invalid")
                ),
                ProviderSetting("market", defaultValue: .text("FI"), allowedValues: ["FI", "SE"], isListed: true),
                ProviderSetting("apiKey", kind: .secret, environmentVariable: "YELP_API_KEY", isRequired: true),
            ],
            mergeRank: 0,
            capabilities: [.nearby],
            endpoint: { $0.text("url") ?? "-" }
        ),
        make: { _, _ in .success(InMemoryVenueProvider(id: yelpID)) }
    )

    /// The build's providers and the fourth: the one line.
    static let registry = ProviderRegistry(ProviderRegistry.standard.descriptors + [yelp])

    /// A configuration read with the fourth provider registered: its key from the environment,
    /// its market from a file.
    static func configuration() async throws -> (VenuesConfiguration, file: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("venues-yelp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("config.json")
        try Data(#"{"yelp": {"market": "SE"}}"#.utf8).write(to: file)
        let environment = [
            "HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("xdg").path,
            "YELP_API_KEY": "yelp-secret-789",
        ]
        let loader = ConfigurationLoader(
            environment: environment,
            catalog: registry.catalog,
            knownProviders: registry.ids
        )
        return (try await loader.load(explicitFile: file.path), file.path)
    }

    @Test("the configuration reads its section and its variables, and knows its keys")
    func configuration() async throws {
        let (configuration, file) = try await Self.configuration()
        #expect(configuration.providers == [.foursquare, .google, .openStreetMap, .overture, Self.yelpID])
        #expect(configuration[Self.yelpID].text("apiKey") == "yelp-secret-789")
        #expect(configuration[Self.yelpID].source("apiKey") == "YELP_API_KEY")
        #expect(configuration[Self.yelpID].text("market") == "SE")
        #expect(configuration[Self.yelpID].source("market") == file)
        #expect(configuration[Self.yelpID].text("url") == "https://yelp.invalid")
        #expect(!configuration.description.contains("yelp-secret-789"))

        let root = URL(fileURLWithPath: file).deletingLastPathComponent()
        let wrong = root.appendingPathComponent("wrong.json")
        try Data(#"{"yelp": {"market": "DK", "extra": 1}}"#.utf8).write(to: wrong)
        let loader = ConfigurationLoader(environment: ["HOME": root.path], catalog: Self.registry.catalog)
        await #expect(throws: ConfigurationError.self) { try await loader.load(explicitFile: wrong.path) }
    }

    @Test("a command's context makes its providers from the registry it was given")
    func commandContextCarriesTheRegistry() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("venues-yelp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = [
            "HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path, "YELP_API_KEY": "yelp-secret-789",
        ]
        let context = try await CommandContext.make(
            global: try GlobalOptions.parse([]),
            environment: environment,
            registry: Self.registry
        )
        #expect(context.configuration.providers.contains(Self.yelpID), "read with the registry's catalog")
        let named = try ListingProviders.make(context: context, named: [Self.yelpID])
        #expect(named.providers.map(\.id) == [Self.yelpID])
        let usable = try ListingProviders.make(context: context, named: nil)
        #expect(usable.providers.map(\.id).contains(Self.yelpID), "a configured provider with its key is asked")

        let standard = try await CommandContext.make(global: try GlobalOptions.parse([]), environment: environment)
        #expect(!standard.configuration.providers.contains(Self.yelpID))
        #expect(throws: CommandFailure.self, "the build's registry cannot make it") {
            try ListingProviders.make(context: standard, named: [Self.yelpID])
        }
    }

    @Test("venues providers lists it, with its endpoint, its key's source and its listed settings")
    func providersReport() async throws {
        let (configuration, _) = try await Self.configuration()
        let lines = ProvidersCommand.report(
            registry: Self.registry,
            configuration: configuration,
            indexes: { _ in "-" }
        )
        let start = try #require(lines.firstIndex(of: "yelp: usable"))
        #expect(
            Array(lines[start...])
                == [
                    "yelp: usable", "  endpoint: https://yelp.invalid (from default)", "  key: set (from YELP_API_KEY)",
                    "  market: SE",
                ]
        )
        #expect(lines.contains("osm: usable"))
        #expect(!lines.joined().contains("yelp-secret-789"))
        var without = configuration
        without[Self.yelpID].set("apiKey", nil)
        let missing = ProvidersCommand.report(registry: Self.registry, configuration: without, indexes: { _ in "-" })
        #expect(missing.contains("yelp: not usable"))
        #expect(missing.contains("  missing: YELP_API_KEY is not set (or yelp.apiKey in your config file)"))
        #expect(
            (try? Self.registry.make(Self.yelpID, configuration: configuration, httpClient: NoNetwork()).get()) != nil
        )
    }

    @Test("its attribution is shown when its data is, and it leads the merge by its rank")
    func attributionAndMergeOrder() async throws {
        let (configuration, _) = try await Self.configuration()
        #expect(Self.registry.catalog.mergeOrder == [Self.yelpID, .google, .foursquare, .openStreetMap, .overture])
        #expect(configuration.dedupe.priority == Self.registry.catalog.mergeOrder)

        let place = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let fromYelp = Venue(
            id: try VenueID(provider: Self.yelpID, native: "cafe-engel"),
            name: "Cafe Engel",
            coordinate: place
        )
        let fromOSM = Venue(
            id: try VenueID(provider: .openStreetMap, native: "node/1"),
            name: "Café Engel",
            coordinate: place
        )
        let merged = Deduplicator(priority: configuration.dedupe.priority).merge([fromOSM, fromYelp])
        #expect(merged.count == 1)
        #expect(merged.first?.venue.id.provider == Self.yelpID)

        let rows = merged.map { ResultDocument.Row(merged: $0, distance: 0, favorite: false, explain: false) }
        let document = ResultDocument(
            favorites: rows,
            center: place,
            centerSource: .given,
            radius: 100,
            catalog: Self.registry.catalog
        )
        #expect(document.attribution == ["© OpenStreetMap contributors (ODbL)", "Data from Yelp"])
    }
}

/// A client for a provider that never reaches the network.
private struct NoNetwork: HTTPClient {
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        throw .unreachable("no network in tests")
    }
}
