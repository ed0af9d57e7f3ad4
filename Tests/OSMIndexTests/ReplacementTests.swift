import Foundation
import OSMModel
import Synchronization
import Testing
import VenuesCore
import VenuesFiles
import VenuesSQLite
import VenuesTestSupport

@testable import OSMIndex

/// Never a broken index: an import replaces the old file only when the new one is complete, a
/// search during an import reads the old one, and two imports of one index do not run at once.
@Suite("OSM index: atomic replacement", .timeLimit(.minutes(5)))
struct ReplacementTests {
    static let small = """
        <osm version="0.6">
          <bounds minlat="60.16" minlon="24.93" maxlat="60.18" maxlon="24.96"/>
          <node id="1" lat="60.17" lon="24.94"><tag k="name" v="Uusi kahvila"/><tag k="amenity" v="cafe"/></node>
        </osm>
        """

    @Test func aSearchDuringAnImportReadsTheOldIndex() async throws {
        let folder = IndexTest.directory("replace")
        let index = folder.appendingPathComponent("city.sqlite")
        _ = try await offCooperativePool { try IndexTest.importIndex(IndexTest.sampleFile, into: index) }
        let before = try OSMIndexReader(url: index)

        // While the new index is being finished, the old one is what a reader opens.
        let seenDuring = Mutex<[Int]>([])
        let newFile = IndexTest.write(Self.small)
        _ = try await offCooperativePool {
            try IndexTest.importIndex(newFile, into: index) { progress in
                guard progress.phase == .indexing else { return }
                let venues = (try? OSMIndexReader(url: index).info.venues) ?? -1
                seenDuring.withLock { $0.append(venues) }
            }
        }
        #expect(seenDuring.withLock { $0 } == [1205])
        #expect(try OSMIndexReader(url: index).info.venues == 1)
        // A reader that opened the old file before the rename goes on reading it.
        let old = try before.search(
            OSMIndexReader.Query(
                center: IndexTest.helsinki,
                radius: 300,
                categories: [],
                selection: try OSMSelection(categories: [], term: nil),
                nearest: 10
            )
        )
        #expect(old.venues.count == 10)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func aFailedImportLeavesTheOldIndexAsItWas() async throws {
        let folder = IndexTest.directory("failed")
        let index = folder.appendingPathComponent("city.sqlite")
        _ = try await offCooperativePool { try IndexTest.importIndex(IndexTest.sampleFile, into: index) }
        let bytes = try Data(contentsOf: index)
        let broken = IndexTest.write(
            "<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"2\">\n<tag k=\"a\" v=\"b\"/>\n</osm>\n"
        )
        let error = await #expect(throws: OSMIndexError.self) {
            _ = try await offCooperativePool { try IndexTest.importIndex(broken, into: index) }
        }
        #expect(error?.description.contains("line 3") == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: index) == bytes)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }.isEmpty
        )
    }

    @Test func leftoversOfAnImportThatWasKilledAreRemovedByTheNextOne() async throws {
        let folder = IndexTest.directory("leftovers")
        let index = folder.appendingPathComponent("city.sqlite")
        let leftover = folder.appendingPathComponent(".city.sqlite.4242.17.tmp")
        try Data(repeating: 7, count: 4096).write(to: leftover)
        let unrelated = folder.appendingPathComponent(".other.sqlite.4242.17.tmp")
        try Data(repeating: 7, count: 16).write(to: unrelated)
        let summary = try await offCooperativePool {
            try IndexTest.importIndex(IndexTest.write(Self.small), into: index)
        }
        #expect(summary.notes.contains { $0.contains("earlier import") })
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @Test func aSecondImportOfTheSameIndexIsRefusedWhileTheFirstRuns() async throws {
        let folder = IndexTest.directory("busy")
        let index = folder.appendingPathComponent("city.sqlite")
        let lock = try FileLock.acquire(at: OSMIndexFiles.lockURL(for: index), timeout: 1)
        defer { lock.unlock() }
        let error = await #expect(throws: OSMIndexError.self) {
            _ = try await offCooperativePool { try IndexTest.importIndex(IndexTest.write(Self.small), into: index) }
        }
        #expect(
            error?.description.contains("another venues process is importing, updating or removing this index") == true
        )
        #expect(!FileManager.default.fileExists(atPath: index.path))
        // Removal is refused the same way.
        let catalog = OSMIndexCatalog(directory: folder)
        #expect(throws: OSMIndexError.self) { try catalog.remove(name: "city") }
    }
}

/// Files named as an index that are not one, or not one this build reads: a clear error and
/// nothing written.
@Suite("OSM index: what is not an index")
struct NotAnIndexTests {
    static func openError(_ url: URL) -> OSMIndexError? {
        do {
            _ = try OSMIndexReader(url: url)
            return nil
        } catch {
            return error
        }
    }

    @Test func aTextFileIsNotAnIndexAndStaysUntouched() throws {
        let file = IndexTest.write(String(repeating: "notes\n", count: 500), name: "notes.sqlite")
        let before = try Data(contentsOf: file)
        let error = Self.openError(file)
        #expect(
            error?.description.contains("is not a venues OSM index (not an SQLite database)") == true,
            "\(String(describing: error))"
        )
        #expect(try Data(contentsOf: file) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["notes.sqlite"], "no journal or lock file is made")
    }

    @Test func anotherProgramsDatabaseIsNotAnIndex() throws {
        let file = IndexTest.directory("other").appendingPathComponent("app.sqlite")
        try SQLiteConnection(path: file.path, access: .readWriteCreate).execute("CREATE TABLE t(x)")
        #expect(Self.openError(file)?.description.contains("an SQLite database of another program") == true)
    }

    @Test func anIndexOfANewerSchemaIsRefused() async throws {
        let copy = IndexTest.directory("newer").appendingPathComponent("future.sqlite")
        try FileManager.default.copyItem(at: try await IndexTest.sampleIndex.value, to: copy)
        try SQLiteConnection(path: copy.path, access: .readWrite).execute("PRAGMA user_version = 99")
        let error = Self.openError(copy)
        #expect(error == .newerSchema(path: copy.path, version: 99))
        #expect(error?.description.contains("schema version 99") == true)
    }

    @Test func aMissingFileIsSaidToBeMissing() {
        let missing = IndexTest.directory("missing").appendingPathComponent("none.sqlite")
        #expect(Self.openError(missing) == .notFound(path: missing.path))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}

@Suite("OSM index: where an import's lock lives")
struct IndexLockPlacementTests {
    @Test("beside an index in the data directory; in the runtime lock directory for one written elsewhere")
    func lockPlacement() throws {
        let environment = ["VENUES_DATA_DIR": "/data/venues", "XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/u"]
        let inData = URL(fileURLWithPath: "/data/venues/osm/city.sqlite")
        #expect(
            OSMIndexFiles.lockURL(for: inData, environment: environment).path == "/data/venues/osm/.city.sqlite.lock"
        )
        let elsewhere = URL(fileURLWithPath: "/home/u/maps/city.sqlite")
        let lock = OSMIndexFiles.lockURL(for: elsewhere, environment: environment)
        #expect(lock.deletingLastPathComponent().path == "/run/user/1000/venues/locks")
        #expect(lock.lastPathComponent.hasPrefix("city.sqlite-") && lock.lastPathComponent.hasSuffix(".lock"))
        // The same file, the same lock; another file of the same name, another lock.
        #expect(OSMIndexFiles.lockURL(for: elsewhere, environment: environment) == lock)
        let other = URL(fileURLWithPath: "/home/u/other/city.sqlite")
        #expect(OSMIndexFiles.lockURL(for: other, environment: environment) != lock)
        // Without a runtime directory: a folder of this user's in the temporary directory.
        var noRuntime = environment
        noRuntime["XDG_RUNTIME_DIR"] = nil
        #expect(OSMIndexFiles.lockURL(for: elsewhere, environment: noRuntime).path.contains("venues-\(getuid())/locks"))
    }
}
