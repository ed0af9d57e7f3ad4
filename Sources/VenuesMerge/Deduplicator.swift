public import VenuesCore

/// Merges the records that several providers return for the same real place.
///
/// The rules, numbered as in the repository's design note `docs/merge.md` (which says why):
/// 1. **Candidates**: pairs of records found through a ``SpatialGrid`` (a 3×3 neighbourhood of
///    square cells), so the work grows linearly with the number of records. The cells are as
///    large as the farthest distance at which a rule can match (100 m by default, never more
///    than ``Rules/candidateRadius``, 250 m). A record with an *extent* (``Venue/extent``, the
///    bounding box of a building or park) is also paired with the records around its extent:
///    every distance below is measured to the extent when that is nearer than its centre.
///    Two records of one provider are compared only by the duplicate rule (8).
/// 2. **Names**: every name a record goes by counts (``Venue/allNames``: the display name,
///    other languages, alternative, short, official and old names, brands), each compared
///    after ``NameNormalizer`` and also without its descriptors and tagline
///    (``NameNormalizer/withoutDescriptors(_:)``: "Base Camp (Nepalese cuisine)" → "Base Camp").
/// 3. **Category veto**: when both records have categories and no ``Category/Group`` in
///    common (a bank and a restaurant), they are different places, whatever else matches. A
///    record without categories counts with the groups its name implies
///    (``NameNormalizer/impliedGroups(_:)``: "Kinopalatsi Bar" is food and drink), if any. A
///    building, square, office, mall or station (by its name's words, its provider's label or
///    an extent) never joins a venue of another kind, nor another place by containment of names.
/// 4. **Rules**, the first that holds names the match:
///    - `same-name`: equal normalised display names within ``Rules/sameNameDistance`` (100 m);
///    - `other-name`: another name of one equals a name of the other ("Lyhdynkantajat" and its
///      `name:en` "The Lantern Carriers"), within the same distance;
///    - `descriptor`: names equal once a descriptor or tagline is removed, within the same distance;
///    - `similar-name`: Jaro-Winkler ≥ ``Rules/similarNameThreshold`` (0.9), or one display
///      name's words all among the other's, or names one edit apart
///      (``NameSimilarity/isWithinOneEdit(_:_:)``, with and without descriptors, and without a
///      typo of a generic word), within ``Rules/similarNameDistance`` (50 m);
///    - `same-phone`: the same national phone number within ``Rules/contactDistance`` (100 m);
///    - `same-website`: the same registrable web domain within ``Rules/contactDistance``;
///      both only when the names share a word and either all the words of one are among the
///      other's or their Jaro-Winkler similarity is at least 0.85.
///
///    A phone number or domain that one provider gives to several records (a chain's head
///    office, a mall) proves nothing and is ignored.
/// 5. **Chain guard**: when a name occurs ``Rules/chainMinimumCount`` or more times in one
///    provider's records (a chain: "Espresso House", "R-kioski"), or is a brand, a pair
///    matched on it must be within ``Rules/chainDistance`` (25 m) or share the street address
///    or phone number — or, for equal names, be each other's nearest branch within
///    ``Rules/chainNearestDistance`` (75 m) with no other branch of either provider within
///    ``Rules/chainMargin`` (1.5) times the distance (`nearest-branch`). Branches of a chain
///    60 m apart stay apart; a pin 60 m from its own branch, with the next one 200 m away, joins.
/// 6. **Clustering**: accepted pairs are joined best first (score: name similarity plus
///    bonuses for a shared phone, domain or address, minus distance) with union-find, and
///    a join is skipped when the two groups already hold a record of the same provider: a
///    merged venue has one record per provider, except for rule 8. A record equally near two
///    same-named records of a provider standing within ``Rules/twinDistance`` (20 m) of each
///    other (within ``Rules/twinMargin``, 1.5 times) joins neither (`equally-near`, a note in
///    its reasons).
/// 7. **Merged venue**: see ``MergedVenue`` and ``ProviderPriority``; the canonical id, name
///    and coordinate come from the most trusted provider, categories are the union, and the
///    other fields follow the rules documented on ``merged(_:reasons:)``.
/// 8. **Duplicates inside one provider** (`duplicate`; only for ``Rules/duplicateProviders``,
///    Foursquare by default): two records of one provider within ``Rules/duplicateDistance``
///    (40 m) are one place when their names are equal after normalising — a name that is
///    not only generic words, that this provider gives to exactly these two records and no
///    other provider to more than one — or when they share a phone that provider gives to
///    exactly these two, and their names are similar, or when one name is the other with a
///    location suffix or one typo and neither is a chain's. Never records of two categories,
///    nor two that another provider lists as two places (a record of it named like each).
///    They are joined first.
///
/// 9. **Same record** (`same-record`): a record that names another provider's record among its
///    sources (``Venue/sameAsKey``: an Overture place made from a Foursquare place names that
///    place's `fsq:` id) joins that record, whatever the names and categories say, within
///    ``Rules/sameRecordDistance`` (1 km). It is the strongest evidence, joined before any other.
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
        /// Largest distance between a chain's records with equal names that are each other's
        /// nearest branch (`nearest-branch`), in metres.
        public var chainNearestDistance: Double
        /// For `nearest-branch`: how many times farther than the pair the next branch of either
        /// provider must be.
        public var chainMargin: Double
        /// Largest distance for `duplicate`, in metres.
        public var duplicateDistance: Double
        /// The providers whose records may be duplicates of each other: Foursquare's users add
        /// places twice; an OpenStreetMap element is a mapped object (four statues may share a
        /// name), and Google merges its own duplicates.
        public var duplicateProviders: Set<ProviderID>
        /// Extents with a longer diagonal, in metres, are ignored (a tram route, a district).
        public var largestExtent: Double
        /// A record whose second-nearest same-named record of a provider is within this many
        /// times the distance of the nearest (equal on categories) joins neither (`equally-near`).
        public var twinMargin: Double
        /// Two same-named records of one provider are twins (statues of a group, a shop mapped
        /// twice) when they stand at most this many metres apart; a chain's branches stand farther.
        public var twinDistance: Double
        /// Largest distance for `same-record`, in metres: a record and the one it names among
        /// its sources farther apart than this are left apart (a stale or wrong reference).
        public var sameRecordDistance: Double = 1000

        /// The rules of docs/merge.md, as measured on the Helsinki evaluation set.
        public init(
            candidateRadius: Double = 250,
            sameNameDistance: Double = 100,
            similarNameDistance: Double = 50,
            similarNameThreshold: Double = 0.9,
            contactDistance: Double = 100,
            chainDistance: Double = 25,
            chainMinimumCount: Int = 2,
            categoryVeto: Bool = true,
            chainNearestDistance: Double = 75,
            chainMargin: Double = 1.5,
            duplicateDistance: Double = 40,
            duplicateProviders: Set<ProviderID> = [.foursquare],
            largestExtent: Double = 1000,
            twinMargin: Double = 1.5,
            twinDistance: Double = 20
        ) {
            self.candidateRadius = candidateRadius
            self.sameNameDistance = sameNameDistance
            self.similarNameDistance = similarNameDistance
            self.similarNameThreshold = similarNameThreshold
            self.contactDistance = contactDistance
            self.chainDistance = chainDistance
            self.chainMinimumCount = chainMinimumCount
            self.categoryVeto = categoryVeto
            self.chainNearestDistance = chainNearestDistance
            self.chainMargin = chainMargin
            self.duplicateDistance = duplicateDistance
            self.duplicateProviders = duplicateProviders
            self.largestExtent = largestExtent
            self.twinMargin = twinMargin
            self.twinDistance = twinDistance
        }

        /// The largest distance at which any rule can match.
        var matchRadius: Double {
            min(candidateRadius, max(sameNameDistance, similarNameDistance, contactDistance, duplicateDistance))
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
    /// How many records an input needs for the merge to split its large steps over two
    /// threads; below it, starting threads costs more than it saves. The tests lower it to run
    /// small inputs through the two-thread paths.
    var parallelThreshold = 20_000

    /// Creates a deduplicator.
    /// - Parameters:
    ///   - priority: providers, most trusted first (default Google, Foursquare, OpenStreetMap).
    ///   - rules: distances and thresholds (default: docs/merge.md).
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
        guard venues.count > 1 else {
            return venues.map { MergedVenue(venue: $0, sources: [$0], reasons: []) }
        }
        return mergedGroups(cluster(venues), of: venues, parallel: venues.count >= parallelThreshold)
    }

    /// Groups of input indices (each group's records from distinct providers but for
    /// duplicates, ordered by ``priority``; groups in the order of their first input record)
    /// and, per group, the accepted pairs that joined it; for two venues or more.
    func cluster(_ venues: [Venue]) -> Clustering {
        let index = DeduplicatorIndex(
            venues,
            normalizer: normalizer,
            rules: rules,
            parallel: venues.count >= parallelThreshold
        )
        var edges = index.candidates(rules: rules)
        // Twins first: a pin 23 m from one statue and 27 m from its twin is equally near both,
        // though the chain guard would keep only the pair within 25 m.
        index.dropAmbiguousVariants(&edges)
        let notes = index.resolveTwins(&edges, rules: rules)
        index.resolveChains(&edges, rules: rules)
        edges += index.sameRecordEdges(venues, rules: rules)
        return index.cluster(edges, venues: venues, priority: priority, notes: notes)
    }
}
