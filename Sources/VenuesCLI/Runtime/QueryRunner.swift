import ArgumentParser
import Foundation
import Logging
import VenuesAggregator
import VenuesCLIRuntime
import VenuesCLISupport
import VenuesCore
import VenuesEngine
import VenuesFavorites
import VenuesHTTP
import VenuesMerge
import VenuesOutput

/// Runs `nearby` and `search`: options → query → aggregator → output → exit status.
struct QueryRunner {
    var context: CommandContext
    var options: QueryOptions
    var hours: HoursOptions
    var output: OutputOptions

    func run(term: String?) async throws {
        let configuration = context.configuration
        let query = VenueQuery(
            center: options.center ?? configuration.defaultLocation,
            radius: options.radius ?? configuration.radius,
            term: term,
            categories: options.categories,
            limit: options.limit ?? configuration.limit,
            sort: options.sortOrder(isTextSearch: !(term ?? "").isEmpty),
            timeout: options.timeout ?? configuration.timeout
        )

        let (providers, unusable, recorders) = try ListingProviders.make(context: context, named: options.providerIDs())
        let favorites: any FavoriteMarking =
            context.favoritesIndexOrWarning("favourites are not marked") ?? NoFavorites()
        let moment = hours.request.moment()
        for (parameter, reason) in hours.request.ignoredParts {
            StandardError.write("warning: \(HoursOptions.optionName(parameter)) \(reason)\n")
        }
        var aggregator: Aggregator
        do {
            aggregator = try Aggregator(
                providers: providers,
                merger: Deduplicator(priority: configuration.dedupe.priority),
                favorites: favorites
            )
        } catch {
            throw CommandFailure(error.description)
        }
        aggregator.filter = hours.request.filter(moment)
        if let center = query.center {
            let source = options.center != nil ? "--near" : "configured default location"
            StandardError.write("Searching \(query.radius) m around \(center) (\(source)).\n")
        }
        let progress = ProgressLine(
            providers: providers.map(\.id),
            enabled: ProgressLine.wanted(verbose: context.verbose)
        )
        var result = await aggregator.run(query, progress: progress.finished)
        // A failed provider's cached answers are not replayed next time.
        for outcome in result.outcomes where outcome.error != nil {
            recorders[outcome.provider]?.forgetCachedAnswers()
        }
        progress.clear()
        if query.center == nil {
            switch result.centerSource {
            case .located(let provider):
                StandardError.write(
                    "Searching \(query.radius) m around \(result.center) (located by \(provider) from your IP address).\n"
                )
            default:
                StandardError.write(
                    "Searching \(query.radius) m around \(result.center) (no location given: Amsterdam Centraal).\n"
                )
            }
        }
        result.outcomes.append(contentsOf: unusable)
        // The last listing is saved (JSON-encoded, written atomically) while the output is
        // rendered: the two are independent, and the save is the larger. It is complete before
        // anything is written, so that a closed pipe cannot stop the process half-way through it.
        let listing = result.venues.map(\.merged)
        let lastListing = context.lastListing
        async let saved = listing.isEmpty ? false : lastListing.save(listing)
        report(result)
        let document = ResultDocument(
            result: result,
            explain: options.explain,
            catalog: context.registry.catalog,
            hours: moment
        )
        if let left = result.filtered, left.unknown > 0 {
            StandardError.write(
                "\(Plural.counted(left.unknown, "venue")) with unknown hours left out; --include-unknown shows them.\n"
            )
        }
        let rendered = Result {
            result.anyProviderAnswered || output.format != .table
                ? try document.rendered(
                    as: output.format,
                    terminalWidth: Terminal.width(environment: context.environment),
                    tiles: !output.noTiles
                ) : ""
        }
        _ = await saved
        StandardOutput.write(try rendered.get())
        guard result.anyProviderAnswered else {
            throw CommandFailure("no provider answered")
        }
    }

    /// Warnings for failed providers, and the warnings of those that answered, on stderr;
    /// timings and notes with --verbose.
    private func report(_ result: AggregatedResult) {
        for outcome in result.outcomes {
            switch outcome.result {
            case .success(let response):
                for warning in response.warnings {
                    StandardError.write("warning: \(outcome.provider): \(TextSanitizer.clean(warning))\n")
                }
                context.logger.debug(
                    "\(outcome.provider): \(Plural.counted(response.venues.count, "venue")) in \(outcome.milliseconds) ms"
                )
                for note in response.notes {
                    context.logger.debug("\(outcome.provider): \(TextSanitizer.clean(note))")
                }
            case .failure(let error):
                context.logger.debug("\(outcome.provider): \(error.kind) after \(outcome.milliseconds) ms")
                StandardError.write("warning: \(outcome.provider): \(TextSanitizer.clean(error.message))\n")
            }
        }
    }
}
