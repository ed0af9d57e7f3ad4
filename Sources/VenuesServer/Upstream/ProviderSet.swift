import Foundation
import VenuesAggregator
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesHTTP

/// The providers the server offers, made once from its configuration and shared by every
/// request: the usable ones (keys present, endpoints valid) and, for the others, why not.
struct ProviderSet: Sendable {
    /// Every provider that could be made, behind the shared calls, in the registry's order.
    let available: [ProviderID: any VenueProvider]
    /// Providers the configuration lists but that cannot be used, as a client is told it.
    let unusable: [ProviderID: ProviderError]
    /// Why each of those cannot be used (a key not set, an endpoint not valid): for the
    /// operator's log at start-up, never for a client.
    let reasons: [ProviderID: String]
    /// The providers asked when a request names none: the configured, usable ones.
    let defaults: [ProviderID]
    /// Every provider of the registry, in its order.
    let order: [ProviderID]
    /// The usable providers that suggest from local data (`GET /v1/suggest`), asked directly:
    /// they cost nothing and are not cached.
    let suggesters: [any VenueSuggesting]
    /// The usable providers that answer from data on this machine, which `/readyz` lists.
    let localData: [any LocalDataDescribing]

    init(
        registry: ProviderRegistry,
        configuration: VenuesConfiguration,
        httpClient: any HTTPClient,
        osmIndexDirectory: URL?,
        upstream: UpstreamCalls,
        budgets: ProviderBudgets,
        usage: UsageMeter,
        metrics: ServerMetrics
    ) {
        var available: [ProviderID: any VenueProvider] = [:]
        var unusable: [ProviderID: ProviderError] = [:]
        var reasons: [ProviderID: String] = [:]
        var suggesters: [any VenueSuggesting] = []
        var localData: [any LocalDataDescribing] = []
        for id in registry.ids {
            switch registry.make(
                id,
                configuration: configuration,
                httpClient: ServerHTTPClient(
                    base: httpClient,
                    provider: id,
                    budgets: budgets,
                    usage: usage,
                    metrics: metrics
                ),
                osmIndexDirectory: osmIndexDirectory
            ) {
            case .success(let provider):
                available[id] = SharedProvider(base: provider, upstream: upstream)
                if let suggester = provider as? any VenueSuggesting { suggesters.append(suggester) }
                if let local = provider as? any LocalDataDescribing { localData.append(local) }
            // The reason (a key not set, an endpoint not valid) is the operator's, in the log
            // and `venues providers`; a client is told only that the provider is not offered.
            case .failure(let error):
                unusable[id] = .misconfigured(Self.notAvailable)
                reasons[id] = error.message
            }
        }
        self.available = available
        self.suggesters = suggesters
        self.localData = localData
        self.unusable = unusable
        self.reasons = reasons
        order = registry.ids
        defaults = configuration.providers.filter { available[$0] != nil }
    }

    /// One log line per provider this server cannot ask, in the registry's order: `google is not
    /// available on this server: …` with the reason.
    var reasonLines: [String] {
        order.compactMap { id in
            reasons[id].map { "\(id) is not available on this server: \($0)" }
        }
    }

    /// What a client is told of a provider this server cannot ask.
    static let notAvailable = "not available on this server"

    /// The providers for one request — those named, else the defaults — and an error outcome
    /// for each named one that cannot be used.
    func choose(_ named: [ProviderID]?) -> (providers: [any VenueProvider], unusable: [ProviderOutcome]) {
        var providers: [any VenueProvider] = []
        var failed: [ProviderOutcome] = []
        for id in named ?? defaults {
            if let provider = available[id] {
                providers.append(provider)
            } else {
                let error = unusable[id] ?? .misconfigured(Self.notAvailable)
                failed.append(ProviderOutcome(provider: id, result: .failure(error), milliseconds: 0))
            }
        }
        return (providers, failed)
    }

    /// The provider that issued `id`, or why it cannot be asked.
    func provider(for id: VenueID) -> Result<any VenueProvider, ProviderError> {
        if let provider = available[id.provider] { return .success(provider) }
        return .failure(unusable[id.provider] ?? .unsupported("\(id.provider) is not known to this server"))
    }
}
