import ArgumentParser
import Foundation
import Logging
import VenuesCLISupport
import VenuesCore
import VenuesHTTP
import VenuesServer
import VenuesServerStore

/// `venues serve` (the program `venues-server`, which `venues serve` runs): the venue engine
/// over HTTP for many clients, the provider keys kept on the server. `venues serve token …`
/// manages the clients' bearer tokens.
///
/// The server is a program of its own so that `venues`, started for every one-shot query, does
/// not carry the HTTP server, PostgreSQL client and TLS: a third of its protocol conformances,
/// which the Swift runtime searches one by one at start-up, and half of its size.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "venues serve",
        abstract: "Serve nearby, search, show and per-client favourites over HTTP (keys stay on the server).",
        discussion: """
            Listens on 127.0.0.1:8080 unless told otherwise. Clients send Authorization: Bearer TOKEN
            (venues serve token create NAME makes one); --no-auth serves one implicit client, on a
            loopback address only. Provider keys and endpoints come from the configuration, as for
            the other commands. SIGTERM or SIGINT: stop accepting, finish the requests in flight, exit 0.

            Clients whose token carries no rate limit get --default-rate (else serve.rateLimit in
            the configuration; else none). The paid providers' budgets (google.budget.daily,
            foursquare.budget.monthly, …) are counted in the store, shared by every server on it.

            Examples:
              venues serve
              venues serve --host 0.0.0.0 --port 8080 --database postgres://venues@db.internal/venues
              venues serve --no-auth --port 0
              venues serve --default-rate 120/min --default-burst 20
              venues serve usage --since 2026-11-01
            """,
        version: VenuesVersion.current,
        subcommands: [ServeTokenCommand.self, ServeUsageCommand.self, ServeMCPCommand.self]
    )

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port (0 picks a free one).", valueName: "port"))
    var port = 8080

    @Flag(name: .long, help: "No tokens: every request is one implicit client (loopback addresses only).")
    var noAuth = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a connection may take to send a whole request, or stay idle.",
            valueName: "seconds"
        )
    )
    var readTimeout: Double = 30

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The rate limit of clients whose token sets none, e.g. 120/min (per s, min, h or day).",
            valueName: "rate"
        )
    )
    var defaultRate: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The burst of --default-rate (default: its requests).", valueName: "requests")
    )
    var defaultBurst: Int?

    @OptionGroup var database: ServeDatabaseOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let defaultRate, RateLimit(rate: defaultRate, burst: defaultBurst) == nil {
            throw ValidationError(
                "--default-rate \(defaultRate) is not a rate: expected requests per s, min, h or day, such as 120/min (and --default-burst at least 1)"
            )
        }
        if defaultBurst != nil, defaultRate == nil {
            throw ValidationError("--default-burst needs --default-rate")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port) is out of range: expected 0 to 65535")
        }
        guard readTimeout > 0, readTimeout <= 3600 else {
            throw ValidationError(
                "--read-timeout \(readTimeout) is out of range: expected more than 0 and at most 3600 seconds"
            )
        }
        if noAuth, !ServerSettings.isLoopback(host) {
            throw ValidationError(ServerSetupError.openServerNeedsLoopback(host: host).description)
        }
        if global.offline || global.noCache {
            throw ValidationError(
                "--offline and --no-cache are for the one-shot commands: the server keeps its own cache"
            )
        }
    }

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            var logger = Logger(label: "venues.serve")
            logger.logLevel = global.verbose ? .debug : .info
            let location = try database.resolved(environment: context.environment, directories: context.directories)
            let store: any ServerStore
            do throws(ServerStoreError) {
                store = try await location.open(logger: logger)
            } catch {
                throw CommandFailure("cannot use the store (\(location)): \(error.reason)")
            }
            var settings = ServerSettings()
            settings.host = host
            settings.port = port
            settings.authentication = noAuth ? .single(client: "local") : .tokens
            settings.readTimeout = .milliseconds(Int64(readTimeout * 1000))
            // Always the folder: each provider that answers from imported indexes follows its
            // own `useIndexes` (Overture's folder lies beside OpenStreetMap's).
            settings.osmIndexDirectory = context.directories.osmIndexes
            settings.defaultRateLimit =
                defaultRate.flatMap { RateLimit(rate: $0, burst: defaultBurst) }
                ?? context.configuration.serve.rateLimit
            let server: VenuesServer
            do throws(ServerSetupError) {
                server = try VenuesServer(
                    settings: settings,
                    configuration: context.configuration,
                    store: store,
                    httpClient: LoggingHTTPClient(base: CurlHTTPClient(), logger: logger),
                    logger: logger
                )
            } catch {
                throw CommandFailure(error.description)
            }
            let host = self.host
            let auth = noAuth ? "no auth: one implicit client" : "bearer tokens"
            do {
                try await server.run { port in
                    StandardError.write("venues serve: listening on http://\(host):\(port) (\(location); \(auth))\n")
                }
            } catch {
                throw CommandFailure("the server stopped: \(error)")
            }
        }
    }
}
