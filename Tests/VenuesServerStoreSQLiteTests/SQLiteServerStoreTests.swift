import Foundation
import Synchronization
import Testing
import VenuesCore
import VenuesFavorites
import VenuesSQLite
import VenuesServerStore
import VenuesTestSupport

@testable import VenuesServerStoreSQLite

@Suite("SQLite server store: the file, locks and threads", .timeLimit(.minutes(3)))
struct SQLiteServerStoreTests {
    static func favorite(_ native: String, seconds: Double = 0) throws -> Favorite {
        Favorite(
            id: try VenueID(parsing: "test:\(native)"),
            name: "Venue \(native)",
            coordinate: try Coordinate(latitude: 60.17, longitude: 24.94),
            addedAt: Date(timeIntervalSince1970: 1_763_800_000 + seconds)
        )
    }

    @Test("a new file: mode 0600 in a new directory, WAL, marked as a store, writes with synchronous=FULL")
    func newFile() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.file("new/deeper/server.sqlite")
        let store = SQLiteServerStore(path: file.path)
        try await store.migrate()
        try await store.putFavorite(try Self.favorite("1"), client: "alice")
        #expect(permissions(file) == 0o600)
        #expect(permissions(file.deletingLastPathComponent()) == 0o700)
        #expect(try await store.writerPragma("synchronous") == "2", "2 is FULL")
        try await store.storeValue([1], key: "k", expiresAt: Date().addingTimeInterval(60))
        #expect(try await store.writerPragma("synchronous") == "2", "FULL again after a cache write")
        #expect(try await store.writerPragma("journal_mode") == "wal")
        let walFile = URL(fileURLWithPath: file.path + "-wal")
        #expect(permissions(walFile) == 0o600, "the WAL file has the database's mode")
        await store.close()

        try await offCooperativePool {
            let connection = try SQLiteConnection(path: file.path, access: .readOnly)
            #expect(try connection.text("PRAGMA journal_mode") == "wal")
            #expect(try connection.integer("PRAGMA application_id") == 0x5653_5256)
            #expect(try connection.integer("SELECT count(*) FROM favorites") == 1)
        }
    }

    @Test(
        "a file that is not a store is refused and left as it was",
        arguments: [
            "PRAGMA application_id = \(0x564F_534D); CREATE TABLE venue(element INTEGER PRIMARY KEY)",
            "CREATE TABLE notes(text TEXT)",
        ]
    )
    func foreignFile(schema: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.file("other.sqlite")
        try await offCooperativePool {
            let connection = try SQLiteConnection(path: file.path, access: .readWriteCreate)
            try connection.execute(schema)
        }
        let before = try Data(contentsOf: file)
        let store = SQLiteServerStore(path: file.path)
        await #expect(throws: ServerStoreError.failed("\(file.path) is not a venues server store")) {
            try await store.migrate()
        }
        await store.close()
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("a file that cannot be opened makes calls unavailable; the same store works once it can be")
    func recoversWhenTheFileCanBeOpened() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let blocker = scratch.file("data")
        try Data("not a directory".utf8).write(to: blocker)
        let store = SQLiteServerStore(path: blocker.appendingPathComponent("server.sqlite").path)
        let error = await #expect(throws: ServerStoreError.self) { try await store.migrate() }
        guard case .unavailable(let reason)? = error else {
            Issue.record("migrate under a regular file: \(String(describing: error)), not unavailable")
            return
        }
        #expect(reason.contains(blocker.path), "\(reason)")
        try FileManager.default.removeItem(at: blocker)
        try await store.migrate()
        try await store.checkReachable()
        try await store.putFavorite(try Self.favorite("1"), client: "alice")
        #expect(try await store.favorites(client: "alice").count == 1)
        await store.close()
    }

    @Test("while another connection holds the write lock, reads are answered and writes wait, then succeed")
    func readsDoNotWaitForWrites() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = scratch.file("server.sqlite").path
        // A busy timeout far longer than the reads below could ever take.
        let store = SQLiteServerStore(configuration: .init(path: path, busyTimeout: .seconds(300)))
        try await store.migrate()
        try await store.createClient(
            name: "alice",
            tokenHash: TokenHash(hex: String(repeating: "a", count: 64)),
            createdAt: Date()
        )
        let lock = try await offCooperativePool { try SQLiteWriteLock(path: path) }
        let finished = Counter()
        // Never a wait for ever: were the reads below stuck, the writers would wait 300 s each
        // for the lock; a watchdog lets go of it after 90 s, and the test fails.
        let forced = Counter()
        let watchdog = Task.detached {
            try await Task.sleep(for: .seconds(90))
            forced.increment()
            lock.release()
        }
        // More writers than the cooperative pool has threads: if any of them blocked a thread
        // of the pool, the reads below could not run until the lock is released.
        let writers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 0..<8 {
                    group.addTask {
                        try await store.putFavorite(
                            try Self.favorite("\(number)", seconds: Double(number)),
                            client: "alice"
                        )
                        finished.increment()
                    }
                }
                try await group.waitForAll()
            }
        }
        for _ in 0..<20 {
            #expect(try await store.clients().map(\.name) == ["alice"])
            #expect(
                try await store.client(tokenHash: TokenHash(hex: String(repeating: "a", count: 64)))?.name == "alice"
            )
        }
        #expect(finished.value == 0, "a write finished while another connection held the lock")
        watchdog.cancel()
        #expect(forced.value == 0, "the reads did not finish while the lock was held (released after 90 s)")
        lock.release()
        try await writers.value
        #expect(finished.value == 8)
        #expect(try await store.favorites(client: "alice").count == 8)
        await store.close()
    }

    @Test("a write lock held past the busy timeout makes a write unavailable; the next write succeeds")
    func busyTimeout() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = scratch.file("server.sqlite").path
        let store = SQLiteServerStore(configuration: .init(path: path, busyTimeout: .milliseconds(100)))
        try await store.migrate()
        let lock = try await offCooperativePool { try SQLiteWriteLock(path: path) }
        let favorite = try Self.favorite("1")
        let error = await #expect(throws: ServerStoreError.self) {
            try await store.putFavorite(favorite, client: "alice")
        }
        guard case .unavailable(let reason)? = error else {
            lock.release()
            Issue.record("a write against a held lock: \(String(describing: error)), not unavailable")
            return
        }
        #expect(reason.contains("locked"), "\(reason)")
        lock.release()
        try await store.putFavorite(try Self.favorite("1"), client: "alice")
        #expect(try await store.favorites(client: "alice").count == 1)
        await store.close()
    }

    @Test("two stores on one file (as two processes) write at once and lose nothing")
    func twoStoresOneFile() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = scratch.file("server.sqlite").path
        let first = SQLiteServerStore(path: path)
        let second = SQLiteServerStore(path: path)
        try await first.migrate()
        try await second.migrate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<40 {
                let store = number.isMultiple(of: 2) ? first : second
                group.addTask {
                    try await store.putFavorite(
                        try Self.favorite("\(number)", seconds: Double(number)),
                        client: "alice"
                    )
                    try await store.storeValue(
                        [UInt8(number)],
                        key: "k\(number)",
                        expiresAt: Date().addingTimeInterval(86_400)
                    )
                }
            }
            try await group.waitForAll()
        }
        #expect(try await first.favorites(client: "alice").count == 40)
        #expect(try await second.favorites(client: "alice").map(\.id.native) == (0..<40).map(String.init))
        #expect(try await first.cachedValue(key: "k39", now: Date()) == [39])
        await first.close()
        await second.close()
    }

    /// The writer checks that a file is its own before it touches it. When it read the file's
    /// mark and its tables in two statements, another instance could commit both in between:
    /// the mark read as unset, the tables as present, and the store refused its own file. And
    /// the switch to WAL, which SQLite fails at once when two connections both want it, is tried
    /// again.
    @Test("many stores migrating one new file at once all succeed: none refuses it as foreign or gives up on its lock")
    func manyStoresMigrateANewFileAtOnce() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        for round in 0..<12 {
            let path = scratch.file("round-\(round)/server.sqlite").path
            // One reader each: every lane is a thread blocked while it waits for the file.
            let stores = (0..<4).map { _ in SQLiteServerStore(configuration: .init(path: path, readers: 1)) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for store in stores {
                    group.addTask { try await store.migrate() }
                }
                try await group.waitForAll()
            }
            for store in stores { await store.close() }
        }
    }
}

/// A count shared by concurrent tasks.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.add(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}
