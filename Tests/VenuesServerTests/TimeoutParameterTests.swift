import Foundation
import Testing
import VenuesCore
import VenuesServerTestSupport
import VenuesTestSupport

/// `timeout=` on the routes that take it (`/v1/nearby`, `/v1/search`): 1 to 600 seconds
/// (``VenueQuery/timeoutRange``, the command line's range too), anything else a 400 naming the
/// parameter before any provider is asked; providers that are too slow for a valid timeout are
/// the upstreams' failure, 503.
@Suite("timeout= on the listing routes: 1 to 600 s, else 400 naming it; slow upstreams are 503")
struct TimeoutParameterTests {
    /// Every route that takes `timeout`, with the other parameters it needs.
    static let routes = [
        "/v1/nearby?near=\(FakeBodies.near)",
        "/v1/search?term=cafe&near=\(FakeBodies.near)",
    ]

    @Test(
        "a timeout outside 1 to 600 seconds is 400 naming timeout, and no provider is asked",
        arguments: routes,
        ["0", "5e-324", "0.999", "-1", "600.001", "601", "1e308", "-0"]
    )
    func outOfRange(route: String, timeout: String) async throws {
        let (response, sent) = try await Self.get("\(route)&timeout=\(timeout)")

        #expect(response.status == 400, "\(response.text)")
        #expect(response.errorKind == "badRequest")
        let message = try #require(response.errorMessage)
        #expect(message.hasPrefix("timeout "), "\(message)")
        #expect(message.hasSuffix("is out of range: expected 1 to 600 seconds"), "\(message)")
        #expect(sent == 0, "nothing is asked upstream for an invalid timeout")
    }

    @Test(
        "a timeout that is not a finite number is 400 naming timeout",
        arguments: routes,
        ["inf", "nan", "ten", "", "1s"]
    )
    func notANumber(route: String, timeout: String) async throws {
        let (response, sent) = try await Self.get("\(route)&timeout=\(timeout)")

        #expect(response.status == 400, "\(response.text)")
        let message = try #require(response.errorMessage)
        #expect(message.hasPrefix("timeout '\(timeout)' is not a number: expected 1 to 600 seconds"), "\(message)")
        #expect(sent == 0)
    }

    @Test("the edges are accepted: exactly 1 and exactly 600 seconds", arguments: routes, ["1", "1.0", "600", "6e2"])
    func edgesAccepted(route: String, timeout: String) async throws {
        let (response, sent) = try await Self.get("\(route)&timeout=\(timeout)")

        // Accepted: the provider is asked. Within a second, the loopback fake answers, unless the
        // machine is too busy for it: then the deadline, not the validation, ends the request —
        // and on a busy machine the second can end before the request reaches the fake at all
        // (seen with the browser suites running beside it). An invalid timeout is 400, never 503.
        // One query each: a search within 3 km fetches the circle's venues, as a nearby one does.
        if Double(timeout)! < 2, response.status == 503 {
            #expect(response.errorMessage?.contains("osm: no answer within the timeout") == true, "\(response.text)")
            #expect(sent <= 1)
        } else {
            #expect(response.status == 200, "\(response.text)")
            #expect(sent == 1)
        }
    }

    @Test("every provider too slow for the timeout is 503 noProviderAnswered, naming each one's timeout")
    func slowUpstreamsAre503() async throws {
        let gate = HeldAnswer()
        let overpass = try await Fakes.overpass { _, _ in
            await gate.hold(atMost: .seconds(120))
            return nil
        }
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.get("/v1/nearby?near=\(FakeBodies.near)&timeout=1")
        let answeredFirst = gate.wasAnswered
        gate.release()
        await server.stop()
        await overpass.stop()

        #expect(response.status == 503, "\(response.text)")
        #expect(response.errorKind == "noProviderAnswered")
        #expect(response.errorMessage?.contains("osm: no answer within the timeout") == true, "\(response.text)")
        #expect(!answeredFirst, "the server answered before the fake did: the timeout, not the fake, ended it")
    }

    /// The answer to `target` from a server whose only provider is a working Overpass fake,
    /// and how many requests that fake received.
    static func get(_ target: String) async throws -> (TestResponse, Int) {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let response = try await server.client.get(target)
        let sent = await overpass.requestCount
        await server.stop()
        await overpass.stop()
        return (response, sent)
    }
}
