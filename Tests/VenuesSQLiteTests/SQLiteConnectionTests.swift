import Foundation
import Testing
import VenuesSQLite
import VenuesTestSupport

@Suite("VenuesSQLite: the typed layer over libsqlite3")
struct SQLiteConnectionTests {
    @Test func valuesOfEveryTypeGoInAndComeBackOut() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let database = try SQLiteConnection(path: scratch.file("t.sqlite").path, access: .readWriteCreate)
        try database.execute("CREATE TABLE t(i, r, s, b, n)")
        let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        try insert.bind(Int64.max, at: 1)
        try insert.bind(-0.125, at: 2)
        try insert.bind("Café Engel 🇫🇮", at: 3)
        try insert.bind(blob: [0, 1, 255], at: 4)
        try insert.bindNull(at: 5)
        try insert.run()
        // Empty text and blobs are values, not NULL.
        try insert.bind(0, at: 1)
        try insert.bind(0.0, at: 2)
        try insert.bind("", at: 3)
        try insert.bind(blob: [], at: 4)
        try insert.bind(nil as String?, at: 5)
        try insert.run()

        let select = try database.prepare("SELECT i, r, s, b, n FROM t ORDER BY rowid")
        #expect(try select.step())
        #expect(select.int64(0) == Int64.max)
        #expect(select.double(1) == -0.125)
        #expect(select.text(2) == "Café Engel 🇫🇮")
        #expect(select.blob(3) == [0, 1, 255])
        #expect(select.isNull(4))
        #expect(select.type(0) == .integer && select.type(1) == .float && select.type(2) == .text)
        #expect(select.type(3) == .blob && select.type(4) == .null)
        #expect(try select.step())
        #expect(select.text(2) == "")
        #expect(select.type(2) == .text)
        #expect(select.type(3) == .blob)
        #expect(select.blob(3) == [])
        #expect(select.isNull(4))
        #expect(try select.step() == false)
        #expect(try database.integer("SELECT count(*) FROM t") == 2)
        #expect(try database.text("SELECT s FROM t WHERE i = 0") == "")
    }

    @Test func errorsCarrySQLitesMessageAndCode() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let database = try SQLiteConnection(path: scratch.file("t.sqlite").path, access: .readWriteCreate)
        try database.execute("CREATE TABLE t(id INTEGER PRIMARY KEY)")
        let error = #expect(throws: SQLiteError.self) { try database.execute("SELEKT 1") }
        #expect(error?.message.contains("syntax error") == true)
        try database.execute("INSERT INTO t VALUES (1)")
        let duplicate = #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (1)") }
        #expect(duplicate?.isConstraint == true)
        #expect(duplicate?.message.contains("UNIQUE") == true)
    }

    @Test func readOnlyNeitherCreatesNorWrites() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let missing = scratch.file("missing.sqlite")
        let error = #expect(throws: SQLiteError.self) {
            _ = try SQLiteConnection(path: missing.path, access: .readOnly)
        }
        #expect(error?.isCannotOpen == true)
        #expect(!FileManager.default.fileExists(atPath: missing.path))

        let path = scratch.file("t.sqlite").path
        try SQLiteConnection(path: path, access: .readWriteCreate).execute("CREATE TABLE t(x)")
        let reader = try SQLiteConnection(path: path, access: .readOnly)
        #expect(throws: SQLiteError.self) { try reader.execute("INSERT INTO t VALUES (1)") }
        #expect(try reader.integer("SELECT count(*) FROM t") == 0)
    }

    @Test func aFileThatIsNotADatabaseIsSaidToBeOne() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.file("notes.sqlite")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: file)
        let database = try SQLiteConnection(path: file.path, access: .readOnly)
        let error = #expect(throws: SQLiteError.self) { _ = try database.integer("PRAGMA user_version") }
        #expect(error?.isNotADatabase == true)
    }

    @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let database = try SQLiteConnection(path: scratch.file("t.sqlite").path, access: .readWriteCreate)
        try database.execute("CREATE TABLE t(x)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (1)")
                #expect(database.isInTransaction)
                throw Stop()
            }
        }
        #expect(!database.isInTransaction)
        #expect(try database.integer("SELECT count(*) FROM t") == 0)
        try database.transaction { try database.execute("INSERT INTO t VALUES (2)") }
        #expect(try database.integer("SELECT x FROM t") == 2)
    }

    @Test func immutableReadersOpenPathsWithURICharacters() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = scratch.file("odd name?#%.sqlite").path
        try SQLiteConnection(path: path, access: .readWriteCreate).execute(
            "CREATE TABLE t(x); INSERT INTO t VALUES (7)"
        )
        let reader = try SQLiteConnection(path: path, access: .readOnly, immutable: true)
        #expect(try reader.integer("SELECT x FROM t") == 7)
    }

    @Test func theSystemLibraryHasWhatTheIndexNeeds() {
        #expect(SQLiteConnection.hasCompileOption("ENABLE_FTS5"))
        #expect(SQLiteConnection.hasCompileOption("ENABLE_RTREE"))
        #expect(SQLiteConnection.libraryVersion.hasPrefix("3."))
    }
}
