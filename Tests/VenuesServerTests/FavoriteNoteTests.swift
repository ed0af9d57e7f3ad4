import Foundation
import Testing
import VenuesFavorites
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("PUT /v1/favorites/{id}: a note's control characters")
struct FavoriteNoteTests {
    @Test(
        "a note with a control character other than tab or line break is 400 before any store or provider sees it",
        arguments: [
            #"{"note": "a\u0000b"}"#,
            #"{"note": "bell\u0007"}"#,
            #"{"note": "\u001b[31mred"}"#,
            #"{"note": "del\u007f"}"#,
            #"{"note": "next line\u0085"}"#,
        ]
    )
    func refused(body: String) async throws {
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let response = try await server.client.send("PUT", "/v1/favorites/osm:node/9100000", body: Data(body.utf8))
        let stored = try await store.favorites(client: "alice")
        let lookups = await overpass.requests.filter { !Fakes.isSearch($0) }.count
        await server.stop()
        await overpass.stop()

        #expect(response.status == 400, "\(response.text)")
        #expect(response.errorKind == "badRequest")
        #expect(response.errorMessage?.contains("control character U+00") == true, "\(response.text)")
        #expect(stored.isEmpty)
        #expect(lookups == 0, "the body is checked before the venue is looked up")
    }

    @Test("tabs and line breaks become spaces; a refused note leaves the stored one as it was")
    func tabsAndLineBreaks() async throws {
        let overpass = try await Fakes.overpass()
        let store = InMemoryServerStore()
        let server = try await RunningServer.start(
            configuration: RunningServer.configuration(overpass: overpass),
            store: store
        )
        let created = try await server.client.send(
            "PUT",
            "/v1/favorites/osm:node/9100000",
            body: Data(#"{"note": "lunch\ton\r\nFridays"}"#.utf8)
        )
        let refused = try await server.client.send(
            "PUT",
            "/v1/favorites/osm:node/9100000",
            body: Data(#"{"note": "closed\u0000"}"#.utf8)
        )
        let stored = try await store.favorites(client: "alice")
        await server.stop()
        await overpass.stop()

        #expect(created.status == 201, "\(created.text)")
        #expect(try created.json()["note"] as? String == "lunch on Fridays")
        #expect(refused.status == 400)
        #expect(refused.errorKind == "badRequest")
        #expect(stored.map(\.note) == ["lunch on Fridays"])
    }
}
