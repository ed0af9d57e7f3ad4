import Foundation
import VenuesCore
import VenuesFavorites
import VenuesServerStore

/// One check's database, stores and helpers; the checks themselves are its methods.
struct CheckContext {
    let check: ServerStoreConformance.Check
    let database: any ServerStoreTestDatabase
    let stores: OpenStores
    let backend: any ServerStoreTestBackend

    // MARK: Helpers

    func failure(_ message: String) -> ServerStoreConformanceFailure {
        ServerStoreConformanceFailure(check, message)
    }

    func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw failure(message()) }
    }

    func expectEqual<Value: Equatable>(_ found: Value, _ expected: Value, _ what: String) throws {
        if found != expected { throw failure("\(what): expected \(expected), found \(found)") }
    }

    /// A new store on the check's database, closed when the check ends.
    func openStore() async throws -> any ServerStore {
        let store = try await database.makeStore()
        stores.add(store)
        return store
    }

    /// A new store on the check's database, migrated.
    func migratedStore() async throws -> any ServerStore {
        let store = try await openStore()
        try await store.migrate()
        return store
    }

    // MARK: Clients

    func clientsInOrder() async throws {
        let store = try await migratedStore()
        try expectEqual(try await store.clients(), [], "clients of a new store")
        try await store.createSampleClient("alice", token: "a", at: 0)
        try await store.createSampleClient("bob", token: "b", at: 60)
        try await store.createSampleClient("carol", token: "c", at: -60)
        try await store.createSampleClient("dave", token: "d", at: 0)
        let expected = [
            ServerClient(name: "carol", createdAt: ConformanceSamples.date(-60)),
            ServerClient(name: "alice", createdAt: ConformanceSamples.date(0)),
            ServerClient(name: "dave", createdAt: ConformanceSamples.date(0)),
            ServerClient(name: "bob", createdAt: ConformanceSamples.date(60)),
        ]
        try expectEqual(try await store.clients(), expected, "clients, oldest first, ties in creation order")
        let other = try await openStore()
        try expectEqual(try await other.clients(), expected, "clients seen by a second instance")
    }

    func duplicateClient() async throws {
        let store = try await migratedStore()
        try await store.createSampleClient("alice", token: "a", at: 0)
        do {
            try await store.createSampleClient("alice", token: "b", at: 1)
            throw failure("a second client named alice was accepted")
        } catch ServerStoreError.duplicateClient(let name) {
            try expectEqual(name, "alice", "the name in duplicateClient")
        }
        try expectEqual(
            try await store.clients(),
            [ServerClient(name: "alice", createdAt: ConformanceSamples.date(0))],
            "clients after the duplicate"
        )
        try expectEqual(
            try await store.client(tokenHash: ConformanceSamples.hash("a"))?.name,
            "alice",
            "the first token"
        )
        try expectEqual(try await store.client(tokenHash: ConformanceSamples.hash("b")), nil, "the refused token")
    }

    func clientByTokenHash() async throws {
        let store = try await migratedStore()
        try await store.createSampleClient("alice", token: "a", at: 0)
        try await store.createSampleClient("bob", token: "b", at: 1)
        try expectEqual(
            try await store.client(tokenHash: ConformanceSamples.hash("a")),
            ServerClient(name: "alice", createdAt: ConformanceSamples.date(0)),
            "the client of alice's token"
        )
        try expectEqual(try await store.client(tokenHash: ConformanceSamples.hash("b"))?.name, "bob", "bob's token")
        try expectEqual(try await store.client(tokenHash: ConformanceSamples.hash("f")), nil, "an unknown token")
        try expectEqual(
            try await store.client(tokenHash: TokenHash(hex: String(repeating: "A", count: 64))),
            nil,
            "alice's hash in upper case (hashes are compared as stored)"
        )
    }

    func revokeRemovesFavorites() async throws {
        let store = try await migratedStore()
        try await store.createSampleClient("alice", token: "a", at: 0)
        try await store.createSampleClient("bob", token: "b", at: 1)
        let shared = ConformanceSamples.favorite(native: "shared", addedAt: ConformanceSamples.date(2))
        try await store.putFavorite(shared, client: "alice")
        try await store.putFavorite(
            ConformanceSamples.favorite(native: "own", addedAt: ConformanceSamples.date(3)),
            client: "alice"
        )
        try await store.putFavorite(shared, client: "bob")

        try expect(try await store.revokeClient(name: "alice"), "revoking alice returned false")
        try expectEqual(try await store.favorites(client: "alice"), [], "alice's favourites after revoking her")
        try expectEqual(try await store.favorites(client: "bob"), [shared], "bob's favourites after revoking alice")
        try expectEqual(
            try await store.client(tokenHash: ConformanceSamples.hash("a")),
            nil,
            "alice's token after revoking"
        )
        try expectEqual(try await store.clients().map(\.name), ["bob"], "clients after revoking alice")
        try expect(!(try await store.revokeClient(name: "alice")), "revoking alice twice returned true")
        try expect(!(try await store.revokeClient(name: "nobody")), "revoking an unknown client returned true")

        try await store.createSampleClient("alice", token: "e", at: 4)
        try expectEqual(try await store.favorites(client: "alice"), [], "favourites of a new alice")
        try expectEqual(try await store.client(tokenHash: ConformanceSamples.hash("e"))?.name, "alice", "the new token")
    }

    // MARK: Favourites

    func favoritesPerClient() async throws {
        let store = try await migratedStore()
        try await store.createSampleClient("alice", token: "a", at: 0)
        try await store.createSampleClient("bob", token: "b", at: 0)
        try expectEqual(try await store.favorites(client: "alice"), [], "favourites of a new client")
        let forAlice = ConformanceSamples.favorite(native: "1", note: "alice's", addedAt: ConformanceSamples.date(1))
        let forBob = ConformanceSamples.favorite(native: "1", note: "bob's", addedAt: ConformanceSamples.date(2))
        let onlyBob = ConformanceSamples.favorite(native: "2", addedAt: ConformanceSamples.date(3))
        try await store.putFavorite(forAlice, client: "alice")
        try await store.putFavorite(forBob, client: "bob")
        try await store.putFavorite(onlyBob, client: "bob")
        try expectEqual(try await store.favorites(client: "alice"), [forAlice], "alice's favourites")
        try expectEqual(try await store.favorites(client: "bob"), [forBob, onlyBob], "bob's favourites")
        try expect(!(try await store.removeFavorite(id: onlyBob.id, client: "alice")), "alice removed bob's favourite")
        try expect(try await store.removeFavorite(id: forAlice.id, client: "alice"), "alice could not remove her own")
        try expectEqual(try await store.favorites(client: "bob"), [forBob, onlyBob], "bob's after alice removed hers")

        // A client without a record (the server's single user without tokens) keeps favourites too.
        let local = ConformanceSamples.favorite(native: "3", addedAt: ConformanceSamples.date(4))
        try await store.putFavorite(local, client: "local")
        try expectEqual(try await store.favorites(client: "local"), [local], "favourites of a client with no record")
        let other = try await openStore()
        try expectEqual(try await other.favorites(client: "bob"), [forBob, onlyBob], "bob's, seen by another instance")
    }

    func favoritesChangedByAnotherInstance() async throws {
        let reader = try await migratedStore()
        let writer = try await openStore()
        try await writer.createSampleClient("alice", token: "a", at: 0)
        // Reads often enough to have gone through every connection a store keeps, once the
        // staleness the store allows has passed.
        func readRepeatedly(_ what: String, expected: [Favorite]) async throws {
            if backend.favoritesStaleness > .zero { try await Task.sleep(for: backend.favoritesStaleness) }
            for _ in 0..<8 {
                try expectEqual(try await reader.favorites(client: "alice"), expected, what)
            }
        }
        try await readRepeatedly("favourites before any", expected: [])
        var first = ConformanceSamples.favorite(native: "1", addedAt: ConformanceSamples.date(1))
        try await writer.putFavorite(first, client: "alice")
        try await readRepeatedly("after another instance added one", expected: [first])
        let second = ConformanceSamples.favorite(native: "2", addedAt: ConformanceSamples.date(2))
        try await writer.putFavorite(second, client: "alice")
        try await readRepeatedly("after another instance added a second", expected: [first, second])
        first.note = "a note now"
        try await writer.putFavorite(first, client: "alice")
        try await readRepeatedly("after another instance changed a note", expected: [first, second])
        try expect(try await writer.removeFavorite(id: second.id, client: "alice"), "the removal found nothing")
        try await readRepeatedly("after another instance removed one", expected: [first])
        try expect(try await writer.revokeClient(name: "alice"), "the revocation found nothing")
        try await readRepeatedly("after another instance revoked the client", expected: [])
    }

    func replaceFavoriteByID() async throws {
        let store = try await migratedStore()
        let later = ConformanceSamples.favorite(native: "later", addedAt: ConformanceSamples.date(10))
        let earlier = ConformanceSamples.favorite(native: "earlier", addedAt: ConformanceSamples.date(5))
        try await store.putFavorite(later, client: "alice")
        try await store.putFavorite(earlier, client: "alice")
        try expectEqual(try await store.favorites(client: "alice"), [earlier, later], "favourites, oldest first")

        var replacement = later
        replacement.name = "Renamed"
        replacement.note = "a note now"
        replacement.address = nil
        replacement.categoryNames = ["bar"]
        replacement.sources = [later.id, try VenueID(parsing: "other:42")]
        try await store.putFavorite(replacement, client: "alice")
        try expectEqual(try await store.favorites(client: "alice"), [earlier, replacement], "after replacing one")

        var moved = earlier
        moved.addedAt = ConformanceSamples.date(20)
        try await store.putFavorite(moved, client: "alice")
        try expectEqual(
            try await store.favorites(client: "alice"),
            [replacement, moved],
            "after replacing one with a later date"
        )
    }

    func removeFavorite() async throws {
        let store = try await migratedStore()
        let first = ConformanceSamples.favorite(native: "1", addedAt: ConformanceSamples.date(1))
        let second = ConformanceSamples.favorite(native: "2", addedAt: ConformanceSamples.date(2))
        try await store.putFavorite(first, client: "alice")
        try await store.putFavorite(second, client: "alice")
        try expect(
            try await store.removeFavorite(id: first.id, client: "alice"),
            "removing a stored favourite returned false"
        )
        try expectEqual(try await store.favorites(client: "alice"), [second], "after removing one")
        try expect(!(try await store.removeFavorite(id: first.id, client: "alice")), "removing it twice returned true")
        try expect(
            !(try await store.removeFavorite(id: try VenueID(parsing: "test:never"), client: "alice")),
            "removing an unknown id returned true"
        )
        try expect(!(try await store.removeFavorite(id: second.id, client: "nobody")), "another client removed it")
        try expectEqual(try await store.favorites(client: "alice"), [second], "after the refused removals")
    }

    func favoriteRoundTrip() async throws {
        let store = try await migratedStore()
        var full = Favorite(
            id: try VenueID(parsing: "osm:node/123456789"),
            name: "Café «Ümlaut» 東京ラーメン 🍜 'quoted' \"double\" ; DROP TABLE favorites; --",
            coordinate: try Coordinate(latitude: -89.999_999_9, longitude: 179.999_999_9),
            address: "Kaivokatu 1\n00100 Helsinki\tSuomi — ☕",
            categories: [.cafe, .restaurant],
            sources: [
                try VenueID(parsing: "google:ChIJ-ä/ö?x=1&y=%20"), try VenueID(parsing: "fsq:4b0588f4f964a520bdc522e3"),
            ],
            note: "Über-gut 👍🏽 with a tab\t and \\ backslash",
            addedAt: ConformanceSamples.date(0)
        )
        full.categoryNames.append("a_category_from_the_future")
        let bare = Favorite(
            id: try VenueID(parsing: "fsq:bare"),
            name: "",
            coordinate: try Coordinate(latitude: 0, longitude: -180),
            addedAt: ConformanceSamples.date(1)
        )
        var emptyTexts = ConformanceSamples.favorite(native: "empty", note: "", addedAt: ConformanceSamples.date(2))
        emptyTexts.address = ""
        for favorite in [full, bare, emptyTexts] {
            try await store.putFavorite(favorite, client: "rïka 👩‍💻")
        }
        let stored = try await store.favorites(client: "rïka 👩‍💻")
        try expectEqual(stored.count, 3, "favourites stored")
        for (found, expected) in zip(stored, [full, bare, emptyTexts]) {
            try expectEqual(found.id, expected.id, "id")
            try expectEqual(found.name, expected.name, "name of \(expected.id)")
            try expectEqual(found.coordinate, expected.coordinate, "coordinate of \(expected.id)")
            try expectEqual(found.address, expected.address, "address of \(expected.id)")
            try expectEqual(found.categoryNames, expected.categoryNames, "categories of \(expected.id)")
            try expectEqual(found.sources, expected.sources, "sources of \(expected.id)")
            try expectEqual(found.note, expected.note, "note of \(expected.id)")
            try expectEqual(found.addedAt, expected.addedAt, "addedAt of \(expected.id)")
            try expectEqual(found, expected, "the whole favourite \(expected.id)")
        }
    }

    func datePrecision() async throws {
        let store = try await migratedStore()
        let odd = Date(timeIntervalSince1970: 1_763_800_000.123_456_789)
        try await store.createClient(name: "alice", tokenHash: ConformanceSamples.hash("a"), createdAt: odd)
        try await store.putFavorite(ConformanceSamples.favorite(native: "1", addedAt: odd), client: "alice")
        let created = try await store.clients().first?.createdAt ?? .distantPast
        let added = try await store.favorites(client: "alice").first?.addedAt ?? .distantPast
        for (what, date) in [("createdAt", created), ("addedAt", added)] {
            try expect(
                abs(date.timeIntervalSince(odd)) <= 0.000_001,
                "\(what) came back as \(date.timeIntervalSince1970), more than 1 µs from \(odd.timeIntervalSince1970)"
            )
        }
        let old = Date(timeIntervalSince1970: -1_234_567_890.5)
        try await store.putFavorite(ConformanceSamples.favorite(native: "2", addedAt: old), client: "bob")
        try expectEqual(try await store.favorites(client: "bob").first?.addedAt, old, "a date before 1970")
    }

    // MARK: Cache

    // Expiries lie a day or more ahead of the clock: stores may prune what has expired by the
    // real clock when they write, and a busy machine may stall a check for a minute.

    func cacheExpiry() async throws {
        let store = try await migratedStore()
        let now = Date()
        let expiry = ServerStoreTime.date(microseconds: ServerStoreTime.microseconds(now) + 86_400_000_000)
        let value: [UInt8] = [0, 1, 2, 0xFF, 0, 0x7F, 0x80]
        try expectEqual(try await store.cachedValue(key: "missing", now: now), nil, "an unknown key")
        try await store.storeValue(value, key: "nearby?near=60.17,24.94", expiresAt: expiry)
        try expectEqual(try await store.cachedValue(key: "nearby?near=60.17,24.94", now: now), value, "before expiry")
        try expectEqual(
            try await store.cachedValue(key: "nearby?near=60.17,24.94", now: expiry.addingTimeInterval(-0.001)),
            value,
            "just before expiry"
        )
        try expectEqual(try await store.cachedValue(key: "nearby?near=60.17,24.94", now: expiry), nil, "at expiry")
        try expectEqual(
            try await store.cachedValue(key: "nearby?near=60.17,24.94", now: expiry.addingTimeInterval(3600)),
            nil,
            "after expiry"
        )
        try expectEqual(
            try await store.cachedValue(key: "NEARBY?near=60.17,24.94", now: now),
            nil,
            "the key in capitals"
        )

        try await store.storeValue([], key: "empty", expiresAt: expiry)
        try expectEqual(try await store.cachedValue(key: "empty", now: now), [], "an empty value")
        var large = [UInt8](repeating: 0, count: 1 << 20)
        large.withUnsafeMutableBufferPointer { bytes in
            for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 8) }
        }
        try await store.storeValue(large, key: "large ключ 🔑", expiresAt: expiry)
        try expect(try await store.cachedValue(key: "large ключ 🔑", now: now) == large, "a 1 MiB value changed")

        let other = try await openStore()
        try expectEqual(
            try await other.cachedValue(key: "nearby?near=60.17,24.94", now: now),
            value,
            "another instance"
        )
    }

    func cacheReplace() async throws {
        let store = try await migratedStore()
        let now = Date()
        let day: TimeInterval = 86_400
        try await store.storeValue([1], key: "k", expiresAt: now.addingTimeInterval(day))
        try await store.storeValue([2, 2], key: "k", expiresAt: now.addingTimeInterval(10 * day))
        try expectEqual(try await store.cachedValue(key: "k", now: now), [2, 2], "the replaced value")
        try expectEqual(
            try await store.cachedValue(key: "k", now: now.addingTimeInterval(5 * day)),
            [2, 2],
            "the replaced value past the first expiry"
        )
        try await store.storeValue([3], key: "k", expiresAt: now.addingTimeInterval(-1))
        try expectEqual(try await store.cachedValue(key: "k", now: now), nil, "a value replaced by an expired one")
        try await store.storeValue([4], key: "k", expiresAt: now.addingTimeInterval(day))
        try expectEqual(try await store.cachedValue(key: "k", now: now), [4], "stored again after expiry")
    }

    // MARK: Schema

    func expectSchemaRecordedOnce() async throws {
        try expectEqual(
            try await database.recordedSchemaVersions(),
            Array(1...backend.schemaVersion),
            "versions in the schema table"
        )
    }

    func migrateTwice() async throws {
        let store = try await migratedStore()
        try await expectSchemaRecordedOnce()
        try await store.createSampleClient("alice", token: "a", at: 0)
        let favorite = ConformanceSamples.favorite(native: "1", addedAt: ConformanceSamples.date(1))
        try await store.putFavorite(favorite, client: "alice")
        try await store.migrate()
        let second = try await migratedStore()
        try await expectSchemaRecordedOnce()
        try expectEqual(try await second.clients().map(\.name), ["alice"], "clients after migrating again")
        try expectEqual(try await second.favorites(client: "alice"), [favorite], "favourites after migrating again")
    }

    func migrateConcurrently() async throws {
        let first = try await openStore()
        let second = try await openStore()
        async let migratedFirst: Void = first.migrate()
        async let migratedSecond: Void = second.migrate()
        _ = try await (migratedFirst, migratedSecond)
        try await expectSchemaRecordedOnce()
        try await first.createSampleClient("alice", token: "a", at: 0)
        try expectEqual(try await second.clients().map(\.name), ["alice"], "a client made by the other instance")
    }

    func schemaTooNew() async throws {
        let store = try await migratedStore()
        let newer = backend.schemaVersion + 1
        try await database.recordSchemaVersion(newer)
        for (what, instance) in [("a new instance", try await openStore()), ("the migrated instance", store)] {
            do {
                try await instance.migrate()
                throw failure("\(what) migrated a schema of version \(newer)")
            } catch ServerStoreError.schemaTooNew(let found, let supported) {
                try expectEqual(found, newer, "the version found")
                try expectEqual(supported, backend.schemaVersion, "the version supported")
            }
        }
    }

    // MARK: Unavailable

    func unavailableAfterClose() async throws {
        let store = try await migratedStore()
        try await store.createSampleClient("calls", token: "c", at: 0)
        await store.close()
        var problems: [String] = []
        for call in StoreCalls.all(on: store) {
            problems += await ServerStoreConformance.expectUnavailable(call, secrets: backend.secrets)
        }
        await store.close()
        try expect(problems.isEmpty, problems.joined(separator: "; "))
        let other = try await openStore()
        try expectEqual(try await other.clients().map(\.name), ["calls"], "the data, from a new instance after close")
    }
}
