import CoreMetrics
import Foundation
import Metrics
public import Prometheus
import Synchronization
import VenuesCore

/// The server's metrics, through swift-metrics onto a Prometheus registry of the server's own
/// (not the process-wide metrics system, so that two servers in one process — tests — keep
/// separate counts). Labels are route templates, methods, statuses, provider ids and outcome
/// kinds: never a query, a token or a key.
///
/// | metric | labels |
/// | --- | --- |
/// | `venues_http_requests_total` | `route`, `method`, `status` |
/// | `venues_http_request_duration_seconds` (histogram) | `route`, `method` |
/// | `venues_provider_calls_total` | `provider`, `outcome` (`ok` or the error kind) |
/// | `venues_cache_lookups_total` | `provider`, `result` (`hit`, `miss`, `stale`) |
/// | `venues_coalesced_requests_total` | `provider` |
/// | `venues_store_unavailable_total` | — |
/// | `venues_upstream_requests_total` | `provider`, `client` (the token's name, never the token) |
/// | `venues_rate_limited_total` | `client` |
/// | `venues_budget_refusals_total` | `provider` |
/// | `venues_budget_exhausted` (gauge: 1 while a budget is spent) | `provider` |
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` prints.
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    private struct RequestSeries: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    /// The request series made so far: made once, then only incremented (making one from the
    /// registry on every request was a measurable part of a cached request's time).
    private let requestSeries = Mutex<[RequestSeries: (CoreMetrics.Counter, Metrics.Timer)]>([:])

    private struct CounterSeries: Hashable {
        var label: String
        var dimensions: [String]
    }

    /// The other counters made so far, made once as the request series are.
    private let counters = Mutex<[CounterSeries: CoreMetrics.Counter]>([:])
    /// The budget gauges made so far.
    private let budgetGauges = Mutex<[ProviderID: CoreMetrics.Gauge]>([:])

    /// Metrics on a registry of their own.
    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .microseconds(2_500_000), .seconds(5), .seconds(10),
        ]
        self.factory = factory
    }

    /// The Prometheus text exposition of every metric.
    public func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }

    func request(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestSeries(route: route, method: method, status: status)
        let (counter, timer) = requestSeries.withLock { series in
            if let made = series[key] { return made }
            let made = (
                Counter(
                    label: "venues_http_requests_total",
                    dimensions: [("route", route), ("method", method), ("status", String(status))],
                    factory: factory
                ),
                Metrics.Timer(
                    label: "venues_http_request_duration_seconds",
                    dimensions: [("route", route), ("method", method)],
                    factory: factory
                )
            )
            series[key] = made
            return made
        }
        counter.increment()
        timer.record(duration: duration)
    }

    func providerCall(_ provider: ProviderID, outcome: String) {
        counter("venues_provider_calls_total", [("provider", provider.rawValue), ("outcome", outcome)]).increment()
    }

    /// A cache lookup's result: `hit`, `miss` or `stale` (an expired entry served while the
    /// provider is paused).
    func cacheLookup(_ provider: ProviderID, result: String) {
        counter("venues_cache_lookups_total", [("provider", provider.rawValue), ("result", result)]).increment()
    }

    func coalesced(_ provider: ProviderID) {
        counter("venues_coalesced_requests_total", [("provider", provider.rawValue)]).increment()
    }

    func storeUnavailable() {
        counter("venues_store_unavailable_total", []).increment()
    }

    /// A request sent to `provider` for `client` (each attempt).
    func upstreamRequest(_ provider: ProviderID, client: String) {
        counter("venues_upstream_requests_total", [("provider", provider.rawValue), ("client", client)]).increment()
    }

    /// A request of `client` refused for being over its rate limit.
    func rateLimited(client: String) {
        counter("venues_rate_limited_total", [("client", client)]).increment()
    }

    /// A request `provider` was not sent because its budget is spent; `exhausted` says whether
    /// the budget is spent now (a refusal) or fresh again (a request was counted).
    func budget(_ provider: ProviderID, exhausted: Bool) {
        if exhausted { counter("venues_budget_refusals_total", [("provider", provider.rawValue)]).increment() }
        let gauge = budgetGauges.withLock { gauges in
            if let made = gauges[provider] { return made }
            let made = Gauge(
                label: "venues_budget_exhausted",
                dimensions: [("provider", provider.rawValue)],
                factory: factory
            )
            gauges[provider] = made
            return made
        }
        gauge.record(exhausted ? 1 : 0)
    }

    /// The counter of `label` with `dimensions`, made on first use.
    private func counter(_ label: String, _ dimensions: [(String, String)]) -> CoreMetrics.Counter {
        let key = CounterSeries(label: label, dimensions: dimensions.flatMap { [$0.0, $0.1] })
        return counters.withLock { counters in
            if let made = counters[key] { return made }
            let made = Counter(label: label, dimensions: dimensions, factory: factory)
            counters[key] = made
            return made
        }
    }
}
