import ArgumentParser
import Foundation
import VenuesCLISupport
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

    /// Opens and migrates the store (settings from `global`), runs `body` with it, and closes it
    /// whether `body` returns or throws: what a `token` command does with the store.
    func withStore<Value>(
        global: GlobalOptions,
        _ body: (any ServerStore) async throws -> Value
    ) async throws -> Value {
        let context = try await CommandContext.make(global: global)
        let database = try resolved(environment: context.environment, directories: context.directories)
        let store: any ServerStore
        do throws(ServerStoreError) {
            store = try await database.open()
            try await store.migrate()
        } catch {
            throw CommandFailure("cannot use the store (\(database)): \(error.reason)")
        }
        do {
            let value = try await body(store)
            await store.close()
            return value
        } catch {
            await store.close()
            throw error
        }
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
