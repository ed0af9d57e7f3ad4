import PostgresNIO

// The statements the server runs on most requests that reach the store, prepared once per
// connection (postgres-nio keeps them by name): PostgreSQL parses and plans each once, and every
// later call only binds and executes it.

/// A client by the SHA-256 of its token (hex): name, created_at, rate_requests, rate_seconds,
/// rate_burst.
struct ClientByTokenHash: PostgresPreparedStatement {
    static let name = "venues_client_by_token_hash"
    static let sql = """
        SELECT name, created_at, rate_requests, rate_seconds, rate_burst FROM clients WHERE token_hash = $1
        """
    typealias Row = (String, PostgresInstant, Int?, Int?, Int?)

    /// The token's SHA-256, in lower-case hex.
    var tokenHash: String

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(tokenHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// A client's favourites, oldest first: venue_id, name, latitude, longitude, address,
/// categories, sources, note, added_at.
struct FavoritesOfClient: PostgresPreparedStatement {
    static let name = "venues_favorites_of_client"
    static let sql = """
        SELECT venue_id, name, latitude, longitude, address, categories, sources, note, added_at
        FROM favorites WHERE client = $1 ORDER BY added_at, id
        """
    typealias Row = (String, String, Double, Double, String?, [String], [String], String?, PostgresInstant)

    /// The client's name.
    var client: String

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(client)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// A cache entry's value, when it has not expired at a moment.
struct CachedValueByKey: PostgresPreparedStatement {
    static let name = "venues_cached_value_by_key"
    static let sql = "SELECT value FROM cache WHERE key = $1 AND expires_at > $2"
    typealias Row = ByteBuffer

    /// The entry's key.
    var key: String
    /// The moment the entry must outlive.
    var now: PostgresInstant

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(key)
        bindings.append(now)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(ByteBuffer.self) }
}
