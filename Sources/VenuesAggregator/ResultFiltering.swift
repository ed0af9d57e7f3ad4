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

    /// Asks the providers for what the filter reads (``VenueQuery/wantsOpeningHours``), and
    /// gives those that hold the whole circle the filter's test of single venues
    /// (``VenueQuery/prefilter``), so that they return the nearest places that pass.
    func prepare(_ query: inout VenueQuery)
}
