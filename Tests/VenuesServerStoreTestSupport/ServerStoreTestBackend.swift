public import VenuesServerStore

/// What the conformance suite needs of a kind of store: fresh databases, and a store that
/// cannot reach its database.
public protocol ServerStoreTestBackend: Sendable {
    /// The kind of store, for messages ("SQLite", "PostgreSQL").
    var name: String { get }
    /// The schema version the store writes (its highest migration).
    var schemaVersion: Int { get }
    /// Text that must never appear in an error message (the database password), if any.
    var secrets: [String] { get }
    /// How long an instance may go on reading favourites as they were before another instance
    /// changed them (zero: not at all).
    var favoritesStaleness: Duration { get }
    /// A new, empty database (a file, a schema…) for one check.
    func makeDatabase() async throws -> any ServerStoreTestDatabase
    /// A store whose database cannot be reached: a port nothing listens on, a file that cannot
    /// be created.
    func makeUnreachableStore() async throws -> any ServerStore
}

extension ServerStoreTestBackend {
    /// A store that sees other instances' changes at once.
    public var favoritesStaleness: Duration { .zero }
}

/// One database of a ``ServerStoreTestBackend``: stores on it, and a look at its schema table
/// behind the stores' backs.
public protocol ServerStoreTestDatabase: Sendable {
    /// A new store instance on this database; several may be open at once, like several
    /// server processes. The caller closes it.
    func makeStore() async throws -> any ServerStore
    /// Every version recorded in the schema table, in order, repeats included.
    func recordedSchemaVersions() async throws -> [Int]
    /// Records `version` in the schema table, as a newer venues would.
    func recordSchemaVersion(_ version: Int) async throws
    /// Deletes the database.
    func destroy() async
}
