/// A test of single venues that a provider holding the whole circle applies as it walks the
/// circle (nearest first, or best match first), so that the nearest ``VenueQuery/nearestLimit``
/// or best ``VenueQuery/rankedLimit`` it returns are of the venues that pass: the nearest ten
/// places open now, found without reading the thousands of the circle (``VenueQuery/prefilter``).
///
/// The aggregator judges the merged places again (a place several sources hold shows the state
/// of the source it trusts most), so a provider that cannot apply it may ignore it.
public struct VenuePrefilter: Sendable, Hashable, CustomStringConvertible {
    /// What the test asks, fully: two prefilters with one identity judge every venue alike.
    /// Part of a cached answer's key (`open@2026-11-28T18:00:00Z`).
    public let identity: String
    /// The verdict on one venue.
    public let verdict: @Sendable (Venue) -> FilterVerdict
    /// Whether the verdict reads only the venue's id, name, position and opening hours
    /// (``Venue/hours``): a provider may then judge a venue made of those alone, and read the
    /// rest only of the venues kept.
    public let readsHoursOnly: Bool
    /// The verdict on a venue at a position whose one source of hours is an OpenStreetMap
    /// `opening_hours` value that a local index compiled into a week (the bytes of
    /// `VenuesHours.HoursWeek`): the verdict ``verdict`` gives that venue, without the value
    /// read again. `nil` (the closure, or its answer) when this prefilter cannot judge from a
    /// week: the venue is then judged by ``verdict``.
    public let compiledWeekVerdict: (@Sendable (_ week: [UInt8], _ position: Coordinate) -> FilterVerdict?)?

    /// A prefilter named `identity` that judges venues with `verdict` (reading only their id,
    /// name, position and hours when `readsHoursOnly`), and from a compiled week with
    /// `compiledWeekVerdict` when it can.
    public init(
        identity: String,
        readsHoursOnly: Bool = false,
        compiledWeekVerdict: (@Sendable (_ week: [UInt8], _ position: Coordinate) -> FilterVerdict?)? = nil,
        verdict: @escaping @Sendable (Venue) -> FilterVerdict
    ) {
        self.identity = identity
        self.readsHoursOnly = readsHoursOnly
        self.compiledWeekVerdict = compiledWeekVerdict
        self.verdict = verdict
    }

    public var description: String { identity }

    public static func == (lhs: VenuePrefilter, rhs: VenuePrefilter) -> Bool { lhs.identity == rhs.identity }

    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    /// The candidates that pass `prefilter`, in their order, judged until `limit` have passed
    /// (a negative limit counts as 0); every candidate, and no counts, without a prefilter.
    public static func kept<Candidate>(
        _ candidates: [Candidate],
        by prefilter: VenuePrefilter?,
        upTo limit: Int?,
        venue: (Candidate) -> Venue
    ) -> (kept: [Candidate], counts: FilterCounts) {
        guard let prefilter else { return (candidates, FilterCounts()) }
        return prefilter.kept(candidates, upTo: limit.map { max(0, $0) }, venue: venue)
    }

    /// The venues that pass, in their order, until `limit` have passed (every venue when `nil`),
    /// with counts of those it judged and left out on the way.
    ///
    /// Ties at the cut stay together only as the caller's order puts them; the caller cuts again.
    public func kept<Candidates: Sequence>(
        _ candidates: Candidates,
        upTo limit: Int?,
        venue: (Candidates.Element) -> Venue
    ) -> (kept: [Candidates.Element], counts: FilterCounts) {
        var kept: [Candidates.Element] = []
        var counts = FilterCounts()
        for candidate in candidates {
            if let limit, kept.count >= limit { break }
            switch verdict(venue(candidate)) {
            case .kept: kept.append(candidate)
            case .leftOut: counts.leftOut += 1
            case .leftOutUnknown: counts.unknown += 1
            }
        }
        return (kept, counts)
    }
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

    /// Whether nothing was left out.
    public var isEmpty: Bool { leftOut == 0 && unknown == 0 }

    /// The counts of two filterings together.
    public static func + (lhs: FilterCounts, rhs: FilterCounts) -> FilterCounts {
        FilterCounts(leftOut: lhs.leftOut + rhs.leftOut, unknown: lhs.unknown + rhs.unknown)
    }

    /// Adds the counts of another filtering.
    public static func += (lhs: inout FilterCounts, rhs: FilterCounts) { lhs = lhs + rhs }
}
