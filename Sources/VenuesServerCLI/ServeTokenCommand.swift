import ArgumentParser
import Foundation
import VenuesCLISupport
import VenuesCore
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

            A token may carry its own rate limit (--rate 120/min --burst 20); without one, the
            server's default applies (venues serve --default-rate, or serve.rateLimit in the
            configuration).

            Examples:
              venues serve token create mobile-app
              venues serve token create batch-job --rate 1000/day --burst 10
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

    /// The limit of `--rate` and `--burst`, or `nil` when neither is given.
    static func rateLimit(rate: String?, burst: Int?) throws -> RateLimit? {
        guard let rate else {
            if burst != nil { throw ValidationError("--burst needs --rate") }
            return nil
        }
        guard let limit = RateLimit(rate: rate, burst: burst) else {
            throw ValidationError(
                "--rate \(rate) is not a rate: expected requests per s, min, h or day, such as 120/min (and --burst at least 1)"
            )
        }
        return limit
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a client and print its new token (once, alone on the last line)."
        )

        @Argument(help: "The client's name, e.g. mobile-app.")
        var name: String

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The client's own rate limit, e.g. 120/min (per s, min, h or day); default: the server's.",
                valueName: "rate"
            )
        )
        var rate: String?

        @Option(name: .long, help: ArgumentHelp("The burst of --rate (default: its requests).", valueName: "requests"))
        var burst: Int?

        @OptionGroup var database: ServeDatabaseOptions
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            _ = try ServeTokenCommand.checkedName(name)
            _ = try ServeTokenCommand.rateLimit(rate: rate, burst: burst)
        }

        func run() async throws {
            try await failingWithMessage {
                let token = BearerToken.generate()
                let limit = try ServeTokenCommand.rateLimit(rate: rate, burst: burst)
                try await database.withStore(global: global) { store in
                    do throws(ServerStoreError) {
                        try await store.createClient(
                            name: name,
                            tokenHash: BearerToken.hash(token),
                            createdAt: Date(),
                            rateLimit: limit
                        )
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
            abstract: "List the clients, oldest first, with their rate limits and today's use (never their tokens)."
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
                let today = UsageReport.day(Date())
                let (clients, usage) = try await database.withStore(global: global) { store in
                    do throws(ServerStoreError) {
                        return (try await store.clients(), try await store.usage(since: today))
                    } catch {
                        throw CommandFailure("cannot list the clients: \(error.reason)")
                    }
                }
                let report = UsageReport(records: usage.filter { $0.day == today })
                let formatter = ISO8601DateFormatter()
                switch format {
                case .json:
                    let objects: [[String: Any]] = clients.map { client in
                        let used = report.total(client: client.name)
                        var object: [String: Any] = [
                            "name": client.name,
                            "createdAt": formatter.string(from: client.createdAt),
                            "today": ["requests": used.requests, "upstreamRequests": used.upstreamRequests],
                        ]
                        if let limit = client.rateLimit {
                            object["rateLimit"] = [
                                "requests": limit.requests, "seconds": limit.seconds, "burst": limit.burst,
                            ]
                        }
                        return object
                    }
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
                    let rows = clients.map { client in
                        let used = report.total(client: client.name)
                        return [
                            client.name, formatter.string(from: client.createdAt),
                            client.rateLimit?.description ?? "server default",
                            String(used.requests), String(used.upstreamRequests),
                        ]
                    }
                    print(
                        TextTable.render(
                            header: ["NAME", "CREATED", "RATE LIMIT", "REQUESTS TODAY", "UPSTREAM TODAY"],
                            rows: rows,
                            rightAligned: [3, 4]
                        )
                    )
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
                print("Revoked \(name): its token no longer works (running servers stop accepting it within 1 s).")
            }
        }
    }
}
