import Foundation
import Synchronization
import VenuesAggregator
import VenuesCore
import VenuesOpenState
import VenuesOutput

/// Listing requests already understood, by their route and query text: what the URL's
/// parameters give (the query, the providers, their keys) depends on nothing else — the
/// server's configuration and providers are fixed for its life — so a query text seen before
/// is not parsed and checked again. Parsing, checking and describing a request was a tenth of
/// a cached listing's time. Only requests that passed every check are kept; one that did not
/// is checked again each time, and fails the same way.
final class PreparedListings: Sendable {
    /// What decides a prepared request: the route and the URL's query text as sent.
    struct Key: Hashable, Sendable {
        var search: Bool
        var query: String
    }

    /// A listing request as the route needs it.
    struct Prepared: Sendable {
        /// The query for the providers.
        var query: VenueQuery
        /// Whether `explain` was asked for.
        var explain: Bool
        /// The format `?format=` asks for; `nil` lets the `Accept` header choose.
        var format: ListingFormat?
        /// The providers asked, in order.
        var providers: [any VenueProvider]
        /// The providers named that cannot be asked, as outcomes.
        var unusable: [ProviderOutcome]
        /// Each provider's cache key, in the providers' order.
        var keys: [UpstreamKey]
        /// Everything but the answers and the favourites that decides the listing's bytes:
        /// ``ListingRoutes/describe(_:explain:unusable:)``, the opening-hours request and the
        /// keys, in order.
        var description: String
        /// What the listing asks of opening hours (its moment is taken per request).
        var hours: HoursRequest
    }

    /// The most requests kept; all are forgotten when it is full.
    let capacity: Int
    private let entries = Mutex<[Key: Prepared]>([:])

    init(capacity: Int = 1024) {
        self.capacity = max(1, capacity)
    }

    /// The request prepared for `key`: kept, else made by `prepare` (and kept when it
    /// succeeds).
    func prepared(for key: Key, _ prepare: () throws -> Prepared) throws -> Prepared {
        if let kept = entries.withLock({ $0[key] }) { return kept }
        let made = try prepare()
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= capacity { entries.removeAll() }
            entries[key] = made
        }
        return made
    }
}
