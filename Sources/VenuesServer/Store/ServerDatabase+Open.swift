public import Logging
public import VenuesServerStore
import VenuesServerStorePostgres
import VenuesServerStoreSQLite

extension ServerDatabase {
    /// Opens the store: SQLite (the file and its folder are made when missing) or PostgreSQL
    /// (connections are opened when first needed). Nothing is migrated yet (see
    /// ``VenuesServerStore/ServerStore/migrate()``). `logger` receives PostgreSQL's pool messages.
    public func open(logger: Logger? = nil) async throws(ServerStoreError) -> any ServerStore {
        switch self {
        case .sqlite(let path):
            return SQLiteServerStore(path: path)
        case .postgres(let url):
            return try PostgresServerStore(url: url, logger: logger)
        }
    }
}
