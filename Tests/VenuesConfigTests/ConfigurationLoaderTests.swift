import Foundation
import Testing
import VenuesConfig
import VenuesCore
import VenuesEngine

@Suite struct ConfigurationLoaderTests {
    /// The providers of this build: their settings are what the files below set.
    static let catalog = ProviderRegistry.standard.catalog

    /// A temporary folder with a user config dir, removed afterwards.
    struct Sandbox {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("venues-config-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        func write(_ text: String, to name: String) throws -> URL {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
            return url
        }
        var environment: [String: String] {
            ["HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("xdg").path]
        }
    }

    @Test func defaultsWithoutFiles() async throws {
        let sandbox = try Sandbox()
        let configuration = try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog)
            .load()
        #expect(configuration.radius == 1000)
        #expect(configuration.limit == 50)
        #expect(configuration.timeout == 10)
        #expect(configuration.defaultLocation == nil)
        #expect(configuration[.foursquare].text("apiKey") == nil)
        #expect(configuration[.openStreetMap].text("url") == "https://overpass-api.de/api/interpreter")
    }

    @Test func layersUserFileThenExplicitFileThenEnvironment() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write(
            #"{"radius": 700, "limit": 20, "google": {"apiKey": "from-user-file"}}"#,
            to: "xdg/venues/config.json"
        )
        let explicit = try sandbox.write(#"{"radius": 800, "overpass": {"url": "/tmp/x.osm"}}"#, to: "explicit.json")
        var environment = sandbox.environment
        environment["VENUES_OVERPASS_URL"] = "http://127.0.0.1:9/api/interpreter"
        environment["FOURSQUARE_API_KEY"] = "fsq-env"
        let configuration = try await ConfigurationLoader(environment: environment, catalog: Self.catalog).load(
            explicitFile: explicit.path
        )
        #expect(configuration.radius == 800)
        #expect(configuration.limit == 20)
        #expect(configuration[.google].text("apiKey") == "from-user-file")
        #expect(configuration[.google].source("apiKey")?.hasSuffix("config.json") == true)
        #expect(configuration[.foursquare].text("apiKey") == "fsq-env")
        #expect(configuration[.foursquare].source("apiKey") == "FOURSQUARE_API_KEY")
        #expect(configuration[.openStreetMap].text("url") == "http://127.0.0.1:9/api/interpreter")
    }

    @Test func venuesConfigVariableNamesTheFile() async throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(#"{"defaultLocation": {"latitude": 60.17, "longitude": 24.94}}"#, to: "c.json")
        var environment = sandbox.environment
        environment["VENUES_CONFIG"] = file.path
        let configuration = try await ConfigurationLoader(environment: environment, catalog: Self.catalog).load()
        #expect(configuration.defaultLocation == (try Coordinate(latitude: 60.17, longitude: 24.94)))
    }

    @Test(arguments: [
        (#"{"radius": 0}"#, "radius 0 is out of range"),
        (#"{"radius": "big"}"#, "radius: expected a whole number"),
        (#"{"timeout": "soon"}"#, "timeout: expected a number"),
        (#"{"timeout": 0.5}"#, "timeout 0.5 is out of range: expected 1 to 600 seconds"),
        (#"{"timeout": 601}"#, "timeout 601.0 is out of range: expected 1 to 600 seconds"),
        (#"{"providers": ["osm", "fsq", "osm"]}"#, "providers: 'osm' is listed twice"),
        (#"{"cache": {"enabled": "yes"}}"#, "cache.enabled: expected true or false"),
        (#"{"providers": "osm"}"#, "providers: expected a list of provider names"),
        (#"{"foursquare": "https://example.com"}"#, "foursquare: expected an object with api, apiKey, budget"),
        (#"{"defaultLocation": {"latitude": 60}}"#, "defaultLocation: missing key longitude"),
        ("[1, 2]", "top level: expected an object"),
        (#"{"limit": 0}"#, "limit 0"),
        (#"{"radios": 5}"#, "unknown setting 'radios'"),
        (#"{"defaultLocation": {"latitude": 95, "longitude": 0}}"#, "latitude 95.0 is out of range"),
        (#"{"foursquare": {"api": "v2"}}"#, "foursquare.api 'v2'"),
        (
            #"{"foursquare": {"baseURL": "http://x"}}"#,
            "unknown setting 'foursquare.baseURL'; known: api, apiKey, budget, url"
        ),
        (#"{"google": {"budget": {"daily": -1}}}"#, "google.budget.daily must not be negative"),
        (#"{"google": {"budget": {"daily": "lots"}}}"#, "google.budget.daily: expected a whole number"),
        (#"{"google": {"budget": {"weekly": 5}}}"#, "unknown setting 'google.budget.weekly'; known: daily, monthly"),
        (#"{"google": {"budget": 5}}"#, "google.budget: expected an object with daily, monthly"),
        (#"{"overpass": {"budget": {"daily": 5}}}"#, "unknown setting 'overpass.budget'"),
        (#"{"serve": {"rateLimit": "fast"}}"#, "serve.rateLimit 'fast' is not a rate"),
        (#"{"serve": {"rateLimit": "0/min"}}"#, "serve.rateLimit '0/min' is not a rate"),
        (#"{"serve": {"burst": 5}}"#, "serve.burst needs serve.rateLimit"),
        (#"{"serve": {"rateLimit": "5/s", "burst": 0}}"#, "serve.burst 0 must be at least 1"),
        (#"{"google": {"key": "k"}}"#, "unknown setting 'google.key'"),
        (#"{"cache": {"ttl": 5}}"#, "unknown setting 'cache.ttl'"),
        (#"{"defaultLocation": {"lat": 60, "lon": 24}}"#, "unknown setting 'defaultLocation.lat'"),
        (#"{"dedupe": {"priority": ["fsq", "BAD id"]}}"#, "dedupe.priority: 'BAD id' is not a provider name"),
        (#"{"providers": ["yelp"]}"#, "providers: unknown provider 'yelp'; known: fsq, google, osm"),
        (#"{"dedupe": {"priority": ["foursquare"]}}"#, "dedupe.priority: unknown provider 'foursquare'"),
        ("not json", "not valid JSON"),
    ])
    func rejectsInvalidFilesNamingThem(_ text: String, _ expected: String) async throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(text, to: "bad.json")
        do {
            let known: [ProviderID] = [.foursquare, .google, .openStreetMap]
            _ = try await ConfigurationLoader(
                environment: sandbox.environment,
                catalog: Self.catalog,
                knownProviders: known
            )
            .load(explicitFile: file.path)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(file.path))
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func withoutAListOfKnownProvidersAnyWellFormedIDIsAccepted() async throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(#"{"providers": ["yelp", "osm"], "dedupe": {"priority": ["yelp"]}}"#, to: "c.json")
        let configuration = try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load(
            explicitFile: file.path
        )
        #expect(configuration.providers == [ProviderID(rawValue: "yelp"), .openStreetMap])
        #expect(configuration.dedupe.priority == [ProviderID(rawValue: "yelp")])
    }

    @Test func overpassUseIndexesDefaultsToTrueAndAFileTurnsItOff() async throws {
        let sandbox = try Sandbox()
        #expect(
            try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load()[
                .openStreetMap
            ].flag("useIndexes") == true
        )
        let file = try sandbox.write(#"{"overpass": {"useIndexes": false}}"#, to: "no-index.json")
        let configuration = try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load(
            explicitFile: file.path
        )
        #expect(configuration[.openStreetMap].flag("useIndexes") == false)
        let wrong = try sandbox.write(#"{"overpass": {"useIndexes": "no"}}"#, to: "wrong.json")
        await #expect(throws: ConfigurationError.self) {
            try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load(
                explicitFile: wrong.path
            )
        }
    }

    @Test func budgetsAndTheServersRateLimitAreRead() async throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(
            #"""
            {"google": {"budget": {"daily": 100, "monthly": 2000}}, "foursquare": {"budget": {"monthly": 0}},
             "serve": {"rateLimit": "120/min", "burst": 20}}
            """#,
            to: "limits.json"
        )
        let configuration = try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load(
            explicitFile: file.path
        )
        #expect(ProviderBudget(settings: configuration[.google]) == ProviderBudget(daily: 100, monthly: 2000))
        #expect(ProviderBudget(settings: configuration[.foursquare]) == ProviderBudget(daily: nil, monthly: 0))
        #expect(ProviderBudget(settings: configuration[.openStreetMap]) == nil)
        #expect(configuration[.google].source(ProviderBudget.dailySetting) == file.path)
        #expect(configuration.serve.rateLimit == RateLimit(requests: 120, seconds: 60, burst: 20))
        let defaults = try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load()
        #expect(defaults.serve.rateLimit == nil)
        #expect(ProviderBudget(settings: defaults[.google]) == nil)
    }

    @Test func missingExplicitFile() async throws {
        let sandbox = try Sandbox()
        await #expect(throws: ConfigurationError.missingFile("/nonexistent/venues.json")) {
            try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load(
                explicitFile: "/nonexistent/venues.json"
            )
        }
    }

    @Test func theExampleFileIsValidAndMatchesTheBuiltInDefaults() async throws {
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Config/venues.example.json")
        let sandbox = try Sandbox()
        let loaded = try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load(
            explicitFile: example.path
        )
        var expected = VenuesConfiguration(catalog: Self.catalog)
        // The values the file sets are the defaults; only where they came from differs.
        for (provider, name) in [
            (ProviderID.openStreetMap, "url"), (.openStreetMap, "useIndexes"), (.openStreetMap, "offline"),
            (.google, "url"),
            (.foursquare, "api"),
            (.overture, "useIndexes"), (.overture, "minConfidence"), (.overture, "includeClosed"),
        ] {
            expected[provider].set(name, expected[provider].entry(name)?.value, source: example.path)
        }
        #expect(loaded == expected)
    }

    @Test func theEnvironmentWinsOverBothFilesAndEmptyVariablesCountAsUnset() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write(
            #"{"foursquare": {"apiKey": "user-key", "url": "http://127.0.0.1:1"}}"#,
            to: "xdg/venues/config.json"
        )
        let explicit = try sandbox.write(#"{"foursquare": {"url": "http://127.0.0.1:2"}}"#, to: "explicit.json")
        var environment = sandbox.environment
        environment["FOURSQUARE_API_KEY"] = "   "
        environment["VENUES_FOURSQUARE_URL"] = "  http://127.0.0.1:3  "
        let configuration = try await ConfigurationLoader(environment: environment, catalog: Self.catalog).load(
            explicitFile: explicit.path
        )
        #expect(configuration[.foursquare].text("apiKey") == "user-key")
        #expect(configuration[.foursquare].source("apiKey")?.hasSuffix("xdg/venues/config.json") == true)
        #expect(configuration[.foursquare].text("url") == "http://127.0.0.1:3")
        #expect(configuration[.foursquare].source("url") == "VENUES_FOURSQUARE_URL")
    }

    @Test func anExplicitFileWinsOverTheUserFile() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write(#"{"radius": 700, "cache": {"enabled": false}}"#, to: "xdg/venues/config.json")
        let explicit = try sandbox.write(#"{"radius": 300, "google": {"url": "http://127.0.0.1:4"}}"#, to: "e.json")
        let configuration = try await ConfigurationLoader(environment: sandbox.environment, catalog: Self.catalog).load(
            explicitFile: explicit.path
        )
        #expect(configuration.radius == 300)
        #expect(configuration.cache.enabled == false)
        #expect(configuration[.google].source("url") == explicit.path)
    }

    @Test func otherVariablesAreNotSettings() async throws {
        let sandbox = try Sandbox()
        var environment = sandbox.environment
        environment["RADIUS"] = "5"
        environment["FOURSQUARE_APIKEY"] = "not-our-variable"
        let configuration = try await ConfigurationLoader(environment: environment, catalog: Self.catalog).load()
        #expect(configuration.radius == 1000)
        #expect(configuration[.foursquare].text("apiKey") == nil)
    }

    @Test func keysNeverShowInDescriptionsOrMirrors() async throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(#"{"google": {"apiKey": "g-secret-123"}}"#, to: "c.json")
        var environment = sandbox.environment
        environment["FOURSQUARE_API_KEY"] = "f-secret-456"
        let configuration = try await ConfigurationLoader(environment: environment, catalog: Self.catalog).load(
            explicitFile: file.path
        )
        #expect(configuration[.google].text("apiKey") == "g-secret-123")
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in [
            configuration.description, configuration.debugDescription, "\(configuration)",
            String(reflecting: configuration),
            dumped, "\(configuration[.foursquare])", "\(configuration[.google])",
        ] {
            #expect(!text.contains("g-secret-123"), "\(text)")
            #expect(!text.contains("f-secret-456"), "\(text)")
        }
        #expect(configuration.description.contains("key from FOURSQUARE_API_KEY"))
        #expect(dumped.contains("<redacted>"))
    }
}
