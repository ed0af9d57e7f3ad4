import Foundation
import VenuesSQLite
import VenuesServerStore
import VenuesServerStoreSQLite
import VenuesServerStoreTestSupport
import VenuesTestSupport

/// SQLite stores for the conformance suite: a file in a scratch directory per check.
struct SQLiteTestBackend: ServerStoreTestBackend {
    var name: String { "SQLite" }
    var schemaVersion: Int { SQLiteServerStore.schemaVersion }
    var secrets: [String] { [] }

    func makeDatabase() async throws -> any ServerStoreTestDatabase {
        let directory = try ScratchDirectory()
        return SQLiteTestDatabase(directory: directory, path: directory.file("data/server.sqlite").path)
    }

    /// A file whose directory cannot be made: its parent is a regular file.
    func makeUnreachableStore() async throws -> any ServerStore {
        let directory = try ScratchDirectory()
        let blocker = directory.file("not-a-directory")
        try Data("a file".utf8).write(to: blocker)
        return SQLiteServerStore(path: blocker.appendingPathComponent("server.sqlite").path)
    }
}

struct SQLiteTestDatabase: ServerStoreTestDatabase {
    let directory: ScratchDirectory
    let path: String

    func makeStore() async throws -> any ServerStore {
        SQLiteServerStore(path: path)
    }

    func recordedSchemaVersions() async throws -> [Int] {
        try await offCooperativePool {
            let connection = try SQLiteConnection(path: path, access: .readOnly)
            let query = try connection.prepare("SELECT version FROM schema_migrations ORDER BY version")
            var versions: [Int] = []
            while try query.step() { versions.append(Int(query.int64(0))) }
            return versions
        }
    }

    func recordSchemaVersion(_ version: Int) async throws {
        try await offCooperativePool {
            let connection = try SQLiteConnection(path: path, access: .readWrite)
            try connection.execute("PRAGMA busy_timeout = 30000")
            try connection.execute(
                "INSERT INTO schema_migrations(version, description, applied_at) VALUES (\(version), 'from the future', 0)"
            )
        }
    }

    func destroy() async {
        directory.cleanUp()
    }
}
