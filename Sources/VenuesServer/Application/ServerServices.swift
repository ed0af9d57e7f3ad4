import Foundation
import Logging
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesHours

/// What every route shares: the configuration, the providers, the store, the limits and the
/// metrics.
struct ServerServices: Sendable {
    /// The providers the server may offer.
    let registry: ProviderRegistry
    let configuration: VenuesConfiguration
    let providers: ProviderSet
    let store: StoreMonitor
    let upstream: UpstreamCalls
    let rendered: RenderedListings
    let budgets: ProviderBudgets
    let usage: UsageMeter
    let rateLimiter: ClientRateLimiter
    let metrics: ServerMetrics
    let logger: Logger
    /// The opening hours read so far, shared by every request: each distinct value is parsed
    /// once for the server's life (the memo bounds the evaluations it keeps).
    let hoursMemo = OpeningHoursMemo()
}
