package import ArgumentParser
import Foundation
package import Logging
package import VenuesConfig
import VenuesCore
package import VenuesEngine
package import VenuesFavorites
package import VenuesFiles
package import VenuesHTTP

/// What a command needs from its surroundings: the providers of this build, configuration, file
/// locations, logging and the HTTP client (with the response cache). Built once per run from the
/// global options.
package struct CommandContext {
    /// The providers the command may make (the build's, ``ProviderRegistry/standard``, unless
    /// a test gives others).
    package var registry: ProviderRegistry
    package var configuration: VenuesConfiguration
    package var environment: [String: String]
    package var directories: DataDirectories
    package var logger: Logger
    package var httpClient: any HTTPClient
    package var verbose: Bool
    package var offline: Bool

    /// Loads configuration layers and sets up logging and the HTTP stack. Errors exit 1 with a message.
    package static func make(
        global: GlobalOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        registry: ProviderRegistry = .standard
    )
        async throws -> CommandContext
    {
        LoggingBootstrap.once(verbose: global.verbose)
        var logger = Logger(label: "venues")
        logger.logLevel = global.verbose ? .debug : .warning
        let configuration: VenuesConfiguration
        let directories: DataDirectories
        do {
            configuration = try await ConfigurationLoader(
                environment: environment,
                catalog: registry.catalog,
                knownProviders: registry.ids
            )
            .load(explicitFile: global.config)
            directories = try DataDirectories(environment: environment)
        } catch {
            throw CommandFailure("\(error)")
        }
        var http: any HTTPClient = LoggingHTTPClient(base: CurlHTTPClient(), logger: logger)
        if configuration.cache.enabled || global.offline {
            let mode: CachingHTTPClient.Mode = global.offline ? .offline : global.noCache ? .refresh : .normal
            let cacheLogger = logger
            http = CachingHTTPClient(
                wrapping: http,
                cache: ResponseCache(directory: directories.responseCache, timeToLive: configuration.cache.ttl),
                mode: mode,
                onHit: { request, entry in
                    let age = Int(Date().timeIntervalSince(entry.storedAt).rounded())
                    cacheLogger.debug("⌂ \(request.redactedDescription): from the cache (stored \(age) s ago)")
                }
            )
        }
        return CommandContext(
            registry: registry,
            configuration: configuration,
            environment: environment,
            directories: directories,
            logger: logger,
            httpClient: http,
            verbose: global.verbose,
            offline: global.offline
        )
    }

    /// The favourites file.
    package var favorites: FavoritesStore { FavoritesStore(directories: directories) }

    /// The favourites, or `nil` after a warning on stderr (`warning: CONSEQUENCE: why`, naming
    /// the file) when the file cannot be read: commands that only consult favourites go on.
    package func favoritesIndexOrWarning(_ consequence: String) -> FavoriteIndex? {
        do {
            return try favorites.index()
        } catch {
            StandardError.write("warning: \(consequence): \(error.description)\n")
            return nil
        }
    }

    /// The places of the last listing.
    package var lastListing: LastListing { LastListing(directories: directories) }
}

/// A runtime failure: printed as one line on stderr, exit status 1.
package struct CommandFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// swift-log can be bootstrapped once per process.
package enum LoggingBootstrap {
    nonisolated(unsafe) private static var done = false

    package static func once(verbose: Bool) {
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
    package func failingWithMessage(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            StandardError.write("venues: error: \(failure.description)\n")
            throw ExitCode.failure
        }
    }
}
