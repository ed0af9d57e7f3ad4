import Foundation
import Logging
import VenuesConfig
import VenuesCore

/// What every route shares: the configuration, the providers, the store, the limits and the
/// metrics.
struct ServerServices: Sendable {
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
}
