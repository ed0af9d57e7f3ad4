public import VenuesAggregator
public import VenuesCore
public import VenuesMerge

/// Keeps the places open at a moment (`--open-now`, `--open-at`), or open for at least a while
/// from it (`--open-for`): a ``ResultFiltering`` for the aggregator.
///
/// A place whose hours are unknown is left out and counted apart, unless ``includeUnknown``.
public struct OpenHoursFilter: ResultFiltering {
    /// When the places must be open.
    public var moment: HoursMoment
    /// Whether places with unknown hours are kept (`--include-unknown`).
    public var includeUnknown: Bool

    /// A filter on the hours at `moment`.
    public init(moment: HoursMoment, includeUnknown: Bool = false) {
        self.moment = moment
        self.includeUnknown = includeUnknown
    }

    public func verdict(on place: MergedVenue) -> FilterVerdict {
        switch moment.state(of: place.venue).state {
        case .open: .kept
        case .closed: .leftOut
        case .unknown: includeUnknown ? .kept : .leftOutUnknown
        }
    }

    public func prepare(_ query: inout VenueQuery) {
        query.wantsOpeningHours = true
    }
}
