import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesHTTP

/// An upstream client that records what it is asked and answers with a fixed response.
final class CountingClient: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    private let answer: HTTPResponse

    init(answer: HTTPResponse = CacheSamples.ok) { self.answer = answer }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        lock.withLock { sent.append(request) }
        return answer
    }
}

@Suite("CachingHTTPClient: normal, refresh and offline modes")
struct CacheClientTests {
    @Test("normal: a fresh entry answers without a request; a stale one is fetched again")
    func normalMode() async throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let clock = TestClock()
        let upstream = CountingClient()
        let client = CachingHTTPClient(
            wrapping: upstream,
            cache: ResponseCache(directory: scratch.directory, timeToLive: 60, now: { clock.now })
        )

        #expect(try await client.send(CacheSamples.nearby) == CacheSamples.ok)
        #expect(upstream.requests.count == 1)
        clock.advance(by: 59)
        #expect(try await client.send(CacheSamples.nearby) == CacheSamples.ok)
        #expect(upstream.requests.count == 1)
        // Another query is not answered by this one's entry.
        _ = try await client.send(CacheSamples.googleText)
        #expect(upstream.requests.count == 2)

        clock.advance(by: 1)
        _ = try await client.send(CacheSamples.nearby)
        #expect(upstream.requests.count == 3)
        // The refetched response was stored anew: fresh again.
        _ = try await client.send(CacheSamples.nearby)
        #expect(upstream.requests.count == 3)
        // The upstream received the request as it was, secrets included.
        #expect(upstream.requests[0] == CacheSamples.nearby)
    }

    @Test("normal: answers other than 200 are passed on and not cached")
    func errorsNotCached() async throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let upstream = CountingClient(answer: HTTPResponse(status: 429, headers: ["Retry-After": "3"]))
        let client = CachingHTTPClient(wrapping: upstream, cache: ResponseCache(directory: scratch.directory))
        #expect(try await client.send(CacheSamples.nearby).status == 429)
        #expect(try await client.send(CacheSamples.nearby).status == 429)
        #expect(upstream.requests.count == 2)
        #expect(scratch.files().isEmpty)
    }

    @Test("refresh (--no-cache): always sends, and stores what it gets")
    func refreshMode() async throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let upstream = CountingClient()
        let cache = ResponseCache(directory: scratch.directory)
        let refreshing = CachingHTTPClient(wrapping: upstream, cache: cache, mode: .refresh)
        _ = try await refreshing.send(CacheSamples.nearby)
        _ = try await refreshing.send(CacheSamples.nearby)
        #expect(upstream.requests.count == 2)

        let normal = CachingHTTPClient(wrapping: upstream, cache: cache, mode: .normal)
        #expect(try await normal.send(CacheSamples.nearby) == CacheSamples.ok)
        #expect(upstream.requests.count == 2)
    }

    @Test("offline with an empty cache: the clear error, and no request")
    func offlineEmpty() async throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let upstream = CountingClient()
        let client = CachingHTTPClient(
            wrapping: upstream,
            cache: ResponseCache(directory: scratch.directory),
            mode: .offline
        )
        await #expect(throws: HTTPClientError.unreachable(CachingHTTPClient.offlineMissMessage)) {
            try await client.send(CacheSamples.nearby)
        }
        #expect(upstream.requests.isEmpty)
        #expect(CachingHTTPClient.isOfflineMiss(CachingHTTPClient.offlineMissMessage))
        #expect(!CachingHTTPClient.isOfflineMiss("connection refused"))
        #expect(CachingHTTPClient.offlineMissMessage.contains("nothing is cached for this query"))
    }

    @Test("offline: an entry of any age answers, and no request is sent")
    func offlineStale() async throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let clock = TestClock()
        let upstream = CountingClient()
        let cache = ResponseCache(directory: scratch.directory, now: { clock.now })
        _ = try await CachingHTTPClient(wrapping: upstream, cache: cache).send(CacheSamples.googleText)
        clock.advance(by: 30 * 24 * 3600)

        let offline = CachingHTTPClient(wrapping: upstream, cache: cache, mode: .offline)
        #expect(try await offline.send(CacheSamples.googleText) == CacheSamples.ok)
        #expect(upstream.requests.count == 1)
    }

    @Test("a corrupt entry is ignored: normal fetches and replaces it, offline reports a miss")
    func corruptEntry() async throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let upstream = CountingClient()
        let cache = ResponseCache(directory: scratch.directory)
        cache.store(CacheSamples.ok, for: CacheSamples.nearby)
        let url = cache.fileURL(for: CacheSamples.nearby)
        try Data(try Data(contentsOf: url).prefix(40)).write(to: url)

        let offline = CachingHTTPClient(wrapping: upstream, cache: cache, mode: .offline)
        await #expect(throws: HTTPClientError.unreachable(CachingHTTPClient.offlineMissMessage)) {
            try await offline.send(CacheSamples.nearby)
        }
        let normal = CachingHTTPClient(wrapping: upstream, cache: cache)
        #expect(try await normal.send(CacheSamples.nearby) == CacheSamples.ok)
        #expect(upstream.requests.count == 1)
        #expect(cache.entry(for: CacheSamples.nearby)?.body == CacheSamples.ok.body)
        #expect(try await offline.send(CacheSamples.nearby) == CacheSamples.ok)
    }
}

@Suite("CachingHTTPClient over CurlHTTPClient and a loopback server", .timeLimit(.minutes(3)))
struct CacheLoopbackTests {
    @Test("a cached query is answered with no request reaching the server")
    func cachedQueryNeverReachesServer() async throws {
        let server = try await LoopbackServer.start { request in
            .json(#"{"results":[{"name":"Café Engel","query":"\#(request.queryValue("query") ?? "")"}]}"#)
        }
        defer { Task { await server.stop() } }
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let client = CachingHTTPClient(wrapping: CurlHTTPClient(), cache: ResponseCache(directory: scratch.directory))
        let request = HTTPRequest(url: server.url("/places/search?query=cafe&ll=60.17%2C24.95"), retry: .never)

        let first = try await client.send(request)
        #expect(await server.requests.count == 1)
        let second = try await client.send(request)
        let third = try await client.send(request)
        #expect(await server.requests.count == 1)
        #expect(second.status == 200)
        #expect(second.body == first.body)
        #expect(third.bodyText.contains("Café Engel"))
        #expect(second.headers["Content-Type"] == "application/json")

        // A different query does reach the server.
        let other = HTTPRequest(url: server.url("/places/search?query=bar&ll=60.17%2C24.95"), retry: .never)
        #expect(try await client.send(other).bodyText.contains("\"query\":\"bar\""))
        #expect(await server.requests.count == 2)
        #expect(await server.requests.last?.queryValue("query") == "bar")
    }

    @Test("offline against a live server: an empty cache fails and sends nothing")
    func offlineSendsNothing() async throws {
        let server = try await LoopbackServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let client = CachingHTTPClient(
            wrapping: CurlHTTPClient(),
            cache: ResponseCache(directory: scratch.directory),
            mode: .offline
        )
        await #expect(throws: HTTPClientError.unreachable(CachingHTTPClient.offlineMissMessage)) {
            try await client.send(HTTPRequest(url: server.url("/v1/places:searchNearby"), retry: .never))
        }
        #expect(await server.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.directory.path))
    }

    @Test("no cache file contains the API keys sent in headers or in the URL")
    func noSecretsOnDisk() async throws {
        let server = try await LoopbackServer.start { _ in
            .json(#"{"places":[{"id":"ChIJengel","displayName":{"text":"Café Engel"}}]}"#)
        }
        defer { Task { await server.stop() } }
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let client = CachingHTTPClient(wrapping: CurlHTTPClient(), cache: ResponseCache(directory: scratch.directory))

        var post = HTTPRequest(
            method: .post,
            url: server.url("/v1/places:searchText"),
            headers: [
                "Authorization": "Bearer SECRET", "X-Goog-Api-Key": "SECRET2",
                "X-Goog-FieldMask": "places.id,places.displayName", "Content-Type": "application/json",
            ],
            body: Data(#"{"textQuery":"cafe"}"#.utf8),
            retry: .never
        )
        _ = try await client.send(post)
        let get = HTTPRequest(url: server.url("/interpreter?data=node&key=SECRET3&api_key=SECRET4"), retry: .never)
        _ = try await client.send(get)
        post.headers["X-Goog-Api-Key"] = "SECRET5"
        _ = try await client.send(post)

        // The keys did go to the server (so the test would see them if they leaked) ...
        let received = await server.requests
        #expect(received.count == 2)
        #expect(received.first?.header("Authorization") == "Bearer SECRET")
        #expect(received.first?.header("X-Goog-Api-Key") == "SECRET2")
        #expect(received.last?.queryValue("key") == "SECRET3")

        // ... but not into any file of the cache.
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: scratch.root.path) as [String]?)
        var checked = 0
        for relative in files {
            let path = scratch.root.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            #expect(!text.contains("SECRET"), "\(relative) contains a secret")
            #expect(!text.lowercased().contains("x-goog-api-key"))
            #expect(!text.lowercased().contains("authorization"))
            checked += 1
        }
        #expect(checked == 2)
    }
}
