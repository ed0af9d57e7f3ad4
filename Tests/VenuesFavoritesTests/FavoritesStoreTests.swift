import Foundation
import Testing
import VenuesCore
import VenuesFiles
import VenuesTestSupport

@testable import VenuesFavorites

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("FavoritesStore: add, remove, list")
struct FavoritesStoreTests {
    @Test("a missing file is an empty list, and loading creates nothing")
    func missingFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        #expect(try store.load() == [])
        #expect(try scratch.contents() == [])
    }

    @Test("add stores a snapshot in the documented JSON shape")
    func addWritesDocumentedShape() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))

        let outcome = try store.add(
            venue: HelsinkiVenues.engel,
            sources: HelsinkiVenues.engelSources,
            note: "best cardamom buns",
            at: HelsinkiVenues.addedAt
        )
        guard case .added(let favorite) = outcome else {
            Issue.record("expected .added, got \(outcome)")
            return
        }
        #expect(favorite.id == HelsinkiVenues.engel.id)
        #expect(favorite.sources == HelsinkiVenues.engelSources)

        let data = try Data(contentsOf: store.fileURL)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let entries = try #require(json["favorites"] as? [[String: Any]])
        #expect(entries.count == 1)
        let entry = entries[0]
        #expect(entry["id"] as? String == "osm:node/1001")
        #expect(entry["name"] as? String == "Café Engel")
        #expect(entry["latitude"] as? Double == 60.16955)
        #expect(entry["longitude"] as? Double == 24.95232)
        #expect(entry["address"] as? String == "Aleksanterinkatu 26, Helsinki")
        #expect(entry["sources"] as? [String] == ["osm:node/1001", "fsq:4adcdaeff964a520e95b21e3", "google:ChIJengel"])
        #expect(entry["note"] as? String == "best cardamom buns")
        #expect(entry["addedAt"] as? String == "2026-11-22T08:00:00Z")
        #expect(entry["categories"] as? [String] == ["cafe"])

        // Pretty-printed with sorted keys: "addedAt" comes first, one key per line.
        let text = String(decoding: data, as: UTF8.self)
        let addedAt = try #require(text.range(of: "\"addedAt\""))
        let name = try #require(text.range(of: "\"name\""))
        #expect(addedAt.lowerBound < name.lowerBound)
        #expect(text.contains("\n  \"favorites\" : [\n    {\n      \"addedAt\""))
        #expect(text.hasSuffix("}\n"))

        #expect(try store.load() == [favorite])
    }

    @Test("the favourite add returns is the one stored (dates kept to the second)")
    func addReturnsStoredValue() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        let outcome = try store.add(venue: HelsinkiVenues.kiasma, at: Date(timeIntervalSince1970: 1_795_334_400.75))
        #expect(outcome == .added(try store.load()[0]))
        #expect(outcome.favorite.addedAt == HelsinkiVenues.addedAt)
    }

    @Test("favourites are listed in the order they were added")
    func listOrder() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        try store.add(venue: HelsinkiVenues.kiasma, at: HelsinkiVenues.addedAt)
        try store.add(venue: HelsinkiVenues.engel, sources: HelsinkiVenues.engelSources, at: HelsinkiVenues.addedAt)
        try store.add(venue: HelsinkiVenues.ekberg, at: HelsinkiVenues.addedAt)
        #expect(try store.load().map(\.name) == ["Kiasma", "Café Engel", "Café Ekberg"])
    }

    @Test("adding the same venue twice, by any of its ids, changes nothing and writes nothing")
    func addTwice() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        try store.add(venue: HelsinkiVenues.engel, sources: HelsinkiVenues.engelSources, at: HelsinkiVenues.addedAt)
        let bytes = try Data(contentsOf: store.fileURL)
        let identity = fileIdentity(store.fileURL)

        // The same venue again.
        let again = try store.add(venue: HelsinkiVenues.engel, sources: HelsinkiVenues.engelSources)
        #expect(again == .alreadyPresent(try store.load()[0]))
        // The Foursquare record of the same place, as a later listing might show it.
        var fromFoursquare = HelsinkiVenues.engel
        fromFoursquare.id = HelsinkiVenues.engelSources[1]
        fromFoursquare.name = "Cafe Engel"
        let viaSource = try store.add(venue: fromFoursquare, sources: [HelsinkiVenues.engelSources[1]])
        #expect(viaSource.favorite.id == HelsinkiVenues.engel.id)
        guard case .alreadyPresent = viaSource else {
            Issue.record("expected .alreadyPresent, got \(viaSource)")
            return
        }

        #expect(try Data(contentsOf: store.fileURL) == bytes)
        let after = fileIdentity(store.fileURL)
        #expect(after.inode == identity.inode)
        #expect(after.modified == identity.modified)
        #expect(try store.load().count == 1)
    }

    @Test("a note is stored, replaced by a different note, kept by nil and removed by an empty note")
    func notes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        try store.add(venue: HelsinkiVenues.ekberg, note: "  ", at: HelsinkiVenues.addedAt)
        #expect(try store.load()[0].note == "  ")

        let replaced = try store.add(venue: HelsinkiVenues.ekberg, note: "Sunday brunch")
        guard case .noteUpdated(let favorite) = replaced else {
            Issue.record("expected .noteUpdated, got \(replaced)")
            return
        }
        #expect(favorite.note == "Sunday brunch")
        #expect(favorite.addedAt == HelsinkiVenues.addedAt)
        #expect(try store.load()[0].note == "Sunday brunch")

        #expect(try store.add(venue: HelsinkiVenues.ekberg, note: nil) == .alreadyPresent(favorite))
        #expect(try store.add(venue: HelsinkiVenues.ekberg, note: "Sunday brunch") == .alreadyPresent(favorite))

        let cleared = try store.add(venue: HelsinkiVenues.ekberg, note: "")
        guard case .noteUpdated(let withoutNote) = cleared else {
            Issue.record("expected .noteUpdated, got \(cleared)")
            return
        }
        #expect(withoutNote.note == nil)
        let text = String(decoding: try Data(contentsOf: store.fileURL), as: UTF8.self)
        #expect(text.contains("\"note\" : null"))
    }

    @Test("remove matches the favourite's id or any source id; an unknown id removes nothing and writes nothing")
    func remove() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        #expect(try store.remove(id: HelsinkiVenues.engel.id) == [])
        #expect(try scratch.contents().contains("favorites.json") == false)

        try store.add(venue: HelsinkiVenues.engel, sources: HelsinkiVenues.engelSources, at: HelsinkiVenues.addedAt)
        try store.add(venue: HelsinkiVenues.ekberg, at: HelsinkiVenues.addedAt)
        try store.add(venue: HelsinkiVenues.kiasma, at: HelsinkiVenues.addedAt)

        let bytes = try Data(contentsOf: store.fileURL)
        #expect(try store.remove(id: HelsinkiVenues.suomenlinna.id) == [])
        #expect(try Data(contentsOf: store.fileURL) == bytes)

        let bySource = try store.remove(id: HelsinkiVenues.engelSources[2])
        #expect(bySource.map(\.name) == ["Café Engel"])
        let byID = try store.remove(id: HelsinkiVenues.kiasma.id)
        #expect(byID.map(\.name) == ["Kiasma"])
        #expect(try store.load().map(\.name) == ["Café Ekberg"])
    }

    @Test("a new file gets mode 0600 and missing directories 0700; an existing file keeps its mode")
    func permissionsOnCreation() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let nested = scratch.url.appendingPathComponent("share/venues", isDirectory: true)
        let store = FavoritesStore(fileURL: nested.appendingPathComponent("favorites.json"))
        try store.add(venue: HelsinkiVenues.kiasma, at: HelsinkiVenues.addedAt)
        #expect(permissions(store.fileURL) == 0o600)
        #expect(permissions(nested) == 0o700)
        #expect(permissions(nested.deletingLastPathComponent()) == 0o700)

        #expect(chmod(store.fileURL.path, 0o640) == 0)
        try store.add(venue: HelsinkiVenues.ekberg, at: HelsinkiVenues.addedAt)
        #expect(permissions(store.fileURL) == 0o640)
    }

    @Test("writes leave no temporary files behind, only the file and its lock file")
    func noTemporaryFiles() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        for venue in [HelsinkiVenues.engel, HelsinkiVenues.ekberg, HelsinkiVenues.kiasma] {
            try store.add(venue: venue, at: HelsinkiVenues.addedAt)
        }
        try store.remove(id: HelsinkiVenues.ekberg.id)
        #expect(try scratch.contents() == ["favorites.json", "favorites.json.lock"])
    }

    @Test("a temporary file abandoned by a killed writer is removed by the next update")
    func abandonedTemporaryFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        try store.add(venue: HelsinkiVenues.kiasma, at: HelsinkiVenues.addedAt)
        try Data("{\"version\": 1, \"fav".utf8).write(to: scratch.file(".favorites.json.4242.17.tmp"))
        try Data("keep".utf8).write(to: scratch.file(".other.json.4242.17.tmp"))
        try store.remove(id: HelsinkiVenues.ekberg.id)
        #expect(try scratch.contents() == [".other.json.4242.17.tmp", "favorites.json", "favorites.json.lock"])
        #expect(try store.load().map(\.name) == ["Kiasma"])
    }

    @Test("keys written by a newer version of the same format are kept on rewrite")
    func unknownKeysSurvive() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.file("favorites.json")
        let original = """
            {"version": 1, "syncedAt": "2026-11-01", "favorites": [
              {"id": "osm:way/2002", "name": "Kiasma", "latitude": 60.17186, "longitude": 24.93689,
               "address": null, "sources": ["osm:way/2002"], "note": null, "addedAt": "2026-11-01T10:00:00.250Z",
               "rating": {"mine": 5, "tags": ["art", true, null, 1.5]}}
            ]}
            """
        try Data(original.utf8).write(to: url)
        let store = FavoritesStore(fileURL: url)
        try store.add(venue: HelsinkiVenues.ekberg, at: HelsinkiVenues.addedAt)

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(json["syncedAt"] as? String == "2026-11-01")
        let entries = try #require(json["favorites"] as? [[String: Any]])
        #expect(entries.count == 2)
        let rating = try #require(entries[0]["rating"] as? [String: Any])
        #expect(rating["mine"] as? Int == 5)
        #expect((rating["tags"] as? [Any])?.count == 4)
        #expect(entries[0]["categories"] as? [String] == [])
    }

    @Test("a symbolic link to the file stays a link; the file it points to is replaced")
    func symbolicLink() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let real = scratch.file("real-favorites.json")
        let link = scratch.file("favorites.json")
        try Data("{\"version\": 1, \"favorites\": []}".utf8).write(to: real)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)

        try FavoritesStore(fileURL: link).add(venue: HelsinkiVenues.kiasma, at: HelsinkiVenues.addedAt)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(try FavoritesStore(fileURL: real).load().map(\.name) == ["Kiasma"])
    }

    @Test("a zero-byte or blank file is an empty list, and the first add replaces it")
    func emptyFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        for content in ["", " \n\t\n"] {
            let url = scratch.file("favorites-\(content.count).json")
            try Data(content.utf8).write(to: url)
            let store = FavoritesStore(fileURL: url)
            #expect(try store.load() == [])
            try store.add(venue: HelsinkiVenues.kiasma, at: HelsinkiVenues.addedAt)
            #expect(try store.load().map(\.name) == ["Kiasma"])
        }
    }

    @Test("a body that throws saves nothing")
    func throwingBodySavesNothing() throws {
        struct Abort: Error {}
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        try store.add(venue: HelsinkiVenues.kiasma, at: HelsinkiVenues.addedAt)
        let bytes = try Data(contentsOf: store.fileURL)
        #expect(throws: Abort.self) {
            try store.update { favorites in
                favorites.removeAll()
                throw Abort()
            }
        }
        #expect(try Data(contentsOf: store.fileURL) == bytes)
    }

    @Test("the store in the data directories uses favorites.json there")
    func storeInDataDirectories() throws {
        let directories = try DataDirectories(environment: ["VENUES_DATA_DIR": "/srv/venues", "HOME": "/home/ada"])
        #expect(FavoritesStore(directories: directories).fileURL.path == "/srv/venues/favorites.json")
        #expect(FavoritesStore(directories: directories).lockURL.path == "/srv/venues/favorites.json.lock")
    }
}
