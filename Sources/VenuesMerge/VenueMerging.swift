public import VenuesCore

/// One place in the final list: a canonical venue and every provider record it stands for.
public struct MergedVenue: Sendable, Hashable {
    /// The canonical record: fields chosen from the sources.
    public var venue: Venue
    /// The provider records merged into it, canonical first; one per provider at most.
    public var sources: [Venue]
    /// Why the sources were judged to be the same place (empty for a single source).
    public var reasons: [MergeReason]

    public init(venue: Venue, sources: [Venue], reasons: [MergeReason] = []) {
        self.venue = venue
        self.sources = sources
        self.reasons = reasons
    }

    /// A venue standing alone.
    public init(single venue: Venue) {
        self.init(venue: venue, sources: [venue])
    }
}

/// Why two records were merged, for `--explain`.
public struct MergeReason: Sendable, Hashable, Codable {
    /// The two records joined.
    public var first: VenueID
    public var second: VenueID
    /// The rule that matched (e.g. `same-name`, `similar-name`, `same-phone`).
    public var rule: String
    /// Distance between the two records in metres.
    public var distance: Double
    /// Name similarity 0…1.
    public var nameScore: Double

    public init(first: VenueID, second: VenueID, rule: String, distance: Double, nameScore: Double) {
        self.first = first
        self.second = second
        self.rule = rule
        self.distance = distance
        self.nameScore = nameScore
    }
}

/// Turns the providers' venues into one list of places. The seam for deduplication.
public protocol VenueMerging: Sendable {
    /// Groups records of the same real place; every input venue appears in exactly one output.
    func merge(_ venues: [Venue]) -> [MergedVenue]
}

/// Keeps every record as its own place: no deduplication.
public struct NoMerging: VenueMerging {
    public init() {}

    public func merge(_ venues: [Venue]) -> [MergedVenue] {
        venues.map(MergedVenue.init(single:))
    }
}
