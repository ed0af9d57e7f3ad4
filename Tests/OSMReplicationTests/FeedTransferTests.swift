import Foundation
import Testing
import VenuesHTTP
import VenuesTestSupport

@testable import OSMReplication

@Suite("A feed on a loopback server laid out like planet.osm.org", .timeLimit(.minutes(3)))
struct FeedTransferTests {
    /// Sequences 6,123,000…6,123,456, one a minute, all there.
    static let model = FeedModel.regular(first: 6_123_000, last: 6_123_456)

    let client = CurlHTTPClient()

    @Test("latest() reads state.txt, sending the venues User-Agent")
    func latest() async throws {
        let server = try await FeedServer.start(Self.model)
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let state = try await feed.latest()
        #expect(state == ReplicationState(sequence: 6_123_456, timestamp: Self.model.latestTime))
        let requests = await server.requests
        #expect(requests.map(\.path) == ["/replication/minute/state.txt"])
        #expect(requests.first?.method == "GET")
        #expect(requests.first?.header("User-Agent") == VenuesVersion.userAgent)
    }

    @Test("state(sequence:) reads AAA/BBB/CCC.state.txt; CRLF files too")
    func stateOfSequence() async throws {
        let server = try await LoopbackServer.start { request in
            request.path.hasSuffix("/006/123/400.state.txt")
                ? .text(Self.model.stateText(6_123_400, lineEnding: "\r\n") ?? "")
                : FeedServer.answer(request.path, model: Self.model)
        }
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let state = try await feed.state(sequence: 6_123_400)
        #expect(state == ReplicationState(sequence: 6_123_400, timestamp: Self.model.states[6_123_400]!))
        let other = try await feed.state(sequence: 6_123_001)
        #expect(other.sequence == 6_123_001)
        #expect(
            await server.requests.map(\.path) == [
                "/replication/minute/006/123/400.state.txt", "/replication/minute/006/123/001.state.txt",
            ]
        )
    }

    @Test("a sequence the server does not have is notFound with its sequence; no state.txt is notFound without")
    func notFound() async throws {
        let server = try await FeedServer.start(Self.model)
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let stateURL = server.url("/replication/minute/006/123/457.state.txt").absoluteString
        await #expect(throws: ReplicationError.notFound(url: stateURL, sequence: 6_123_457)) {
            try await feed.state(sequence: 6_123_457)
        }
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let changeURL = server.url("/replication/minute/006/122/999.osc.gz").absoluteString
        await #expect(throws: ReplicationError.notFound(url: changeURL, sequence: 6_122_999)) {
            try await feed.changeFile(sequence: 6_122_999, to: scratch.file("x.osc.gz"), maxBytes: 1 << 20)
        }
        #expect(try scratch.contents().isEmpty)
        let elsewhere = try ReplicationFeed(url: server.url("/replication/hour"), client: client)
        await #expect(
            throws: ReplicationError.notFound(
                url: server.url("/replication/hour/state.txt").absoluteString,
                sequence: nil
            )
        ) {
            try await elsewhere.latest()
        }
    }

    @Test("a state file naming another sequence is malformed")
    func otherSequence() async throws {
        let server = try await LoopbackServer.start { _ in .text(Self.model.stateText(6_123_456) ?? "") }
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let error = await #expect(throws: ReplicationError.self) { try await feed.state(sequence: 6_123_000) }
        guard case .malformedState(let url, nil, let reason) = error else {
            Issue.record("expected malformedState, got \(String(describing: error))")
            return
        }
        #expect(url.hasSuffix("/006/123/000.state.txt"))
        #expect(reason == "it names sequence 6123456")
    }

    @Test("changeFile downloads AAA/BBB/CCC.osc.gz as it is, in place of any old file, leaving nothing else")
    func download() async throws {
        let server = try await FeedServer.start(Self.model)
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.file("6123456.osc.gz")
        try Data("old".utf8).write(to: file)
        let bytes = try await feed.changeFile(sequence: 6_123_456, to: file, maxBytes: 1 << 20)
        let expected = GzipBytes.changeFile(sequence: 6_123_456)
        #expect(bytes == expected.count)
        #expect(try Data(contentsOf: file) == expected)
        #expect(try scratch.contents() == ["6123456.osc.gz"])
        let request = try #require(await server.requests.first)
        #expect(request.path == "/replication/minute/006/123/456.osc.gz")
        #expect(request.header("Accept-Encoding") == "identity")
        #expect(request.header("User-Agent") == VenuesVersion.userAgent)
    }

    @Test("a change file larger than maxBytes is refused and nothing is written")
    func changeFileTooLarge() async throws {
        let server = try await FeedServer.start(Self.model)
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let size = GzipBytes.changeFile(sequence: 6_123_456).count
        let url = server.url("/replication/minute/006/123/456.osc.gz").absoluteString
        await #expect(throws: ReplicationError.tooLarge(url: url, limit: size - 1)) {
            try await feed.changeFile(sequence: 6_123_456, to: scratch.file("a.osc.gz"), maxBytes: size - 1)
        }
        #expect(try scratch.contents().isEmpty)
        #expect(try await feed.changeFile(sequence: 6_123_456, to: scratch.file("a.osc.gz"), maxBytes: size) == size)
        await #expect(throws: ReplicationError.invalidLimit(0)) {
            try await feed.changeFile(sequence: 6_123_456, to: scratch.file("a.osc.gz"), maxBytes: 0)
        }
    }

    @Test("an answer that is not gzip is not written; nor is one to a folder that does not exist")
    func notWritten() async throws {
        let server = try await LoopbackServer.start { request in
            request.path.hasSuffix("000.osc.gz")
                ? .data(Data("<html>portal</html>".utf8), contentType: "text/html")
                : FeedServer.answer(request.path, model: Self.model)
        }
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let error = await #expect(throws: ReplicationError.self) {
            try await feed.changeFile(sequence: 6_123_000, to: scratch.file("a.osc.gz"), maxBytes: 1 << 20)
        }
        guard case .malformedChangeFile = error else {
            Issue.record("expected malformedChangeFile, got \(String(describing: error))")
            return
        }
        let missing = scratch.url.appendingPathComponent("no-such-folder/a.osc.gz")
        let writeError = await #expect(throws: ReplicationError.self) {
            try await feed.changeFile(sequence: 6_123_001, to: missing, maxBytes: 1 << 20)
        }
        guard case .cannotWrite(let path, _) = writeError else {
            Issue.record("expected cannotWrite, got \(String(describing: writeError))")
            return
        }
        #expect(path == missing.path)
        #expect(try scratch.contents().isEmpty)
    }

    @Test("a 500 is tried again and the second answer read")
    func retryAfter500() async throws {
        let counter = Counter()
        let server = try await LoopbackServer.start { request in
            counter.next() == 1 ? .text("busy", status: 500) : FeedServer.answer(request.path, model: Self.model)
        }
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let state = try await feed.latest()
        #expect(state.sequence == 6_123_456)
        #expect(await server.requests.map(\.path) == Array(repeating: "/replication/minute/state.txt", count: 2))
    }

    @Test("a server that keeps answering 500 is an HTTP error after three attempts")
    func persistent500() async throws {
        let server = try await LoopbackServer.start { _ in .text("broken", status: 500) }
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let url = server.url("/replication/minute/state.txt").absoluteString
        await #expect(throws: ReplicationError.httpStatus(url: url, status: 500)) { try await feed.latest() }
        #expect(await server.requests.count == 3)
    }

    @Test("a server slower than the deadline gives timedOut before it answers")
    func timeout() async throws {
        let held = HeldAnswer()
        let server = try await LoopbackServer.start { request in
            await held.hold(atMost: .seconds(30))
            return FeedServer.answer(request.path, model: Self.model)
        }
        defer {
            held.release()
            Task { await server.stop() }
        }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client, stateTimeout: 0.5, retry: .never)
        let url = server.url("/replication/minute/state.txt").absoluteString
        await #expect(throws: ReplicationError.timedOut(url: url, seconds: 0.5)) { try await feed.latest() }
        #expect(!held.wasAnswered, "the feed waited for the answer instead of its deadline")
    }

    @Test("a state file over 64 KiB is refused")
    func stateTooLarge() async throws {
        let padding = String(repeating: "#" + String(repeating: "x", count: 1023) + "\n", count: 65)
        let server = try await LoopbackServer.start { _ in .text(padding + (Self.model.stateText(6_123_456) ?? "")) }
        defer { Task { await server.stop() } }
        let feed = try ReplicationFeed(url: FeedServer.url(server), client: client)
        let url = server.url("/replication/minute/state.txt").absoluteString
        await #expect(throws: ReplicationError.tooLarge(url: url, limit: 64 * 1024)) { try await feed.latest() }
    }

    @Test("a user name and password are sent to the server and hidden in errors")
    func credentials() async throws {
        let server = try await LoopbackServer.start { _ in .text("gone", status: 404) }
        defer { Task { await server.stop() } }
        let url = try #require(URL(string: "http://osmuser:hunter2secret@127.0.0.1:\(server.port)/replication/minute"))
        let feed = try ReplicationFeed(url: url, client: client)
        let error = await #expect(throws: ReplicationError.self) { try await feed.latest() }
        let text = try #require(error).description
        #expect(!text.contains("hunter2secret"))
        #expect(text.contains("***@127.0.0.1"))
        let sent = try #require(await server.requests.first)
        let expected = "Basic " + Data("osmuser:hunter2secret".utf8).base64EncodedString()
        #expect(sent.header("Authorization") == expected)
    }

    @Test("a refused connection is unreachable, naming the URL")
    func unreachable() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let feed = try ReplicationFeed(url: refusing.url("/replication/minute"), client: client, retry: .never)
        let error = await #expect(throws: ReplicationError.self) { try await feed.latest() }
        guard case .unreachable(let url, _) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(url == refusing.url("/replication/minute/state.txt").absoluteString)
    }
}
