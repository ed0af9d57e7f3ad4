import Foundation
@testable import OverpassProvider
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestSupport
import VenuesTesting

/// The provider against a loopback server, with the real libcurl client: what it sends and
/// what it makes of each kind of answer.
@Suite("Overpass over loopback HTTP", .timeLimit(.minutes(1)))
struct LoopbackTests {
    func withServer(
        _ handler: @escaping LoopbackServer.Handler,
        _ body: (OverpassProvider, LoopbackServer) async throws -> Void
    ) async throws {
        let server = try await LoopbackServer.start(handler: handler)
        let provider = OverpassProvider(
            configuration: .init(endpoint: .remote(server.url("/api/interpreter"))),
            httpClient: CurlHTTPClient()
        )
        do {
            try await body(provider, server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func nearbyPostsTheQueryAsAFormField() async throws {
        let small = try OverpassTest.fixture("real-small.xml")
        try await withServer({ _ in OverpassTest.osm(small) }) { provider, server in
            let response = try await provider.nearby(
                VenueQuery(center: OverpassTest.helsinki, radius: 500, limit: 100, timeout: 7)
            )
            let request = try #require(await server.requests.first)
            #expect(await server.requests.count == 1)
            #expect(request.method == "POST")
            #expect(request.path == "/api/interpreter")
            #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(request.header("User-Agent")?.hasPrefix("venues/") == true)
            #expect(request.bodyText.hasPrefix("data="))
            #expect(!request.bodyText.contains(" ") && !request.bodyText.contains("\n"))
            let query = try #require(request.formFields["data"])
            #expect(query.hasPrefix("[out:xml][timeout:7];"))
            #expect(query.contains("nwr(around:500,60.171634,24.944295)[\"name\"][\"amenity\"];"))
            #expect(query.hasSuffix("out center tags;\n"))
            // 19 elements: the relation's centre is on another continent and is dropped.
            #expect(response.venues.count == 18)
            #expect(response.notes.contains("dropped 1 venue(s) whose centre is outside the 500 m radius"))
        }
    }

    @Test func searchSendsTheEscapedTerm() async throws {
        let empty = try OverpassTest.fixture("real-empty.xml")
        try await withServer({ _ in OverpassTest.osm(empty) }) { provider, server in
            let response = try await provider.search(
                VenueQuery(center: OverpassTest.helsinki, radius: 200, term: #"Café "x" + (y)\"#)
            )
            #expect(response.venues.isEmpty)
            let request = try #require(await server.requests.first)
            #expect(request.bodyText.contains("%2B") && !request.bodyText.contains("+"))
            let query = try #require(request.formFields["data"])
            #expect(query.contains(#"nwr(around:200,60.171634,24.944295)["name"~"Café \"x\" \\+ \\(y\\)\\\\",i]["amenity"];"#))
            #expect(query.contains(#"["name"]["brand"~"Café \"x\" \\+ \\(y\\)\\\\",i]["shop"];"#))
        }
    }

    @Test func badRequestCarriesTheServerMessages() async throws {
        let page = try OverpassTest.fixture("real-error-syntax.xml")
        try await withServer({ _ in .data(page, contentType: "text/html; charset=utf-8", status: 400) }) { provider, _ in
            await #expect {
                try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
            } throws: { error in
                guard case ProviderError.badRequest(let message) = error else { return false }
                return message.contains("parse error: Unexpected end of input.")
            }
        }
    }

    @Test func runtimeErrorIn200IsNeverAnEmptyList() async throws {
        let body = try OverpassTest.fixture("real-error-runtime.xml")
        try await withServer({ _ in OverpassTest.osm(body) }) { provider, _ in
            await #expect {
                try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
            } throws: { error in
                guard case ProviderError.server(200, let message?) = error else { return false }
                return message.hasPrefix("runtime error: Query ran out of memory")
            }
        }
    }

    @Test func duplicateQueryPageIsAnError() async throws {
        let body = try OverpassTest.fixture("real-error-duplicate-query.xml")
        try await withServer({ _ in .data(body, contentType: "text/html; charset=utf-8") }) { provider, _ in
            await #expect {
                try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
            } throws: { error in
                guard case ProviderError.server(200, let message?) = error else { return false }
                return message.contains("duplicate_query")
            }
        }
    }

    @Test func rateLimitIsNotRetried() async throws {
        // The 429 body is synthesised from the server's XHTML error template (no real capture).
        let page = OverpassTest.errorPage([OverpassTest.rateLimitedMessage])
        try await withServer({ _ in .text(page, status: 429, headers: [("Retry-After", "60")]) }) { provider, server in
            await #expect(throws: ProviderError.rateLimited(retryAfter: 60)) {
                try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
            }
            #expect(await server.requests.count == 1)
        }
    }

    @Test func gatewayTimeoutIsRetriedOnceThenReportedAsBusy() async throws {
        // The 504 body is synthesised from the server's XHTML error template (no real capture).
        let page = OverpassTest.errorPage([OverpassTest.busyMessage])
        try await withServer({ _ in .text(page, status: 504) }) { provider, server in
            await #expect {
                try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
            } throws: { error in
                guard case ProviderError.server(504, let message?) = error else { return false }
                return message.contains("too busy")
            }
            #expect(await server.requests.count == 2)
        }
    }

    @Test func notAcceptableNamesTheUserAgent() async throws {
        try await withServer({ _ in .text("Not Acceptable", status: 406) }) { provider, _ in
            await #expect {
                try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100))
            } throws: { error in
                guard case ProviderError.badRequest(let message) = error else { return false }
                return message.contains("User-Agent")
            }
        }
    }

    @Test func lookupAsksForOneElement() async throws {
        let small = try OverpassTest.fixture("real-small.xml")
        try await withServer({ _ in OverpassTest.osm(small) }) { provider, server in
            let venue = try await provider.venue(try VenueID(parsing: "osm:way/300626401"))
            #expect(venue.name == "Helsingin Pystygrilli")
            let query = try #require(await server.requests.first?.formFields["data"])
            #expect(query.contains("\nway(300626401);\nout center tags;"))
        }
    }

    @Test func conformance() async throws {
        let small = try OverpassTest.fixture("real-small.xml")
        try await withServer({ _ in OverpassTest.osm(small) }) { provider, _ in
            try await VenueProviderConformance(
                provider: provider,
                center: OverpassTest.helsinki,
                radius: 150,
                knownTerm: "Pystygrilli"
            ).run()
        }
    }
}
