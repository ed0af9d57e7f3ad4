import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("Provider keys never reach a response, a log line, a metric or the store")
struct SecretsTests {
    @Test("keys are sent to the providers and nowhere else")
    func keysStayOnTheServer() async throws {
        let overpass = try await Fakes.overpass()
        let foursquare = try await FakeProvider.working(.foursquare, count: 2)
        let google = try await FakeProvider.start(.google) { attempt, request in
            // Google refuses the key once, and its error message carries the key (as Google's
            // own may): the key must not go back out with it.
            attempt == 1
                ? .json(
                    FakeBodies.googleError(
                        code: 403,
                        status: "PERMISSION_DENIED",
                        message: "Requests from this key are blocked: \(RunningServer.googleKey)"
                    ),
                    status: 403
                ) : .success(.google, count: 2, request: request)
        }
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(foursquare: foursquare, google: google, overpass: overpass),
            store: store
        )
        let client = server.client
        var responses: [TestResponse] = []
        for target in [
            "/v1/nearby?near=\(FakeBodies.near)",
            "/v1/nearby?near=\(FakeBodies.near)&radius=900",
            "/v1/search?term=Bistro&near=\(FakeBodies.near)",
            "/v1/venues/fsq:\(FakeBodies.foursquareID(0))",
            "/v1/venues/google:\(FakeBodies.googleID(0))",
            "/v1/venues/osm:node/3",
            "/v1/nearby?near=1000,0",
            "/metrics",
            "/openapi.json",
        ] {
            responses.append(try await client.get(target))
        }
        responses.append(try await client.send("PUT", "/v1/favorites/fsq:\(FakeBodies.foursquareID(0))"))
        responses.append(try await client.get("/v1/favorites"))
        let sentToFoursquare = await foursquare.requests
        let sentToGoogle = await google.requests
        let logs = server.logs.all
        await server.stop()
        await overpass.stop()
        await foursquare.stop()
        await google.stop()

        let keys = [RunningServer.foursquareKey, RunningServer.googleKey]
        // The keys were in use: the test could see a leak.
        #expect(sentToFoursquare.contains { $0.header("authorization")?.contains(RunningServer.foursquareKey) == true })
        #expect(sentToGoogle.contains { $0.header("x-goog-api-key") == RunningServer.googleKey })
        #expect(responses.allSatisfy { $0.status < 500 }, "\(responses.map(\.status))")
        // The 403 that echoed the key was answered to the first listing, and reported in it.
        #expect(responses[0].text.contains("Requests from this key are blocked"), "\(responses[0].text)")
        for key in keys {
            for response in responses {
                #expect(!response.text.contains(key))
                #expect(!response.headers.values.contains { $0.contains(key) })
            }
            #expect(!logs.contains { $0.contains(key) })
            for value in store.cachedValues {
                #expect(!String(decoding: value, as: UTF8.self).contains(key))
            }
            #expect(!store.cachedKeys.contains { $0.contains(key) })
        }
        #expect(!store.cachedValues.isEmpty)
        #expect(!logs.isEmpty)
    }
}
