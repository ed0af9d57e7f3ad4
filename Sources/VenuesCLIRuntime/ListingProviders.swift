package import VenuesAggregator
package import VenuesCLISupport
package import VenuesCore
import VenuesEngine

/// The providers a listing asks, as the commands make them: each behind a client that records
/// what it sent (so that a rejected answer's cache entry can be forgotten) and spends the
/// user's budget for it.
package enum ListingProviders {
    /// The providers to ask (those `named`, else the configured ones that are usable), each
    /// behind its own recording client; those that cannot be made become error outcomes.
    /// Throws ``CommandFailure`` listing why when none can be asked.
    package static func make(
        context: CommandContext,
        named: [ProviderID]?
    ) throws -> (
        providers: [any VenueProvider], unusable: [ProviderOutcome], recorders: [ProviderID: RecordingHTTPClient]
    ) {
        let configuration = context.configuration
        let configured = configuration.providers.filter { context.registry.ids.contains($0) }
        let chosen =
            named
            ?? configured.filter {
                context.registry.unusableReason(
                    $0,
                    configuration: configuration,
                    osmIndexDirectory: context.directories.osmIndexes
                ) == nil
            }
        var providers: [any VenueProvider] = []
        var unusable: [ProviderOutcome] = []
        var recorders: [ProviderID: RecordingHTTPClient] = [:]
        for id in chosen {
            let recorder = RecordingHTTPClient(base: context.httpClient)
            switch context.registry.make(
                id,
                configuration: configuration,
                httpClient: BudgetedHTTPClient(base: recorder, provider: id, budgets: context.budgets),
                osmIndexDirectory: context.directories.osmIndexes
            ) {
            case .success(let provider):
                providers.append(provider)
                recorders[id] = recorder
            case .failure(let error):
                unusable.append(ProviderOutcome(provider: id, result: .failure(error), milliseconds: 0))
            }
        }
        guard !providers.isEmpty else {
            var lines = ["no usable provider:"]
            for outcome in unusable {
                lines.append("  \(outcome.provider): \(outcome.error?.message ?? "unavailable")")
            }
            // Configured providers left out for want of a key: say which key each needs.
            let leftOut =
                named == nil
                ? configured.compactMap { id in
                    context.registry.unusableReason(id, configuration: configuration).map { (id, $0) }
                } : []
            for (id, reason) in leftOut {
                lines.append("  \(id): \(reason)")
            }
            if unusable.isEmpty && leftOut.isEmpty {
                lines.append(
                    "  none configured; \(context.registry.setupHint)"
                )
            }
            throw CommandFailure(lines.joined(separator: "\n"))
        }
        return (providers, unusable, recorders)
    }
}
