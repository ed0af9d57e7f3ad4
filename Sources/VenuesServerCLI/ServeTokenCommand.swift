import ArgumentParser
import Foundation
import VenuesCLISupport
import VenuesServer
import VenuesServerStore

/// `venues serve token create|list|revoke`: the clients of a `venues serve` and their bearer
/// tokens. Only a token's SHA-256 is stored; the token itself is printed once, at creation.
struct ServeTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, list and revoke the bearer tokens of the server's clients.",
        discussion: """
            Each client has a name and one token. The store keeps only the token's SHA-256, so a
            token is shown once, when it is created; a lost token is revoked and made anew.

            Examples:
              venues serve token create mobile-app
              venues serve token list --database postgres://venues@db.internal/venues
              venues serve token revoke mobile-app
            """,
        subcommands: [Create.self, List.self, Revoke.self]
    )

    /// A client name: 1–64 letters, digits, `.`, `_` or `-`.
    static func checkedName(_ name: String) throws -> String {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        guard (1...64).contains(name.count), allowed else {
            throw ValidationError(
                "NAME '\(name)' is not a client name: expected 1 to 64 letters, digits, '.', '_' or '-'"
            )
        }
        return name
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a client and print its new token (once, alone on the last line)."
        )

        @Argument(help: "The client's name, e.g. mobile-app.")
        var name: String

        @OptionGroup var database: ServeDatabaseOptions
        @OptionGroup var global: GlobalOptions

        func validate() throws { _ = try ServeTokenCommand.checkedName(name) }

        func run() async throws {
            try await failingWithMessage {
                let token = BearerToken.generate()
                try await database.withStore(global: global) { store in
                    do throws(ServerStoreError) {
                        try await store.createClient(name: name, tokenHash: BearerToken.hash(token), createdAt: Date())
                    } catch {
                        if case .duplicateClient = error {
                            throw CommandFailure(
                                "a client named \(name) exists already: revoke it first (venues serve token revoke \(name))"
                            )
                        }
                        throw CommandFailure("cannot create the client: \(error.reason)")
                    }
                }
                print("Created client \(name). Its token is shown only now; send it as Authorization: Bearer TOKEN:")
                print(token)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the clients, oldest first (never their tokens)."
        )

        @Option(name: .long, help: ArgumentHelp("Output format: table or json.", valueName: "format"))
        var format: ListFormat = .table

        @OptionGroup var database: ServeDatabaseOptions
        @OptionGroup var global: GlobalOptions

        enum ListFormat: String, CaseIterable, ExpressibleByArgument {
            case table, json
        }

        func run() async throws {
            try await failingWithMessage {
                let clients = try await database.withStore(global: global) { store in
                    do throws(ServerStoreError) {
                        return try await store.clients()
                    } catch {
                        throw CommandFailure("cannot list the clients: \(error.reason)")
                    }
                }
                let formatter = ISO8601DateFormatter()
                switch format {
                case .json:
                    let objects = clients.map { ["name": $0.name, "createdAt": formatter.string(from: $0.createdAt)] }
                    let data = try JSONSerialization.data(
                        withJSONObject: objects,
                        options: [.prettyPrinted, .sortedKeys]
                    )
                    print(String(decoding: data, as: UTF8.self))
                case .table:
                    guard !clients.isEmpty else {
                        print("No clients yet: create one with venues serve token create NAME.")
                        return
                    }
                    let width = max(4, clients.map(\.name.count).max() ?? 4)
                    print("NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  CREATED")
                    for client in clients {
                        print(
                            client.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                                + formatter.string(from: client.createdAt)
                        )
                    }
                }
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke",
            abstract: "Revoke a client's token and delete its favourites."
        )

        @Argument(help: "The client's name.")
        var name: String

        @OptionGroup var database: ServeDatabaseOptions
        @OptionGroup var global: GlobalOptions

        func validate() throws { _ = try ServeTokenCommand.checkedName(name) }

        func run() async throws {
            try await failingWithMessage {
                let removed = try await database.withStore(global: global) { store in
                    do throws(ServerStoreError) {
                        return try await store.revokeClient(name: name)
                    } catch {
                        throw CommandFailure("cannot revoke the client: \(error.reason)")
                    }
                }
                guard removed else {
                    throw CommandFailure("there is no client named \(name) (see venues serve token list)")
                }
                print("Revoked \(name): its token no longer works (running servers stop accepting it within 5 s).")
            }
        }
    }
}
