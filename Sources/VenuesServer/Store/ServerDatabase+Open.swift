public import VenuesServerStore

extension ServerDatabase {
    /// Opens the store (nothing is migrated yet: see ``VenuesServerStore/ServerStore/migrate()``).
    public func open() async throws(ServerStoreError) -> any ServerStore {
        // The SQLite and PostgreSQL stores land with the store's own branch.
        throw .failed("\(self): this build has no store implementation yet")
    }
}
