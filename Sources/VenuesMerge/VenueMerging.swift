public import VenuesCore

/// One place in the final list: a canonical venue and every provider record it stands for.
public struct MergedVenue: Sendable, Hashable {
    /// The canonical record: fields chosen from the sources.
    public var venue: Venue
    /// The provider records merged into it, canonical first; one per provider, except when a
    /// provider lists the place twice (rule `duplicate`).
    public var sources: [Venue]
    /// Why the sources were judged to be the same place (empty for a single source), and an
    /// `equally-near` note for a record left apart from two same-named records it is equally
    /// near (whose ids then need not be among ``sources``).
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
///
/// Coding: ``evidence`` came later; JSON without it decodes with an empty evidence.
public struct MergeReason: Sendable, Hashable, Codable {
    /// The two records joined (the more trusted provider's first).
    public var first: VenueID
    public var second: VenueID
    /// The rule that matched: `same-name`, `other-name`, `descriptor`, `similar-name`,
    /// `same-phone`, `same-website`, `nearest-branch` or `duplicate` (docs/merge.md); or
    /// `equally-near`, a note that `first` was joined to neither `second` nor another record
    /// of its name as near.
    public var rule: String
    /// The distance the rule measured, in metres: between the two records, or from one to the
    /// other's extent when that is nearer (the evidence says which).
    public var distance: Double
    /// Name similarity 0…1.
    public var nameScore: Double
    /// What the rule saw, in words: which names of which records are equal, how far apart,
    /// e.g. `name:en "The Lantern Carriers" of osm:node/1 = displayName (en) "The Lantern
    /// Carriers" of google:abc, 7 m`. Written when first read (a merge of many records makes
    /// many reasons that nobody reads).
    public var evidence: String {
        get { details.text(first: first, second: second) }
        set { details = .text(newValue) }
    }
    var details: MergeEvidence

    public init(
        first: VenueID,
        second: VenueID,
        rule: String,
        distance: Double,
        nameScore: Double,
        evidence: String = ""
    ) {
        self.init(
            first: first,
            second: second,
            rule: rule,
            distance: distance,
            nameScore: nameScore,
            details: .text(evidence)
        )
    }

    init(first: VenueID, second: VenueID, rule: String, distance: Double, nameScore: Double, details: MergeEvidence) {
        self.first = first
        self.second = second
        self.rule = rule
        self.distance = distance
        self.nameScore = nameScore
        self.details = details
    }

    public static func == (lhs: MergeReason, rhs: MergeReason) -> Bool {
        lhs.first == rhs.first && lhs.second == rhs.second && lhs.rule == rhs.rule && lhs.distance == rhs.distance
            && lhs.nameScore == rhs.nameScore && lhs.evidence == rhs.evidence
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(second)
        hasher.combine(rule)
        hasher.combine(distance)
        hasher.combine(nameScore)
        hasher.combine(evidence)
    }

    private enum CodingKeys: String, CodingKey {
        case first, second, rule, distance, nameScore, evidence
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            first: try container.decode(VenueID.self, forKey: .first),
            second: try container.decode(VenueID.self, forKey: .second),
            rule: try container.decode(String.self, forKey: .rule),
            distance: try container.decode(Double.self, forKey: .distance),
            nameScore: try container.decode(Double.self, forKey: .nameScore),
            evidence: try container.decodeIfPresent(String.self, forKey: .evidence) ?? ""
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(first, forKey: .first)
        try container.encode(second, forKey: .second)
        try container.encode(rule, forKey: .rule)
        try container.encode(distance, forKey: .distance)
        try container.encode(nameScore, forKey: .nameScore)
        try container.encode(evidence, forKey: .evidence)
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
