import Foundation
public import VenuesServerStore

extension PostgresServerStore {
    /// Where the database is and how the store uses it.
    ///
    /// Usually made from a URL (``init(url:)``):
    /// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`
    /// (`postgresql://` too; user, password and database percent-encoded; port 5432 by default).
    public struct Configuration: Sendable {
        /// How the connection is encrypted.
        public enum TLSMode: String, Sendable, Hashable {
            /// Plain TCP (a loopback server, a private network).
            case disable
            /// TLS when the server offers it, else plain TCP (libpq's default).
            case prefer
            /// TLS or no connection; the certificate is verified.
            case require
        }

        /// The server's host name or address.
        public var host: String
        /// The server's port.
        public var port: Int
        /// The user to log in as.
        public var username: String
        /// The user's password, if the server asks for one. Never part of a message.
        public var password: String?
        /// The database.
        public var database: String
        /// TLS: `prefer` by default.
        public var tls: TLSMode
        /// The schema that holds the store's tables (created by ``PostgresServerStore/migrate()``
        /// when missing), or `nil` for the user's default (`search_path`, usually `public`).
        /// Lowercase letters, digits and `_`, not starting with a digit.
        public var schema: String?
        /// Connections the pool may open at once. Default 10.
        public var maximumConnections: Int
        /// How long one call may take, waiting for a connection included, before it throws
        /// ``VenuesServerStore/ServerStoreError/unavailable(_:)``. Default 5 s.
        public var operationTimeout: Duration
        /// How long opening one connection may take. Default 5 s.
        public var connectTimeout: Duration
        /// How long this instance trusts a client's favourites as it last read them (0.5 s by
        /// default; `.zero` reads them every time): a change made through another instance is
        /// seen within it, one made through this instance at once.
        public var favoritesFreshFor: Duration = .milliseconds(500)

        /// A configuration with the defaults above.
        public init(
            host: String,
            port: Int = 5432,
            username: String,
            password: String? = nil,
            database: String,
            tls: TLSMode = .prefer,
            schema: String? = nil,
            maximumConnections: Int = 10,
            operationTimeout: Duration = .seconds(5),
            connectTimeout: Duration = .seconds(5)
        ) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.tls = tls
            self.schema = schema
            self.maximumConnections = maximumConnections
            self.operationTimeout = operationTimeout
            self.connectTimeout = connectTimeout
        }

        /// A configuration from a `postgres://` URL, with the defaults above.
        ///
        /// - Throws: ``VenuesServerStore/ServerStoreError/failed(_:)`` saying what is wrong with
        ///   the URL; the message never contains the password.
        public init(url: String) throws(ServerStoreError) {
            let shown = Self.redacted(url)
            guard let components = URLComponents(string: url) else {
                throw .failed("'\(shown)' is not a URL; expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            }
            guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
                throw .failed("'\(shown)' is not a postgres:// URL")
            }
            guard let host = components.host, !host.isEmpty else {
                throw .failed("'\(shown)' names no host; expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            }
            guard let username = components.percentEncodedUser?.removingPercentEncoding, !username.isEmpty else {
                throw .failed("'\(shown)' names no user; expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            }
            var path = components.percentEncodedPath
            if path.hasPrefix("/") { path.removeFirst() }
            guard let database = path.removingPercentEncoding, !database.isEmpty, !database.contains("/") else {
                throw .failed("'\(shown)' names no database; expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            }
            var tls = TLSMode.prefer
            for item in components.queryItems ?? [] {
                switch item.name {
                case "sslmode":
                    guard let value = item.value, let mode = TLSMode(rawValue: value) else {
                        throw .failed("sslmode in '\(shown)' must be disable, prefer or require")
                    }
                    tls = mode
                default:
                    throw .failed("'\(item.name)' in '\(shown)' is not a setting venues knows (only sslmode)")
                }
            }
            self.init(
                host: host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host,
                port: components.port ?? 5432,
                username: username,
                password: components.percentEncodedPassword?.removingPercentEncoding,
                database: database,
                tls: tls
            )
        }

        /// Checks the values that cannot be known good by their type.
        func validate() throws(ServerStoreError) {
            if let schema {
                let allowed = schema.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
                guard !schema.isEmpty, allowed, !("0"..."9").contains(schema.unicodeScalars.first!) else {
                    throw .failed("the schema name '\(schema)' must be lowercase letters, digits and _")
                }
            }
            guard (1...65535).contains(port) else { throw .failed("the port \(port) is not between 1 and 65535") }
            guard maximumConnections >= 1 else { throw .failed("maximumConnections must be at least 1") }
        }

        /// `host:port`, for messages.
        var endpoint: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

        /// The URL with its password replaced by `***`, for messages.
        static func redacted(_ url: String) -> String {
            guard let scheme = url.range(of: "://") else { return url }
            let rest = url[scheme.upperBound...]
            // The user information ends at the authority's last `@` (a password may hold `/`).
            guard let at = rest.lastIndex(of: "@") else { return url }
            let credentials = url[scheme.upperBound..<at]
            guard let colon = credentials.firstIndex(of: ":") else { return url }
            return url[..<colon] + ":***" + url[at...]
        }
    }
}

extension PostgresServerStore.Configuration: CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The database's URL with the password as `***`: printing a configuration shows no secret.
    public var description: String {
        var user = username.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? username
        if password != nil { user += ":***" }
        let name = database.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? database
        var text = "postgres://\(user)@\(endpoint)/\(name)?sslmode=\(tls.rawValue)"
        if let schema { text += " (schema \(schema))" }
        return text
    }

    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the fields, with the password as `***`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "host": host, "port": port, "username": username, "password": password.map { _ in "***" } as Any,
                "database": database, "tls": tls, "schema": schema as Any, "maximumConnections": maximumConnections,
                "operationTimeout": operationTimeout, "connectTimeout": connectTimeout,
            ],
            displayStyle: .struct
        )
    }
}
