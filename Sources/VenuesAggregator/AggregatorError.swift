public import VenuesCore

/// Why an ``Aggregator`` cannot be made.
public enum AggregatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Two of the providers have this id. Outcomes, lookups and favourites are keyed by
    /// provider id, so each provider needs its own.
    case duplicateProviderID(ProviderID)

    public var description: String {
        switch self {
        case .duplicateProviderID(let id):
            "two providers have the id '\(id)': each provider needs an id of its own (outcomes and lookups are keyed by it)"
        }
    }
}
