import Foundation
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestKit
import VenuesTestSupport

@testable import OverpassProvider

/// The provider against a loopback server, with the real libcurl client: what it sends and
/// what it makes of each kind of answer.
@Suite("Overpass over loopback HTTP", .timeLimit(.minutes(3)))
struct LoopbackTests {
    /// Every request's deadline: generous, since the whole suite shares two cores (a 7 s one
    /// once ran out while other suites imported indexes); none of these tests is about time.
    static let deadline: Double = 45

    /// A loopback server answering with `handler`, and a provider pointed at it.
    func start(_ handler: @escaping LoopbackServer.Handler) async throws -> (OverpassProvider, LoopbackServer) {
        let server = try await LoopbackServer.start(handler: handler)
        let provider = OverpassProvider(
            configuration: .init(endpoint: .remote(server.url("/api/interpreter"))),
            httpClient: CurlHTTPClient()
        )
        return (provider, server)
    }

    @Test func nearbyPostsTheQueryAsAFormField() async throws {
        let small = try OverpassTest.fixture("real-small.xml")
        let (provider, server) = try await start { _ in OverpassTest.osm(small) }
        let response = try await provider.nearby(
            VenueQuery(center: OverpassTest.helsinki, radius: 500, limit: 100, timeout: Self.deadline)
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
        #expect(query.hasPrefix("[out:xml][timeout:\(Int(Self.deadline))];"))
        #expect(query.contains("nwr(around:500,60.171634,24.944295)[\"name\"][\"amenity\"];"))
        #expect(query.hasSuffix("out bb tags;\n"))
        // 19 elements: the relation's centre is on another continent and is dropped.
        #expect(response.venues.count == 18)
        #expect(response.notes.contains("dropped 1 venue(s) whose centre is outside the 500 m radius"))
        await server.stop()
    }

    @Test func searchSendsTheEscapedTerm() async throws {
        let empty = try OverpassTest.fixture("real-empty.xml")
        let (provider, server) = try await start { _ in OverpassTest.osm(empty) }
        // Past the 3 km within which the circle is fetched and matched here: the term is sent.
        let response = try await provider.search(
            VenueQuery(center: OverpassTest.helsinki, radius: 3500, term: #"Café "x" + (y)\"#, timeout: Self.deadline)
        )
        #expect(response.venues.isEmpty)
        let request = try #require(await server.requests.first)
        #expect(request.bodyText.contains("%2B") && !request.bodyText.contains("+"))
        let query = try #require(request.formFields["data"])
        #expect(
            query.contains(
                #"nwr(around:3500,60.171634,24.944295)["name"~"[cçÇ][aáàâäåÁÀÂÄÅ]f[eéèêëÉÈÊË] \"x\" \\+ \\([yýÝ]\\)\\\\",i]["amenity"];"#
            )
        )
        #expect(
            query.contains(#"["name"]["brand"~"[cçÇ][aáàâäåÁÀÂÄÅ]f[eéèêëÉÈÊË] \"x\" \\+ \\([yýÝ]\\)\\\\",i]["shop"];"#)
        )
        await server.stop()
    }

    @Test func badRequestCarriesTheServerMessages() async throws {
        let page = try OverpassTest.fixture("real-error-syntax.xml")
        let (provider, server) = try await start { _ in
            .data(page, contentType: "text/html; charset=utf-8", status: 400)
        }
        await #expect {
            try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100, timeout: Self.deadline))
        } throws: { error in
            guard case ProviderError.badRequest(let message) = error else { return false }
            return message.contains("parse error: Unexpected end of input.")
        }
        await server.stop()
    }

    @Test func runtimeErrorIn200IsNeverAnEmptyList() async throws {
        let body = try OverpassTest.fixture("real-error-runtime.xml")
        let (provider, server) = try await start { _ in OverpassTest.osm(body) }
        await #expect {
            try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100, timeout: Self.deadline))
        } throws: { error in
            guard case ProviderError.server(200, let message?) = error else { return false }
            return message.hasPrefix("runtime error: Query ran out of memory")
        }
        await server.stop()
    }

    @Test func duplicateQueryPageIsAnError() async throws {
        let body = try OverpassTest.fixture("real-error-duplicate-query.xml")
        let (provider, server) = try await start { _ in .data(body, contentType: "text/html; charset=utf-8") }
        await #expect {
            try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100, timeout: Self.deadline))
        } throws: { error in
            guard case ProviderError.server(200, let message?) = error else { return false }
            return message.contains("duplicate_query")
        }
        await server.stop()
    }

    @Test func rateLimitIsNotRetried() async throws {
        // The 429 body is synthesised from the server's XHTML error template (no real capture).
        let page = OverpassTest.errorPage([OverpassTest.rateLimitedMessage])
        let (provider, server) = try await start { _ in .text(page, status: 429, headers: [("Retry-After", "60")]) }
        await #expect(throws: ProviderError.rateLimited(retryAfter: 60)) {
            try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100, timeout: Self.deadline))
        }
        #expect(await server.requests.count == 1)
        await server.stop()
    }

    @Test func gatewayTimeoutIsRetriedOnceThenReportedAsBusy() async throws {
        // The 504 body is synthesised from the server's XHTML error template (no real capture).
        let page = OverpassTest.errorPage([OverpassTest.busyMessage])
        let (provider, server) = try await start { _ in .text(page, status: 504) }
        await #expect {
            // A generous deadline: the retry waits a second or more, on a machine that may be busy.
            try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100, timeout: Self.deadline))
        } throws: { error in
            guard case ProviderError.server(504, let message?) = error else { return false }
            return message.contains("too busy")
        }
        #expect(await server.requests.count == 2)
        await server.stop()
    }

    @Test func notAcceptableNamesTheUserAgent() async throws {
        let (provider, server) = try await start { _ in .text("Not Acceptable", status: 406) }
        await #expect {
            try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100, timeout: Self.deadline))
        } throws: { error in
            guard case ProviderError.badRequest(let message) = error else { return false }
            return message.contains("User-Agent")
        }
        await server.stop()
    }

    /// An authenticating proxy or a private server in front of Overpass: `unauthorized`, asked
    /// once (a refusal is not retried), saying what to check since OSM has no key.
    @Test(arguments: [401, 403])
    func refusedCredentialsAreUnauthorized(status: Int) async throws {
        let (provider, server) = try await start { _ in
            .data(
                Data("<html><head><title>Authentication required</title></head></html>".utf8),
                contentType: "text/html",
                status: status,
                headers: [("WWW-Authenticate", #"Basic realm="overpass""#)]
            )
        }
        await #expect {
            try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100, timeout: Self.deadline))
        } throws: { error in
            guard case ProviderError.unauthorized(let message) = error else { return false }
            return message.contains("refused the credentials sent (HTTP \(status)")
                && message.contains("OpenStreetMap needs no key") && message.contains("VENUES_OVERPASS_URL")
        }
        #expect(await server.requests.count == 1)
        await server.stop()
    }

    /// A captive portal answers `200` with its login page: `invalidResponse` quoting the
    /// page's title, not a server error.
    @Test func captivePortalPageIsAnInvalidResponseNamingThePage() async throws {
        let (provider, server) = try await start { _ in
            .data(Data(OverpassTest.captivePortalPage.utf8), contentType: "text/html; charset=utf-8")
        }
        await #expect {
            try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 100, timeout: Self.deadline))
        } throws: { error in
            guard case ProviderError.invalidResponse(let message) = error else { return false }
            return message.contains(#"a web page titled "Hotel Wi-Fi – Sign in", not OSM XML"#)
        }
        #expect(await server.requests.count == 1)
        await server.stop()
    }

    @Test func lookupAsksForOneElement() async throws {
        let small = try OverpassTest.fixture("real-small.xml")
        let (provider, server) = try await start { _ in OverpassTest.osm(small) }
        let venue = try await provider.venue(try VenueID(parsing: "osm:way/300626401"), timeout: 37)
        #expect(venue.name == "Helsingin Pystygrilli")
        let query = try #require(await server.requests.first?.formFields["data"])
        #expect(query.contains("\nway(300626401);\nout bb tags;"))
        // The caller's timeout, not the default, is the server's limit too.
        #expect(query.hasPrefix("[out:xml][timeout:37];"), "\(query)")
        await server.stop()
    }

    @Test func conformance() async throws {
        let small = try OverpassTest.fixture("real-small.xml")
        let (provider, server) = try await start { _ in OverpassTest.osm(small) }
        try await VenueProviderConformance(
            provider: provider,
            center: OverpassTest.helsinki,
            radius: 150,
            knownTerm: "Pystygrilli",
            unknownID: try VenueID(parsing: "osm:node/999999999999")
        ).run()
        await server.stop()
    }
}
