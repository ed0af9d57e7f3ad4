import Foundation
import VenuesCore

/// The records of one ``Deduplicator`` run, prepared for fast pair tests: names (every name
/// of a record, see ``DeduplicatorNames``), phones, domains and addresses interned as integers,
/// category groups as bit masks, extents, plus the counts behind the chain guard,
/// the duplicate rule and the "shared contact" rule.
///
/// Records are stored in grid-cell order, so that the pair tests read memory that is close
/// together; ``source`` maps a record back to its index in the input.
struct DeduplicatorIndex {
    let count: Int
    /// Whether the steps of the merge that split run on two threads.
    let parallel: Bool
    /// The grid over the records (in this index's order), shared by all pair searches.
    let grid: SpatialGrid
    /// The input index of each record.
    let source: [Int32]
    let coordinates: [Coordinate]
    /// Cosine of each record's latitude, for ``distance(_:_:)``.
    let cosLatitude: [Double]
    /// Index of each record's provider among the providers present.
    let provider: [Int32]
    /// The providers present, by index.
    let providerIDs: [ProviderID]
    /// Every name of every record.
    let names: DeduplicatorNames
    /// The key of each record's display name (``DeduplicatorNames/displayKey(_:)``), for the
    /// common case of records with one name.
    let nameKey: [Int32]
    /// How many records of each provider have each key among their names, at
    /// `key * providerIDs.count + provider`.
    let keyCounts: [Int32]
    /// For the keys that a provider gives to several records: how many of those records have
    /// each combination of category groups (``groups``), by `provider << 32 | key`.
    let keyGroups: [Int64: [(groups: UInt8, count: Int32)]]
    /// Bit mask of each record's categories (``bit(_:)-(Category)``), for preferring a pair of
    /// the very same category.
    let categoryBits: [UInt32]
    /// Interned phone, domain and street address of each record, or -1. A phone or domain that
    /// one provider gives to several of its records is stored as -1: it proves nothing.
    let phone: [Int32]
    let domain: [Int32]
    let address: [Int32]
    /// Each record's phone even when its provider gives it to several records, and how many
    /// records of that provider have it (for the duplicate rule).
    let rawPhone: [Int32]
    let rawPhoneCount: [Int32]
    /// Bit mask of each record's category groups; for a record without categories, the groups
    /// its name implies ("… Bar"); 0 when neither says anything.
    let groups: [UInt8]
    /// The extents of the records that have one no larger than the rules allow
    /// (``Deduplicator/Rules/largestExtent``), indexed by ``extentSlot``.
    let extents: [BoundingBox]
    /// Per record: its slot in ``extents``, or -1.
    let extentSlot: [Int32]
    /// A stable hash of each record's id, for a total, input-order-free ordering.
    let tieBreak: [UInt64]
    /// Per record: whether it is a building, square, office, mall or station — by its name
    /// (``DeduplicatorNames/isContainer``), its provider's category labels, or an extent —
    /// which other venues stand in (rule 3), and no venue of food, drink, lodging, finance or
    /// sport itself.
    let container: [Bool]

    /// Prepares the records; with `parallel`, on two threads (for large inputs).
    init(_ input: [Venue], normalizer: NameNormalizer, rules: Deduplicator.Rules, parallel: Bool) {
        count = input.count
        self.parallel = parallel
        // Steps that do not need each other run side by side: the grid and the fields read
        // from each record beside the interning of the names' texts; then the names' keys
        // beside the contact keys.
        let (layout, texts) = inParallel(
            parallel,
            { Layout(input, rules: rules) },
            { DeduplicatorNames.Texts(input) }
        )
        let analysed = texts.analysed(normalizer: normalizer, parallel: parallel)
        let (names, contacts) = inParallel(
            parallel,
            { DeduplicatorNames(texts, analysed: analysed, order: layout.inputIndex, normalizer: normalizer) },
            {
                Contacts(
                    input,
                    order: layout.inputIndex,
                    provider: layout.provider,
                    providers: layout.providerIDs.count
                )
            }
        )
        grid = layout.grid
        source = layout.source
        coordinates = layout.coordinates
        cosLatitude = layout.cosLatitude
        provider = layout.provider
        providerIDs = layout.providerIDs
        categoryBits = layout.categoryBits
        extents = layout.extents
        extentSlot = layout.extentSlot
        phone = contacts.phone
        domain = contacts.domain
        address = contacts.address
        rawPhone = contacts.rawPhone
        rawPhoneCount = contacts.rawPhoneCount
        tieBreak = contacts.tieBreak
        self.names = names
        nameKey = (0..<count).map(names.displayKey)

        let provider = provider
        let providerCount = providerIDs.count
        var keyCounts = [Int32](repeating: 0, count: names.keyScalars.count * providerCount)
        for r in 0..<count {
            for e in names.entries(of: r) {
                keyCounts[Int(names.entryKey[e]) * providerCount + Int(provider[r])] += 1
            }
        }
        self.keyCounts = keyCounts

        let implied = names.implied
        let categoryGroups = layout.categoryGroups
        let groups = (0..<count).map { r in categoryGroups[r] == 0 ? implied[r] : categoryGroups[r] }
        self.groups = groups
        var keyGroups: [Int64: [(groups: UInt8, count: Int32)]] = [:]
        for r in 0..<count {
            for e in names.entries(of: r) where keyCounts[Int(names.entryKey[e]) * providerCount + Int(provider[r])] > 1
            {
                let packed = Self.pack(provider[r], names.entryKey[e])
                if let slot = keyGroups[packed]?.firstIndex(where: { $0.groups == groups[r] }) {
                    keyGroups[packed]![slot].count += 1
                } else {
                    keyGroups[packed, default: []].append((groups[r], 1))
                }
            }
        }
        self.keyGroups = keyGroups
        // Food and drink, lodging, finance and sport are venues, not what venues stand in.
        let venueKinds = Self.bit(.foodAndDrink) | Self.bit(.lodging) | Self.bit(.finance) | Self.bit(.sport)
        let extentSlot = extentSlot
        let containerLabel = layout.containerLabel
        container = (0..<count).map { r in
            guard groups[r] & venueKinds == 0 else { return false }
            return names.isContainer[r] || extentSlot[r] >= 0 || containerLabel[r]
        }
    }

    static func pack(_ high: Int32, _ low: Int32) -> Int64 {
        Int64(high) << 32 | Int64(UInt32(bitPattern: low))
    }

    /// A bit per category, for ``categoryBits``.
    static func bit(_ category: Category) -> UInt32 {
        switch category {
        case .restaurant: 1 << 0
        case .cafe: 1 << 1
        case .bar: 1 << 2
        case .pub: 1 << 3
        case .fastFood: 1 << 4
        case .bakery: 1 << 5
        case .iceCream: 1 << 6
        case .hotel: 1 << 7
        case .museum: 1 << 8
        case .gallery: 1 << 9
        case .attraction: 1 << 10
        case .park: 1 << 11
        case .shop: 1 << 12
        case .supermarket: 1 << 13
        case .pharmacy: 1 << 14
        case .bank: 1 << 15
        case .atm: 1 << 16
        case .cinema: 1 << 17
        case .theatre: 1 << 18
        case .nightclub: 1 << 19
        case .library: 1 << 20
        case .gym: 1 << 21
        }
    }

    static func bit(_ group: Category.Group) -> UInt8 {
        switch group {
        case .foodAndDrink: 1
        case .lodging: 2
        case .leisure: 4
        case .retail: 8
        case .finance: 16
        case .sport: 32
        }
    }

    /// ``FNV1a`` of `provider:native`, the same in every process.
    static func fnv1a(_ provider: String, _ native: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(provider)
        hash.add(UInt8(ascii: ":"))
        hash.add(native)
        return hash.value
    }

    /// Distance in metres between two records' coordinates, by the equirectangular
    /// approximation at their mean latitude: within a few millimetres of the great-circle
    /// distance at the ≤ 250 m the rules look at, and with no trigonometry per pair.
    func distance(_ i: Int, _ j: Int) -> Double {
        let metresPerDegree = Coordinate.earthRadius * Double.pi / 180
        var deltaLongitude = abs(coordinates[i].longitude - coordinates[j].longitude)
        if deltaLongitude > 180 { deltaLongitude = 360 - deltaLongitude }
        let dx = deltaLongitude * (cosLatitude[i] + cosLatitude[j]) / 2 * metresPerDegree
        let dy = (coordinates[i].latitude - coordinates[j].latitude) * metresPerDegree
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Metres from record `point`'s coordinate to record `box`'s extent (0 inside it), by the
    /// equirectangular approximation at the point's latitude; `nil` when `box` has no extent.
    func distance(from point: Int, toExtentOf box: Int) -> Double? {
        let slot = extentSlot[box]
        guard slot >= 0 else { return nil }
        let extent = extents[Int(slot)]
        let metresPerDegree = Coordinate.earthRadius * Double.pi / 180
        let latitude = coordinates[point].latitude
        let longitude = coordinates[point].longitude
        let dy = max(extent.south - latitude, 0, latitude - extent.north) * metresPerDegree
        let dx = max(extent.west - longitude, 0, longitude - extent.east) * metresPerDegree * cosLatitude[point]
        return (dx * dx + dy * dy).squareRoot()
    }

    /// How many records of `provider` have `key` among their names.
    @inline(__always)
    func count(of key: Int32, in provider: Int32) -> Int32 {
        keyCounts[Int(key) * providerIDs.count + Int(provider)]
    }

    /// How many records of `provider` with `key` among their names could be the same kind of
    /// place as a record with category groups `mask` (a record or mask without groups is
    /// compatible with everything).
    func compatibleCount(of key: Int32, in provider: Int32, groups mask: UInt8) -> Int32 {
        let total = count(of: key, in: provider)
        guard total > 1, mask != 0, let histogram = keyGroups[Self.pack(provider, key)] else { return total }
        return histogram.reduce(0) { $0 + ($1.groups == 0 || $1.groups & mask != 0 ? $1.count : 0) }
    }

    /// The category groups a pair is judged by: those of one record if the other has none,
    /// else the groups they share.
    @inline(__always)
    func pairGroups(_ i: Int, _ j: Int) -> UInt8 {
        groups[i] == 0 ? groups[j] : groups[j] == 0 ? groups[i] : groups[i] & groups[j]
    }

    /// Whether one key's words are all among the other's, the contained ones spelling at least
    /// three letters (so that "K" is not found in "K Market").
    func wordsContained(_ a: Int32, _ b: Int32) -> Bool {
        // The letters of contained words are among the other key's: when each key has a
        // letter bucket the other lacks, neither holds the other (a cheap test first).
        let (bucketsA, bucketsB) = (names.keyBuckets[Int(a)], names.keyBuckets[Int(b)])
        if bucketsA & ~bucketsB != 0, bucketsB & ~bucketsA != 0 { return false }
        let keyWords = names.keyWords
        let (smallKey, largeKey) = keyWords[Int(a)].count <= keyWords[Int(b)].count ? (a, b) : (b, a)
        let small = keyWords[Int(smallKey)]
        let large = keyWords[Int(largeKey)]
        guard !small.isEmpty, names.keyScalars[Int(smallKey)].count >= 3 else { return false }
        var j = 0
        for word in small {
            while j < large.count, large[j] < word { j += 1 }
            if j == large.count || large[j] != word { return false }
        }
        return true
    }
}
