import Foundation
import Testing
import VenuesCore
import VenuesFiles
import VenuesTestSupport

@testable import VenuesFavorites

@Suite("FavoritesStore: a bad file is reported and never overwritten")
struct FavoritesCorruptFileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var content: String
        /// Text the error's reason must contain.
        var reason: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "not JSON",
            content: "{\"version\": 1, \"favorites\": [",
            reason: "not valid JSON (Unexpected end of file"
        ),
        Case(
            label: "binary garbage",
            content: "\u{1}\u{2}PK\u{3}\u{4}",
            reason: "not valid JSON (Invalid value around character 0"
        ),
        Case(label: "a JSON array", content: "[]", reason: "wrong type"),
        Case(label: "no version", content: "{\"favorites\": []}", reason: "version is missing"),
        Case(
            label: "version as text",
            content: "{\"version\": \"1\", \"favorites\": []}",
            reason: "version has the wrong type"
        ),
        Case(label: "no favourites key", content: "{\"version\": 1}", reason: "favorites is missing"),
        Case(
            label: "latitude as text",
            content: """
                {"version": 1, "favorites": [{"id": "osm:node/1", "name": "A", "latitude": "north",
                 "longitude": 24.9, "sources": [], "addedAt": "2026-11-22T08:00:00Z"}]}
                """,
            reason: "favorites[0].latitude has the wrong type (expected a number)"
        ),
        Case(
            label: "latitude out of range",
            content: """
                {"version": 1, "favorites": [{"id": "osm:node/1", "name": "A", "latitude": 123,
                 "longitude": 24.9, "sources": [], "addedAt": "2026-11-22T08:00:00Z"}]}
                """,
            reason: "latitude 123.0 is out of range"
        ),
        Case(
            label: "malformed venue id",
            content: """
                {"version": 1, "favorites": [{"id": "osm:node/abc", "name": "A", "latitude": 60,
                 "longitude": 24.9, "sources": [], "addedAt": "2026-11-22T08:00:00Z"}]}
                """,
            reason: "favorites[0].id"
        ),
        Case(
            label: "bad date",
            content: """
                {"version": 1, "favorites": [{"id": "osm:node/1", "name": "A", "latitude": 60,
                 "longitude": 24.9, "sources": [], "addedAt": "yesterday"}]}
                """,
            reason: "'yesterday' is not an ISO 8601 date"
        ),
        Case(
            label: "missing name",
            content: """
                {"version": 1, "favorites": [{"id": "osm:node/1", "latitude": 60,
                 "longitude": 24.9, "sources": [], "addedAt": "2026-11-22T08:00:00Z"}]}
                """,
            reason: "favorites[0].name is missing"
        ),
    ]

    @Test("a corrupt file fails load, add and remove with a message naming it; its bytes stay", arguments: cases)
    func corrupt(_ testCase: Case) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("favorites.json")
        let bytes = Data(testCase.content.utf8)
        try bytes.write(to: url)
        let store = FavoritesStore(fileURL: url)

        let errors = [
            Result { try store.load() }.failure,
            Result { try store.add(venue: HelsinkiVenues.kiasma) }.failure,
            Result { try store.remove(id: HelsinkiVenues.kiasma.id) }.failure,
            Result { try store.update { $0 = [] } }.failure,
        ]
        for error in errors {
            let favoritesError = try #require(error as? FavoritesError)
            guard case .corrupt(let path, let reason) = favoritesError else {
                Issue.record("expected .corrupt, got \(favoritesError)")
                continue
            }
            #expect(path == url.path)
            #expect(reason.contains(testCase.reason), "reason: \(reason)")
            #expect(favoritesError.description.contains(url.path))
            #expect(favoritesError.description.contains("move it away"))
        }
        #expect(try Data(contentsOf: url) == bytes)
        #expect(try scratch.contents() == ["favorites.json", "favorites.json.lock"])
    }

    @Test(
        "an unknown version is reported as such, whatever the rest looks like; the bytes stay",
        arguments: [2, 0, -1]
    )
    func unknownVersion(version: Int) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("favorites.json")
        let bytes = Data("{\"version\": \(version), \"items\": {\"new\": \"shape\"}}".utf8)
        try bytes.write(to: url)
        let store = FavoritesStore(fileURL: url)

        #expect(throws: FavoritesError.unsupportedVersion(path: url.path, version: version)) { try store.load() }
        #expect(throws: FavoritesError.unsupportedVersion(path: url.path, version: version)) {
            try store.add(venue: HelsinkiVenues.kiasma)
        }
        let message = FavoritesError.unsupportedVersion(path: url.path, version: 2).description
        #expect(message.contains(url.path))
        #expect(message.contains("format version 2"))
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test("a file that cannot be read (a directory in its place) is reported, and left alone")
    func unreadable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("favorites.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let store = FavoritesStore(fileURL: url)
        let error = try #require(Result { try store.add(venue: HelsinkiVenues.kiasma) }.failure as? FavoritesError)
        guard case .unreadable(let path, _) = error else {
            Issue.record("expected .unreadable, got \(error)")
            return
        }
        #expect(path == url.path)
        #expect(error.description.contains(url.path))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// No upper bound on the wait by the clock (a busy machine may stall any thread for
    /// seconds): the time limit fails the test if update waits for ever instead of giving up.
    @Test(
        "a lock held elsewhere makes update wait, then fail with a clear error; released, it works",
        .timeLimit(.minutes(1))
    )
    func lockTimeout() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"), lockTimeout: 0.3)
        let lock = try FileLock.acquire(at: store.lockURL, timeout: 1)

        let start = ContinuousClock.now
        let error = try #require(Result { try store.add(venue: HelsinkiVenues.kiasma) }.failure as? FavoritesError)
        let waited = ContinuousClock.now - start
        guard case .lockFailed(let path, let reason) = error else {
            Issue.record("expected .lockFailed, got \(error)")
            return
        }
        #expect(path == store.fileURL.path)
        #expect(reason.contains(store.lockURL.path))
        #expect(waited >= .milliseconds(300), "it waited for the lock as long as it was told to")
        #expect(try scratch.contents() == ["favorites.json.lock"])

        lock.unlock()
        #expect(try store.add(venue: HelsinkiVenues.kiasma) == .added(try store.load()[0]))
    }
}

extension Result where Failure == any Error {
    /// The error, if this is a failure.
    var failure: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
