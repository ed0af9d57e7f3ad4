import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

/// The body of `PUT /v1/favorites/{id}` at and beyond its limits: the note's length, the body's
/// size, and bodies that are not `{"note": "…"}`. Whatever is refused is refused before the
/// store or a provider sees it.
@Suite("PUT /v1/favorites/{id}: the body's limits and shapes", .timeLimit(.minutes(3)))
struct FavoriteBodyTests {
    /// What one PUT did: the answer, what the store kept, how many lookups reached the fake.
    struct Outcome {
        var response: TestResponse
        var notes: [String?]
        var lookups: Int
    }

    /// Sends one PUT of `body` (raw bytes, with `headers`) to a new server.
    static func put(_ body: Data?, headers: [(String, String)] = []) async throws -> Outcome {
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let response = try await server.client.send(
            "PUT",
            "/v1/favorites/osm:node/9100000",
            headers: headers,
            body: body
        )
        let stored = try await store.favorites(client: "alice")
        let lookups = await overpass.requests.filter { !Fakes.isSearch($0) }.count
        await server.stop()
        await overpass.stop()
        return Outcome(response: response, notes: stored.map(\.note), lookups: lookups)
    }

    /// `{"note": "…"}` with `note` escaped for JSON.
    static func body(note: String) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["note": note])
    }

    @Test("a note of 1,000 characters is kept; one of 1,001 is 400, naming the limit")
    func noteLength() async throws {
        // Characters, not bytes: "é" is two bytes in UTF-8, one character.
        let longest = String(repeating: "é", count: 999) + "!"
        let kept = try await Self.put(try Self.body(note: longest))
        let tooLong = try await Self.put(try Self.body(note: longest + "x"))

        #expect(kept.response.status == 201, "\(kept.response.text)")
        #expect(kept.notes == [longest])
        #expect(tooLong.response.status == 400, "\(tooLong.response.text)")
        #expect(tooLong.response.errorKind == "badRequest")
        #expect(tooLong.response.errorMessage?.contains("1001 characters") == true, "\(tooLong.response.text)")
        #expect(tooLong.response.errorMessage?.contains("1000") == true)
        #expect(tooLong.notes.isEmpty)
        #expect(tooLong.lookups == 0, "refused before the venue is looked up")
    }

    @Test("a body of exactly 65,536 bytes is read; one of 65,537 is 413")
    func bodySize() async throws {
        // A valid body padded with JSON white space to the size wanted.
        func padded(to size: Int) -> Data {
            let start = Data(#"{"note": "at the limit""#.utf8)
            return start + Data(repeating: UInt8(ascii: " "), count: size - start.count - 1) + Data("}".utf8)
        }
        let limit = 65_536
        #expect(padded(to: limit).count == limit)
        let atLimit = try await Self.put(padded(to: limit))
        let over = try await Self.put(padded(to: limit + 1))

        #expect(atLimit.response.status == 201, "\(atLimit.response.text)")
        #expect(atLimit.notes == ["at the limit"])
        #expect(over.response.status == 413, "\(over.response.text)")
        #expect(over.response.errorKind == "payloadTooLarge")
        #expect(over.notes.isEmpty)
        #expect(over.lookups == 0)
    }

    /// The declared length alone is refused: the server answers without waiting for a body
    /// that never comes (the client's socket would give up after a minute and fail the test).
    @Test("a Content-Length over the limit with no body sent is 413 at once")
    func declaredTooLarge() async throws {
        let outcome = try await Self.put(nil, headers: [("Content-Length", "65537")])
        let huge = try await Self.put(nil, headers: [("Content-Length", "10000000000")])

        #expect(outcome.response.status == 413, "\(outcome.response.text)")
        #expect(outcome.response.errorKind == "payloadTooLarge")
        #expect(huge.response.status == 413, "\(huge.response.text)")
        #expect(outcome.notes.isEmpty && huge.notes.isEmpty)
        #expect(outcome.lookups == 0 && huge.lookups == 0)
    }

    @Test("a null note is no note: the favourite is added without one")
    func nullNote() async throws {
        let outcome = try await Self.put(Data(#"{"note": null}"#.utf8))

        #expect(outcome.response.status == 201, "\(outcome.response.text)")
        #expect(outcome.notes == [nil])
    }

    /// Bodies that are not `{"note": "…"}`, each with what it is.
    static let refusedBodyCases: [(String, Data)] = {
        let notUTF8: [UInt8] = [0x7B, 0x22, 0x6E, 0x6F, 0x74, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]
        var rawNUL = Data(#"{"note": "a"#.utf8)
        rawNUL.append(0)
        rawNUL.append(contentsOf: Array(#"b"}"#.utf8))
        return [
            ("a JSON array", Data(#"[{"note": "x"}]"#.utf8)),
            ("a JSON string", Data(#""note""#.utf8)),
            ("a note that is a number", Data(#"{"note": 42}"#.utf8)),
            ("bytes that are not UTF-8", Data(notUTF8)),
            ("a raw NUL in the note", rawNUL),
            ("an escaped unit separator", Data(#"{"note": "a\u001fb"}"#.utf8)),
            ("an escaped NUL", Data(#"{"note": "\u0000"}"#.utf8)),
            ("truncated JSON", Data(#"{"note": "#.utf8)),
        ]
    }()

    @Test(
        "bodies that are not {\"note\": \"…\"} are 400 before the store or a provider sees them",
        arguments: refusedBodyCases
    )
    func refusedBodies(what: String, body: Data) async throws {
        let outcome = try await Self.put(body)

        #expect(outcome.response.status == 400, "\(what): \(outcome.response.text)")
        #expect(outcome.response.errorKind == "badRequest", "\(what)")
        #expect(outcome.notes.isEmpty, "\(what)")
        #expect(outcome.lookups == 0, "\(what)")
    }
}
