import Foundation
import Testing
import VenuesTestSupport

/// `foursquare.api: "v3"` in the config file reaches the Foursquare provider: the built `venues`
/// binary then calls the legacy `GET /v3/places/search` with the raw key (no `Bearer`) and
/// `X-Places-Api-Version: 1970-01-01`, and reads the v3 answer shape.
@Suite(.timeLimit(.minutes(2)))
struct FoursquareV3ConfigurationTests {
    /// A v3 search answer (`fsq_id`, `geocodes.main`, integer category ids) with two places
    /// near ``FakeBodies/near``; synthetic.
    static let v3Body = """
        {"results":[\
        {"fsq_id":"e2e0f5a0000000000000v301","name":"Legacy Kahvila One",\
        "geocodes":{"main":{"latitude":60.1702,"longitude":24.9395}},\
        "categories":[{"id":13034,"name":"Café"}],\
        "location":{"formatted_address":"Vanhatie 1, 00100 Helsinki"},"tel":"+358 40 000 0001"},\
        {"fsq_id":"e2e0f5a0000000000000v302","name":"Legacy Baari Two",\
        "geocodes":{"main":{"latitude":60.1704,"longitude":24.9405}},\
        "categories":[{"id":13003,"name":"Bar"}],\
        "location":{"formatted_address":"Vanhatie 2, 00100 Helsinki"}}]}
        """

    @Test func configuredV3ApiSendsTheLegacyRequest() async throws {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare) { _, request in
            guard request.method == "GET", request.path == "/v3/places/search" else {
                return .json(FakeBodies.foursquareError("test server: no route for \(request.path)"), status: 404)
            }
            return .json(Self.v3Body)
        }
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent("venues-v3.json")
        try Data(#"{"foursquare": {"api": "v3"}}"#.utf8).write(to: config)

        let output = try await EndToEndProcess.run(
            [
                "nearby", "--near", FakeBodies.near, "--radius", "1000", "--providers", "fsq", "--format", "json",
                "--config", config.path,
            ],
            environment: fakes.environment(home: home)
        )
        let requests = try #require(await fakes.foursquare?.requests)
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let search = try #require(requests.first, "\(output.transcript)")
        #expect(requests.allSatisfy { $0.path == "/v3/places/search" }, "\(requests.map(\.path))")
        #expect(search.method == "GET")
        #expect(search.path == "/v3/places/search")
        // v3 takes the raw key, never "Bearer <key>", and the OpenAPI's only version value.
        #expect(search.header("Authorization") == FakeProviders.foursquareKey)
        #expect(search.header("Authorization")?.hasPrefix("Bearer") == false)
        #expect(search.header("X-Places-Api-Version") == "1970-01-01")
        #expect(search.queryValue("ll") == "60.17,24.94")
        #expect(search.queryValue("fields")?.hasPrefix("fsq_id,name,geocodes,") == true)
        #expect(search.queryValue("fsq_category_ids") == nil)

        let document = try output.json()
        #expect(document.provider("fsq")?.status == "ok", "\(output.transcript)")
        #expect(
            document.sourceIDs(of: "fsq") == ["fsq:e2e0f5a0000000000000v301", "fsq:e2e0f5a0000000000000v302"],
            "\(output.stdout)"
        )
        #expect(!output.stdout.contains(FakeProviders.foursquareKey))
        #expect(!output.stderr.contains(FakeProviders.foursquareKey))
    }
}
