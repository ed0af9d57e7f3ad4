import Foundation
import Testing

@testable import VenuesHTTP

/// A fresh cache directory under the temporary directory (not created: the cache creates it).
struct CacheScratch {
    let root: URL
    var directory: URL { root.appendingPathComponent("cache/venues/responses", isDirectory: true) }

    init() {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("venues-cache-\(UUID().uuidString)", isDirectory: true)
    }

    /// Every regular file under the cache directory.
    func files() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }
}

/// A clock that tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_795_334_400)

    var now: Date { lock.withLock { current } }

    func advance(by seconds: Double) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }
}

enum CacheSamples {
    static let nearby = HTTPRequest(
        url: URL(string: "https://places-api.foursquare.com/places/search?ll=60.1699%2C24.9384&radius=1000&limit=50")!,
        headers: ["Authorization": "Bearer fsq-SECRET-0123456789", "X-Places-Api-Version": "2025-06-17"]
    )
    static let googleText = HTTPRequest(
        method: .post,
        url: URL(string: "https://places.googleapis.com/v1/places:searchText")!,
        headers: [
            "X-Goog-Api-Key": "AIzaSECRET-abcdefghijklmnop", "X-Goog-FieldMask": "places.id,places.displayName",
            "Content-Type": "application/json",
        ],
        body: Data(#"{"textQuery":"cafe in Helsinki","pageSize":20}"#.utf8)
    )
    static let ok = HTTPResponse(
        status: 200,
        headers: ["Content-Type": "application/json", "X-Request-Id": "r-1"],
        body: Data(#"{"results":[{"fsq_place_id":"4b0588f4f964a520bdc522e3","name":"Café Ekberg"}]}"#.utf8)
    )
}

@Suite("ResponseCache: keys, entries, freshness")
struct CacheStoreTests {
    @Test("FNV-1a 128 matches the published test vectors")
    func fnvVectors() {
        func digest(_ text: String) -> String {
            var hash = FNV1a128()
            hash.append(text)
            return hash.hexDigest
        }
        #expect(digest("") == "6c62272e07bb014262b821756295c58d")
        #expect(digest("a") == "d228cb696f1a8caf78912b704e4a8964")
        #expect(digest("foobar") == "343e1662793c64bf6f0d3597ba446f18")
    }

    @Test("the key changes with method, URL, body and non-secret headers, but not with the API key")
    func keys() throws {
        let cache = ResponseCache(directory: URL(fileURLWithPath: "/nonexistent"))
        let base = CacheSamples.googleText
        let key = cache.key(for: base)
        #expect(key.count == 32)
        #expect(key.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(cache.key(for: base) == key)

        var otherBody = base
        otherBody.body = Data(#"{"textQuery":"bar in Helsinki","pageSize":20}"#.utf8)
        var otherMask = base
        otherMask.headers["X-Goog-FieldMask"] = "places.id"
        var otherMethod = base
        otherMethod.method = .get
        var otherURL = base
        otherURL.url = URL(string: "https://places.googleapis.com/v1/places:searchNearby")!
        for changed in [otherBody, otherMask, otherMethod, otherURL] {
            #expect(cache.key(for: changed) != key)
        }

        var otherKey = base
        otherKey.headers["X-Goog-Api-Key"] = "AIzaOTHER-zyxwvutsrqponm"
        #expect(cache.key(for: otherKey) == key)
        var otherBearer = CacheSamples.nearby
        otherBearer.headers["authorization"] = "Bearer another-token-123456"
        #expect(cache.key(for: otherBearer) == cache.key(for: CacheSamples.nearby))
        // A key in the query string is masked before hashing, too.
        let withKey = HTTPRequest(url: URL(string: "https://example.test/search?q=cafe&key=SECRET-1234567")!)
        let withOtherKey = HTTPRequest(url: URL(string: "https://example.test/search?q=cafe&key=OTHER-7654321")!)
        #expect(cache.key(for: withKey) == cache.key(for: withOtherKey))
        // Header names are case-insensitive and their order does not matter.
        let headersAB = HTTPRequest(url: withKey.url, headers: ["Accept": "application/json", "X-A": "1"])
        let headersBA = HTTPRequest(url: withKey.url, headers: ["x-a": "1", "accept": "application/json"])
        #expect(cache.key(for: headersAB) == cache.key(for: headersBA))
    }

    @Test("a stored 200 comes back with status, headers, body and storedAt")
    func roundTrip() throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let clock = TestClock()
        let cache = ResponseCache(directory: scratch.directory, now: { clock.now })
        #expect(cache.entry(for: CacheSamples.nearby) == nil)

        #expect(cache.store(CacheSamples.ok, for: CacheSamples.nearby))
        let entry = try #require(cache.entry(for: CacheSamples.nearby))
        #expect(entry.status == 200)
        #expect(entry.body == CacheSamples.ok.body)
        #expect(entry.headers["content-type"] == "application/json")
        #expect(entry.headers["X-Request-Id"] == "r-1")
        #expect(entry.storedAt == clock.now)
        #expect(entry.request == CacheSamples.nearby.redactedDescription)
        #expect(cache.freshResponse(for: CacheSamples.nearby) == CacheSamples.ok)
        #expect(cache.entry(for: CacheSamples.googleText) == nil)
        #expect(scratch.files().map(\.lastPathComponent) == [cache.key(for: CacheSamples.nearby) + ".json"])
    }

    @Test("only 200 responses are stored", arguments: [201, 204, 301, 404, 429, 500, 503])
    func onlyOK(status: Int) {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let cache = ResponseCache(directory: scratch.directory)
        var response = CacheSamples.ok
        response.status = status
        #expect(!cache.store(response, for: CacheSamples.nearby))
        #expect(cache.entry(for: CacheSamples.nearby) == nil)
        #expect(scratch.files().isEmpty)
    }

    @Test("an entry is fresh for the TTL (default 15 minutes), then stale but still there")
    func timeToLive() throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let clock = TestClock()
        let cache = ResponseCache(directory: scratch.directory, now: { clock.now })
        #expect(cache.timeToLive == 900)
        cache.store(CacheSamples.ok, for: CacheSamples.nearby)

        clock.advance(by: 899)
        #expect(cache.freshResponse(for: CacheSamples.nearby) != nil)
        clock.advance(by: 1)
        #expect(cache.freshResponse(for: CacheSamples.nearby) == nil)
        #expect(cache.entry(for: CacheSamples.nearby) != nil)

        var short = cache
        short.timeToLive = 10_000
        #expect(short.freshResponse(for: CacheSamples.nearby) != nil)
        // An entry from the future (the clock went back) is not fresh.
        clock.advance(by: -2000)
        #expect(cache.freshResponse(for: CacheSamples.nearby) == nil)
    }

    @Test(
        "corrupt or truncated entries count as missing and are replaced",
        arguments: ["truncated", "garbage", "empty", "other-request", "format-2"]
    )
    func corruptEntries(kind: String) throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let cache = ResponseCache(directory: scratch.directory)
        cache.store(CacheSamples.ok, for: CacheSamples.nearby)
        let url = cache.fileURL(for: CacheSamples.nearby)
        let good = try Data(contentsOf: url)
        let text = String(decoding: good, as: UTF8.self)
        let broken: Data =
            switch kind {
            case "truncated": good.prefix(good.count / 2)
            case "garbage": Data([0xFF, 0x00, 0x7B, 0x22])
            case "empty": Data()
            case "other-request":
                Data(text.replacingOccurrences(of: "radius=1000", with: "radius=2000").utf8)
            default: Data(text.replacingOccurrences(of: "\"format\":1", with: "\"format\":2").utf8)
            }
        #expect(broken != good)
        try broken.write(to: url)

        #expect(cache.entry(for: CacheSamples.nearby) == nil)
        #expect(cache.freshResponse(for: CacheSamples.nearby) == nil)
        #expect(cache.store(CacheSamples.ok, for: CacheSamples.nearby))
        #expect(cache.entry(for: CacheSamples.nearby)?.body == CacheSamples.ok.body)
    }

    @Test("entry files are 0600 in a 0700 directory, and no temporary file is left")
    func permissionsAndNoTemporaries() throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let cache = ResponseCache(directory: scratch.directory)
        for _ in 0..<3 {
            cache.store(CacheSamples.ok, for: CacheSamples.nearby)
            cache.store(CacheSamples.ok, for: CacheSamples.googleText)
        }
        let files = scratch.files()
        #expect(files.count == 2)
        #expect(files.allSatisfy { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix(".") })
        for file in files {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
        let directory = try FileManager.default.attributesOfItem(atPath: scratch.directory.path)
        #expect((directory[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test("a response that echoes a request secret is not stored; cookies are dropped")
    func secretsNeverStored() throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let cache = ResponseCache(directory: scratch.directory)
        let echoing = HTTPResponse(status: 200, body: Data(#"{"debug":"key AIzaSECRET-abcdefghijklmnop"}"#.utf8))
        #expect(!cache.store(echoing, for: CacheSamples.googleText))
        let echoingHeader = HTTPResponse(status: 200, headers: ["X-Debug": "token fsq-SECRET-0123456789"])
        #expect(!cache.store(echoingHeader, for: CacheSamples.nearby))
        #expect(scratch.files().isEmpty)

        let withCookie = HTTPResponse(
            status: 200,
            headers: ["Set-Cookie": "session=abc", "Content-Type": "text/plain"]
        )
        #expect(cache.store(withCookie, for: CacheSamples.nearby))
        let entry = try #require(cache.entry(for: CacheSamples.nearby))
        #expect(entry.headers["Set-Cookie"] == nil)
        #expect(entry.headers["Content-Type"] == "text/plain")
    }

    @Test("secrets are found in secret headers, bearer tokens and key query parameters")
    func secretDiscovery() {
        let request = HTTPRequest(
            url: URL(string: "https://example.test/x?key=QUERYSECRET1&q=cafe&token=short")!,
            headers: [
                "Authorization": "Bearer TOKEN-123456789", "X-Goog-Api-Key": "GOOGSECRET12", "Accept": "text/plain",
            ]
        )
        let secrets = Set(ResponseCache.secrets(of: request))
        #expect(secrets == ["Bearer TOKEN-123456789", "TOKEN-123456789", "GOOGSECRET12", "QUERYSECRET1"])
    }

    @Test("removeEntries(storedBefore:) removes old and corrupt entries only")
    func housekeeping() throws {
        let scratch = CacheScratch()
        defer { scratch.cleanUp() }
        let clock = TestClock()
        let cache = ResponseCache(directory: scratch.directory, now: { clock.now })
        cache.store(CacheSamples.ok, for: CacheSamples.nearby)
        clock.advance(by: 3600)
        cache.store(CacheSamples.ok, for: CacheSamples.googleText)
        try Data("junk".utf8).write(to: scratch.directory.appendingPathComponent("0123.json"))
        let abandoned = scratch.directory.appendingPathComponent(".0123.json.99.1.tmp")
        try Data("half".utf8).write(to: abandoned)
        try FileManager.default.setAttributes(
            [.modificationDate: clock.now.addingTimeInterval(-7200)],
            ofItemAtPath: abandoned.path
        )
        let recent = scratch.directory.appendingPathComponent(".4567.json.99.2.tmp")
        try Data("being written".utf8).write(to: recent)
        try FileManager.default.setAttributes([.modificationDate: clock.now], ofItemAtPath: recent.path)
        #expect(cache.removeEntries(storedBefore: clock.now.addingTimeInterval(-60)) == 2)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: recent.path))
        #expect(cache.entry(for: CacheSamples.nearby) == nil)
        #expect(cache.entry(for: CacheSamples.googleText) != nil)
    }
}
