public import VenuesCore
public import VenuesMerge

/// A filter the aggregator applies to the merged places before it sorts them and cuts the list
/// to the limit (so that the places kept are the nearest, or best, of those that pass).
///
/// A place the filter cannot judge for want of data (hours nobody knows) is left out apart
/// from those it judged, so that a listing can say how many it could not judge.
public protocol ResultFiltering: Sendable {
    /// Whether `place` stays in the list.
    func verdict(on place: MergedVenue) -> FilterVerdict

    /// Asks the providers for what the filter reads (``VenueQuery/wantsOpeningHours``).
    func prepare(_ query: inout VenueQuery)
}

/// What a filter says of one place.
public enum FilterVerdict: Sendable, Hashable {
    /// The place passes.
    case kept
    /// The place fails the filter.
    case leftOut
    /// The filter cannot judge the place (its data is unknown), and leaves it out.
    case leftOutUnknown
}

/// How many places a filter left out of a result.
public struct FilterCounts: Sendable, Hashable, Codable {
    /// Places that failed the filter.
    public var leftOut: Int
    /// Places left out because the filter could not judge them.
    public var unknown: Int

    /// Counts of places left out.
    public init(leftOut: Int = 0, unknown: Int = 0) {
        self.leftOut = leftOut
        self.unknown = unknown
    }
}
