public import VenuesCore

/// Merges the records that several providers return for the same real place.
///
/// How two records from *different* providers are judged to be one place (DESIGN §5):
/// 1. **Candidates**: pairs of records found through a ``SpatialGrid`` (a 3×3 neighbourhood of
///    square cells), so the work grows linearly with the number of records. The cells are as
///    large as the farthest distance at which a rule can match (100 m by default, never more
///    than ``Rules/candidateRadius``, 250 m). Records of the same provider are never merged
///    with each other.
/// 2. **Category veto**: when both records have categories and no ``Category/Group`` in
///    common (a bank and a restaurant), they are different places, whatever else matches. A
///    record without categories counts with the groups its name implies
///    (``NameNormalizer/impliedGroups(_:)``: "Kinopalatsi Bar" is food and drink), if any.
/// 3. **Rules**, the first that holds names the match (names compared after
///    ``NameNormalizer``):
///    - `same-name`: equal normalised names within ``Rules/sameNameDistance`` (100 m);
///    - `similar-name`: Jaro-Winkler ≥ ``Rules/similarNameThreshold`` (0.9), or one name's
///      words all among the other's, within ``Rules/similarNameDistance`` (50 m);
///    - `same-phone`: the same national phone number within ``Rules/contactDistance`` (100 m);
///    - `same-website`: the same registrable web domain within ``Rules/contactDistance``.
///
///    A phone number or domain that one provider gives to several records (a chain's head
///    office, a mall) proves nothing and is ignored.
/// 4. **Chain guard**: when a normalised name occurs ``Rules/chainMinimumCount`` or more times
///    in one provider's records (a chain: "Espresso House", "R-kioski"), a pair with that name
///    must also be within ``Rules/chainDistance`` (25 m) or share the street address or
///    phone number; branches of a chain 60 m apart stay apart.
/// 5. **Clustering**: accepted pairs are joined best first (score: name similarity plus
///    bonuses for a shared phone, domain or address, minus distance) with union-find, and
///    a join is skipped when the two groups already hold a record of the same provider: a
///    merged venue has at most one record per provider.
/// 6. **Merged venue**: see ``MergedVenue`` and ``ProviderPriority``; the canonical id, name
///    and coordinate come from the most trusted provider, categories are the union, and the
///    other fields follow the rules documented on ``merged(_:reasons:)``.
///
/// The result does not depend on the order of the input (clusters and their contents); merged
/// venues are listed in the order of their first record in the input.
public struct Deduplicator: VenueMerging {
    /// Distances and thresholds of the match rules.
    public struct Rules: Sendable, Hashable {
        /// Radius in metres beyond which records are never compared; the grid's cells are the
        /// smaller of this and the largest rule distance.
        public var candidateRadius: Double
        /// Largest distance for `same-name`, in metres.
        public var sameNameDistance: Double
        /// Largest distance for `similar-name`, in metres.
        public var similarNameDistance: Double
        /// Smallest Jaro-Winkler similarity of normalised names for `similar-name`.
        public var similarNameThreshold: Double
        /// Largest distance for `same-phone` and `same-website`, in metres.
        public var contactDistance: Double
        /// Largest distance between two records of a chain without a shared address or phone.
        public var chainDistance: Double
        /// How many records with one name a single provider must return for it to count as a chain.
        public var chainMinimumCount: Int
        /// Whether records with categories in no common group are kept apart.
        public var categoryVeto: Bool

        /// The rules of DESIGN §5, as tuned on the Helsinki evaluation set.
        public init(
            candidateRadius: Double = 250,
            sameNameDistance: Double = 100,
            similarNameDistance: Double = 50,
            similarNameThreshold: Double = 0.9,
            contactDistance: Double = 100,
            chainDistance: Double = 25,
            chainMinimumCount: Int = 2,
            categoryVeto: Bool = true
        ) {
            self.candidateRadius = candidateRadius
            self.sameNameDistance = sameNameDistance
            self.similarNameDistance = similarNameDistance
            self.similarNameThreshold = similarNameThreshold
            self.contactDistance = contactDistance
            self.chainDistance = chainDistance
            self.chainMinimumCount = chainMinimumCount
            self.categoryVeto = categoryVeto
        }

        /// The largest distance at which any rule can match.
        var matchRadius: Double {
            min(candidateRadius, max(sameNameDistance, similarNameDistance, contactDistance))
        }

        /// The grid's cell size: the match radius, at least 1 m.
        var cellSize: Double { max(1, matchRadius.isFinite ? matchRadius : 250) }
    }

    /// Google, Foursquare, OpenStreetMap; see ``ProviderPriority/standard`` for why.
    public static let defaultPriority: [ProviderID] = ProviderPriority.standard.order

    /// Which provider's values win in a merged venue.
    public var priority: ProviderPriority
    /// Distances and thresholds.
    public var rules: Rules
    /// How names are made comparable.
    public var normalizer: NameNormalizer

    /// Creates a deduplicator.
    /// - Parameters:
    ///   - priority: providers, most trusted first (default Google, Foursquare, OpenStreetMap).
    ///   - rules: distances and thresholds (default: DESIGN §5).
    ///   - normalizer: name normalisation (default: generic words in five languages).
    public init(
        priority: [ProviderID] = Deduplicator.defaultPriority,
        rules: Rules = Rules(),
        normalizer: NameNormalizer = NameNormalizer()
    ) {
        self.priority = ProviderPriority(priority)
        self.rules = rules
        self.normalizer = normalizer
    }

    public func merge(_ venues: [Venue]) -> [MergedVenue] {
        let clustering = cluster(venues)
        return clustering.groups.map { group in
            merged(group.map { venues[$0] }, reasons: clustering.reasons[group[0]] ?? [])
        }
    }

    /// Groups of input indices (each group's records from distinct providers, ordered by
    /// ``priority``; groups in the order of their first input record) and, per group keyed
    /// by its first index, the accepted pairs that joined it.
    func cluster(_ venues: [Venue]) -> (groups: [[Int]], reasons: [Int: [MergeReason]]) {
        guard venues.count > 1 else {
            return (venues.indices.map { [$0] }, [:])
        }
        let index = DeduplicatorIndex(venues, normalizer: normalizer, rules: rules)
        let edges = index.matches(rules: rules)
        return index.cluster(edges, venues: venues, priority: priority)
    }
}
