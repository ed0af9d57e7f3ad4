import Foundation
import Testing
import VenuesConfig
import VenuesCore

@Suite struct ConfigurationLoaderTests {
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

    @Test func defaultsWithoutFiles() throws {
        let sandbox = try Sandbox()
        let configuration = try ConfigurationLoader(environment: sandbox.environment).load()
        #expect(configuration.radius == 1000)
        #expect(configuration.limit == 50)
        #expect(configuration.timeout == 10)
        #expect(configuration.defaultLocation == nil)
        #expect(configuration.foursquare.apiKey == nil)
        #expect(configuration.overpass.url == "https://overpass-api.de/api/interpreter")
    }

    @Test func layersUserFileThenExplicitFileThenEnvironment() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write(
            #"{"radius": 700, "limit": 20, "google": {"apiKey": "from-user-file"}}"#,
            to: "xdg/venues/config.json"
        )
        let explicit = try sandbox.write(#"{"radius": 800, "overpass": {"url": "/tmp/x.osm"}}"#, to: "explicit.json")
        var environment = sandbox.environment
        environment["VENUES_OVERPASS_URL"] = "http://127.0.0.1:9/api/interpreter"
        environment["FOURSQUARE_API_KEY"] = "fsq-env"
        let configuration = try ConfigurationLoader(environment: environment).load(explicitFile: explicit.path)
        #expect(configuration.radius == 800)
        #expect(configuration.limit == 20)
        #expect(configuration.google.apiKey == "from-user-file")
        #expect(configuration.google.apiKeySource?.hasSuffix("config.json") == true)
        #expect(configuration.foursquare.apiKey == "fsq-env")
        #expect(configuration.foursquare.apiKeySource == "FOURSQUARE_API_KEY")
        #expect(configuration.overpass.url == "http://127.0.0.1:9/api/interpreter")
    }

    @Test func venuesConfigVariableNamesTheFile() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(#"{"defaultLocation": {"latitude": 60.17, "longitude": 24.94}}"#, to: "c.json")
        var environment = sandbox.environment
        environment["VENUES_CONFIG"] = file.path
        let configuration = try ConfigurationLoader(environment: environment).load()
        #expect(configuration.defaultLocation == (try Coordinate(latitude: 60.17, longitude: 24.94)))
    }

    @Test(arguments: [
        (#"{"radius": 0}"#, "radius 0 is out of range"),
        (#"{"radius": "big"}"#, "radius"),
        (#"{"limit": 0}"#, "limit 0"),
        (#"{"radios": 5}"#, "unknown setting 'radios'"),
        (#"{"defaultLocation": {"latitude": 95, "longitude": 0}}"#, "latitude 95.0 is out of range"),
        (#"{"foursquare": {"api": "v2"}}"#, "foursquare.api 'v2'"),
        (#"{"foursquare": {"baseURL": "http://x"}}"#, "unknown setting 'foursquare.baseURL'; known: api, apiKey, url"),
        (#"{"google": {"key": "k"}}"#, "unknown setting 'google.key'"),
        (#"{"cache": {"ttl": 5}}"#, "unknown setting 'cache.ttl'"),
        (#"{"defaultLocation": {"lat": 60, "lon": 24}}"#, "unknown setting 'defaultLocation.lat'"),
        (#"{"dedupe": {"priority": ["fsq", "BAD id"]}}"#, "dedupe.priority: 'BAD id' is not a provider name"),
        (#"{"providers": ["yelp"]}"#, "providers: unknown provider 'yelp'; known: fsq, google, osm"),
        (#"{"dedupe": {"priority": ["foursquare"]}}"#, "dedupe.priority: unknown provider 'foursquare'"),
        ("not json", "not valid JSON"),
    ])
    func rejectsInvalidFilesNamingThem(_ text: String, _ expected: String) throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(text, to: "bad.json")
        do {
            let known: [ProviderID] = [.foursquare, .google, .openStreetMap]
            _ = try ConfigurationLoader(environment: sandbox.environment, knownProviders: known)
                .load(explicitFile: file.path)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(file.path))
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func withoutAListOfKnownProvidersAnyWellFormedIDIsAccepted() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(#"{"providers": ["yelp", "osm"], "dedupe": {"priority": ["yelp"]}}"#, to: "c.json")
        let configuration = try ConfigurationLoader(environment: sandbox.environment).load(explicitFile: file.path)
        #expect(configuration.providers == [ProviderID(rawValue: "yelp"), .openStreetMap])
        #expect(configuration.dedupe.priority == [ProviderID(rawValue: "yelp")])
    }

    @Test func overpassUseIndexesDefaultsToTrueAndAFileTurnsItOff() throws {
        let sandbox = try Sandbox()
        #expect(try ConfigurationLoader(environment: sandbox.environment).load().overpass.useIndexes)
        let file = try sandbox.write(#"{"overpass": {"useIndexes": false}}"#, to: "no-index.json")
        let configuration = try ConfigurationLoader(environment: sandbox.environment).load(explicitFile: file.path)
        #expect(configuration.overpass.useIndexes == false)
        let wrong = try sandbox.write(#"{"overpass": {"useIndexes": "no"}}"#, to: "wrong.json")
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(environment: sandbox.environment).load(explicitFile: wrong.path)
        }
    }

    @Test func missingExplicitFile() throws {
        let sandbox = try Sandbox()
        #expect(throws: ConfigurationError.missingFile("/nonexistent/venues.json")) {
            try ConfigurationLoader(environment: sandbox.environment).load(explicitFile: "/nonexistent/venues.json")
        }
    }

    @Test func theExampleFileIsValidAndMatchesTheBuiltInDefaults() throws {
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Config/venues.example.json")
        let sandbox = try Sandbox()
        let loaded = try ConfigurationLoader(environment: sandbox.environment).load(explicitFile: example.path)
        var expected = VenuesConfiguration()
        expected.overpass.urlSource = example.path
        expected.google.urlSource = example.path
        #expect(loaded == expected)
    }
}
