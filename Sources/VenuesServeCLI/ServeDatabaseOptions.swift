import ArgumentParser
import Foundation
import VenuesCommandLine
import VenuesFiles
import VenuesServer
import VenuesServerStore

/// `--database URL`, shared by `venues serve` and its `token` commands.
struct ServeDatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, or an SQLite file (default: $VENUES_DATABASE_URL, else server.sqlite in the data directory).",
            valueName: "url"
        )
    )
    var database: String?

    /// The database named by `--database`, else `$VENUES_DATABASE_URL`, else the default file.
    func resolved(environment: [String: String], directories: DataDirectories) throws -> ServerDatabase {
        do {
            return try ServerDatabase.parse(
                database ?? environment["VENUES_DATABASE_URL"],
                dataDirectory: directories.data
            )
        } catch {
            throw CommandFailure("--database: \(error.reason)")
        }
    }

    /// Opens and migrates the store, for a command that uses it and closes it.
    func openStore(environment: [String: String], directories: DataDirectories) async throws -> any ServerStore {
        let database = try resolved(environment: environment, directories: directories)
        let store: any ServerStore
        do throws(ServerStoreError) {
            store = try await database.open()
            try await store.migrate()
        } catch {
            throw CommandFailure("cannot use the store (\(database)): \(error.reason)")
        }
        return store
    }
}

extension ServerStoreError {
    /// The message without the generic prefix where the caller has its own.
    var reason: String {
        switch self {
        case .unavailable(let reason): "unavailable: \(reason)"
        case .failed(let reason): reason
        default: description
        }
    }
}
