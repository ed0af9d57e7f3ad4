import Foundation
import Testing
import VenuesTestSupport

/// What the `venues` binary tells the user, without `--verbose`, when the answer is not exactly
/// what was asked: a radius lowered to a provider's maximum, a centre located by IP.
@Suite(.timeLimit(.minutes(2)))
struct ProviderNoticesTests {
    /// The centre the fake Foursquare reports for an IP-located search (Helsinki Cathedral).
    static let locatedLatitude = 60.1704
    static let locatedLongitude = 24.9522

    static func run(_ arguments: [String], _ fakes: FakeProviders) async throws -> EndToEndProcess.Output {
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        return try await EndToEndProcess.run(arguments, environment: fakes.environment(home: home))
    }

    static func document(_ output: EndToEndProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    /// `venues nearby --radius RADIUS --providers google --format json` against a working fake.
    static func googleNearby(radius: Int) async throws -> EndToEndProcess.Output {
        var fakes = FakeProviders()
        fakes.google = try await FakeProvider.working(.google)
        let output = try await run(
            [
                "nearby", "--near", FakeBodies.near, "--radius", "\(radius)", "--providers", "google", "--format",
                "json",
            ],
            fakes
        )
        await fakes.stop()
        return output
    }

    @Test func googleRadiusAboveItsMaximumIsAWarningOnStderrAndInJSON() async throws {
        let output = try await Self.googleNearby(radius: 80000)

        #expect(output.status == 0, "\(output.transcript)")
        #expect(
            output.stderr.contains("warning: google: radius 80000 m is larger than Google's maximum of 50000 m"),
            "\(output.transcript)"
        )
        let providers = try #require(try Self.document(output)["providers"] as? [[String: Any]])
        let warnings = try #require(providers.first?["warnings"] as? [String], "\(output.stdout)")
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("searched 50000 m") == true)
    }

    @Test func noWarningsKeyWhenTheProviderGaveNone() async throws {
        let output = try await Self.googleNearby(radius: 50000)

        #expect(output.status == 0, "\(output.transcript)")
        #expect(!output.stderr.contains("warning:"), "\(output.transcript)")
        let providers = try #require(try Self.document(output)["providers"] as? [[String: Any]])
        #expect(providers.first?["warnings"] == nil)
    }

    /// No `--near` and no configured location: Foursquare is asked without `ll`, and the centre it
    /// reports is used for Overpass, for distances, and stated on stderr.
    @Test func ipLocatedCentreIsStatedAndUsedByTheOtherProviders() async throws {
        let locatedBody = """
            {"results":[\(FakeBodies.foursquarePlace(0))],"context":{"geo_bounds":{"circle":\
            {"center":{"latitude":\(Self.locatedLatitude),"longitude":\(Self.locatedLongitude)},"radius":22000}}}}
            """
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare) { _, _ in .json(locatedBody) }
        fakes.overpass = try await FakeProvider.working(.overpass)
        let output = try await Self.run(
            ["nearby", "--radius", "1000", "--providers", "fsq,osm", "--format", "json"],
            fakes
        )
        let foursquareRequests = try #require(await fakes.foursquare?.requests)
        let overpassRequests = try #require(await fakes.overpass?.requests)
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        #expect(
            output.stderr.contains(
                "Searching 1000 m around \(Self.locatedLatitude),\(Self.locatedLongitude) (located by fsq from your IP address)."
            ),
            "\(output.transcript)"
        )
        // Foursquare was asked without a centre...
        let search = try #require(foursquareRequests.first)
        #expect(!search.query.contains { $0.name == "ll" }, "\(search.query)")
        // ...and Overpass with the centre Foursquare reported.
        let overpassQuery = try #require(overpassRequests.first?.formFields["data"])
        #expect(
            overpassQuery.contains("around:1000,\(Self.locatedLatitude),\(Self.locatedLongitude)"),
            "\(overpassQuery)"
        )

        let document = try Self.document(output)
        let query = try #require(document["query"] as? [String: Any])
        #expect(query["center"] as? String == "located:fsq")
        #expect(query["latitude"] as? Double == Self.locatedLatitude)
        #expect(query["longitude"] as? Double == Self.locatedLongitude)
    }

    /// A remote Overpass server that finds nothing for the term as a pattern (every query with
    /// a `~` filter) and three venues for the circle.
    static func overpassMatchingNoPattern() async throws -> FakeProviders {
        var fakes = FakeProviders()
        fakes.overpass = try await FakeProvider.start(.overpass) { _, request in
            let count = request.formFields["data"]?.contains("~") == true ? 0 : 3
            return .data(Data(FakeBodies.overpass(count: count).utf8), contentType: "application/osm3s+xml")
        }
        return fakes
    }

    /// A typo on the remote server: within the bound the circle's venues are matched here;
    /// past it, the answer says why venues may be missing, on stderr and in `providers[]`.
    @Test func aTypoOnTheRemoteServerIsForgivenWithinTheBoundAndExplainedPastIt() async throws {
        let fakes = try await Self.overpassMatchingNoPattern()
        let near = ["--near", FakeBodies.near, "--providers", "osm", "--format", "json"]
        let within = try await Self.run(["search", "Galeria Valoisa"] + near + ["--radius", "1000"], fakes)
        let past = try await Self.run(["search", "Galeria Valoisa"] + near + ["--radius", "5000"], fakes)
        let queries = try #require(await fakes.overpass?.requests).compactMap { $0.formFields["data"] }
        await fakes.stop()

        #expect(within.status == 0, "\(within.transcript)")
        let venues = try #require(try Self.document(within)["venues"] as? [[String: Any]], "\(within.stdout)")
        #expect(venues.compactMap { $0["name"] as? String } == ["Galleria Valoisa 3"], "\(within.stdout)")
        #expect(!within.stderr.contains("warning"), "\(within.transcript)")

        #expect(past.status == 0, "\(past.transcript)")
        let warning =
            "typos and word order are forgiven only within 3 km on the remote server; import an extract with `venues osm import` to search the whole region"
        #expect(past.stderr.contains("warning: osm: " + warning), "\(past.transcript)")
        let providers = try #require(try Self.document(past)["providers"] as? [[String: Any]], "\(past.stdout)")
        #expect(providers.first?["warnings"] as? [String] == [warning], "\(past.stdout)")
        // The circle within the bound; the pattern past it.
        #expect(queries.map { $0.contains("~") } == [false, true])
    }

    /// Without `--format json`, nothing found past the bound is not a bare "No venues found".
    @Test func nothingFoundPastTheBoundSaysWhy() async throws {
        let fakes = try await Self.overpassMatchingNoPattern()
        let output = try await Self.run(
            ["search", "Galeria", "--near", FakeBodies.near, "--providers", "osm", "--radius", "5000"],
            fakes
        )
        await fakes.stop()
        #expect(output.stderr.contains("forgiven only within 3 km on the remote server"), "\(output.transcript)")
        #expect(output.stderr.contains("venues osm import"), "\(output.transcript)")
    }
}
