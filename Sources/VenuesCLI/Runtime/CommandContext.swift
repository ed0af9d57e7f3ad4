import ArgumentParser
import Foundation
import Logging
import VenuesAggregator
import VenuesCore
import VenuesHTTP

/// What a command needs from its surroundings: configuration, environment, logging and the
/// HTTP client. Built once per run from the global options.
struct CommandContext {
    var configuration: VenuesConfiguration
    var environment: [String: String]
    var logger: Logger
    var httpClient: any HTTPClient
    var verbose: Bool

    /// Loads configuration layers and sets up logging. Configuration errors exit 1 with a message.
    static func make(
        global: GlobalOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws -> CommandContext
    {
        LoggingBootstrap.once(verbose: global.verbose)
        var logger = Logger(label: "venues")
        logger.logLevel = global.verbose ? .debug : .warning
        let configuration: VenuesConfiguration
        do {
            configuration = try ConfigurationLoader(environment: environment).load(explicitFile: global.config)
        } catch {
            throw CommandFailure(error.description)
        }
        let http = LoggingHTTPClient(base: CurlHTTPClient(), logger: logger)
        return CommandContext(
            configuration: configuration,
            environment: environment,
            logger: logger,
            httpClient: http,
            verbose: global.verbose
        )
    }
}

/// A runtime failure: printed as one line on stderr, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// swift-log can be bootstrapped once per process.
enum LoggingBootstrap {
    nonisolated(unsafe) private static var done = false

    static func once(verbose: Bool) {
        guard !done else { return }
        done = true
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .debug : .warning
            return handler
        }
    }
}

extension AsyncParsableCommand {
    /// Runs the body; a ``CommandFailure`` becomes one stderr line and exit 1.
    func failingWithMessage(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            StandardError.write("venues: error: \(failure.description)\n")
            throw ExitCode.failure
        }
    }
}
