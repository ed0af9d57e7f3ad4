import Foundation
import VenuesAggregator
package import VenuesCLISupport
package import VenuesCore
import VenuesEngine
package import VenuesFavorites
package import VenuesMerge
package import VenuesOutput

/// Finds one place by id, from the last listing, the favourites or the provider that issued the id.
package struct VenueFinder {
    package var context: CommandContext
    /// The favourites as the command read them; `nil` when the file could not be read (the
    /// command has said so).
    package var favorites: FavoriteIndex?

    /// Where a place was found.
    package typealias Origin = VenueDetail.Origin

    /// A finder with the command's context and favourites (`nil` when they could not be read).
    package init(context: CommandContext, favorites: FavoriteIndex?) {
        self.context = context
        self.favorites = favorites
    }

    /// Asks the issuing provider first (fresh, every field), then falls back to what is stored.
    /// Used by `venues show`.
    package func freshest(_ id: VenueID, timeout: Double) async throws -> (MergedVenue, Origin) {
        let stored = storedPlace(id)
        switch await fetch(id, timeout: timeout) {
        case .success(let venue):
            return (replacing(id, with: venue, in: stored?.0), .provider)
        case .failure(let error):
            if let stored {
                context.logger.debug("\(id.provider): \(error.message); showing the stored copy")
                return stored
            }
            throw CommandFailure(message(for: id, error: error))
        }
    }

    /// Uses what is stored first (no network), then asks the provider. Used by `favorites add`.
    package func cheapest(_ id: VenueID, timeout: Double) async throws -> (MergedVenue, Origin) {
        if let stored = storedPlace(id) { return stored }
        switch await fetch(id, timeout: timeout) {
        case .success(let venue): return (MergedVenue(single: venue), .provider)
        case .failure(let error): throw CommandFailure(message(for: id, error: error))
        }
    }

    private func storedPlace(_ id: VenueID) -> (MergedVenue, Origin)? {
        if let listed = context.lastListing.find(id) { return (listed, .lastListing) }
        if let favorite = favorites?.favorite(matching: id) {
            return (favorite.mergedVenue, .favorites)
        }
        return nil
    }

    private func fetch(_ id: VenueID, timeout: Double) async -> Result<Venue, ProviderError> {
        let recorder = RecordingHTTPClient(base: context.httpClient)
        switch context.registry.make(
            id.provider,
            configuration: context.configuration,
            httpClient: BudgetedHTTPClient(base: recorder, provider: id.provider, budgets: context.budgets),
            osmIndexDirectory: context.directories.osmIndexes
        ) {
        case .failure(let error):
            return .failure(error)
        case .success(let provider):
            let result: Result<Venue, ProviderError>
            do {
                result = try await Aggregator(providers: [provider]).venue(id, timeout: timeout)
            } catch {
                // One provider cannot share its id with another.
                result = .failure(.badRequest(error.description))
            }
            if case .failure = result { recorder.forgetCachedAnswers() }
            return result
        }
    }

    /// The stored place with the record for `id` replaced by the fresh one, merged again with
    /// the configured provider priority, so that what the other sources contributed (a phone,
    /// a website, the canonical name) stays.
    private func replacing(_ id: VenueID, with venue: Venue, in stored: MergedVenue?) -> MergedVenue {
        guard let stored else { return MergedVenue(single: venue) }
        let sources = [venue] + stored.sources.filter { $0.id != id }
        return Deduplicator(priority: context.configuration.dedupe.priority).merged(sources, reasons: stored.reasons)
    }

    private func message(for id: VenueID, error: ProviderError) -> String {
        switch error {
        case .notFound:
            "no venue with id \(id): it is not in the last listing, not a favourite, and \(id.provider) does not know it"
        default:
            "cannot look up \(id): it is not in the last listing or the favourites, and \(id.provider) failed: \(TextSanitizer.clean(error.message))"
        }
    }
}
