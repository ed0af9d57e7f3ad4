import Foundation
import VenuesCore

/// The records of one ``Deduplicator`` run, prepared for fast pair tests: names, phones,
/// domains and addresses interned as integers, category groups as bit masks, plus the
/// counts behind the chain guard and the "shared contact" rule.
///
/// Records are stored in grid-cell order, so that the pair tests read memory that is close
/// together; ``source`` maps a record back to its index in the input.
struct DeduplicatorIndex {
    let count: Int
    /// The input index of each record.
    let source: [Int32]
    let coordinates: [Coordinate]
    /// Cosine of each record's latitude, for ``distance(_:_:)``.
    let cosLatitude: [Double]
    /// Index of each record's provider among the providers present.
    let provider: [Int32]
    /// Interned normalised name key of each record.
    let nameKey: [Int32]
    /// Per name key: its scalars (for Jaro-Winkler) and its sorted, distinct core word ids.
    let keyScalars: [[UInt32]]
    let keyWords: [[Int32]]
    /// Per name key: whether some provider returned it several times (a chain).
    let isChain: [Bool]
    /// Interned phone, domain and street address of each record, or -1. A phone or domain that
    /// one provider gives to several of its records is stored as -1: it proves nothing.
    let phone: [Int32]
    let domain: [Int32]
    let address: [Int32]
    /// Bit mask of each record's category groups; for a record without categories, the groups
    /// its name implies ("… Bar"); 0 when neither says anything.
    let groups: [UInt8]
    /// A stable hash of each record's id, for a total, input-order-free ordering.
    let tieBreak: [UInt64]

    init(_ input: [Venue], normalizer: NameNormalizer, rules: Deduplicator.Rules) {
        count = input.count
        source = SpatialGrid(input.map(\.coordinate), cellSize: rules.cellSize).order
        let inputIndex = source.map { Int($0) }
        coordinates = inputIndex.map { input[$0].coordinate }
        cosLatitude = coordinates.map { cos($0.latitude * Double.pi / 180) }
        var providers: [ProviderID: Int32] = [:]
        provider = inputIndex.map { i in
            let id = input[i].id.provider
            if let known = providers[id] { return known }
            let next = Int32(providers.count)
            providers[id] = next
            return next
        }

        // Names: normalise each distinct raw name once.
        var byRawName: [String: (key: Int32, implied: UInt8)] = [:]
        var keys: [String: Int32] = [:]
        var words: [String: Int32] = [:]
        var keyScalars: [[UInt32]] = []
        var keyWords: [[Int32]] = []
        let names = inputIndex.map { i -> (key: Int32, implied: UInt8) in
            let name = input[i].name
            if let known = byRawName[name] { return known }
            let normalized = normalizer.normalize(name)
            let key = normalized.key
            let id: Int32
            if let known = keys[key] {
                id = known
            } else {
                id = Int32(keys.count)
                keys[key] = id
                keyScalars.append(key.unicodeScalars.map(\.value))
                let wordIDs = normalized.coreWords.map { word in
                    if let known = words[word] { return known }
                    let next = Int32(words.count)
                    words[word] = next
                    return next
                }
                keyWords.append(Array(Set(wordIDs)).sorted())
            }
            let implied = normalizer.impliedGroups(normalized).reduce(UInt8(0)) { $0 | Self.bit($1) }
            byRawName[name] = (id, implied)
            return (id, implied)
        }
        nameKey = names.map(\.key)
        self.keyScalars = keyScalars
        self.keyWords = keyWords

        // Chains: a name key that one provider returns several times.
        var perProviderName: [Int64: Int] = [:]
        for i in 0..<count {
            perProviderName[Self.pack(provider[i], nameKey[i]), default: 0] += 1
        }
        var isChain = [Bool](repeating: false, count: keyScalars.count)
        for (packed, occurrences) in perProviderName where occurrences >= rules.chainMinimumCount {
            isChain[Int(Int32(truncatingIfNeeded: packed))] = true
        }
        self.isChain = isChain

        let provider = provider
        phone = Self.intern(
            inputIndex.map { input[$0].phone.flatMap(ContactKeys.phone) },
            provider: provider,
            dropShared: true
        )
        domain = Self.intern(
            inputIndex.map { input[$0].website.flatMap(ContactKeys.domain) },
            provider: provider,
            dropShared: true
        )
        address = Self.intern(
            inputIndex.map { input[$0].address.flatMap(ContactKeys.address) },
            provider: provider,
            dropShared: false
        )
        groups = zip(inputIndex, names).map { i, name in
            let categories = input[i].categories
            return categories.isEmpty
                ? name.implied : categories.reduce(UInt8(0)) { mask, category in mask | Self.bit(category.group) }
        }
        tieBreak = inputIndex.map { i in
            let id = input[i].id
            return Self.fnv1a(id.provider.rawValue, id.native)
        }
    }

    /// Interns optional strings as ids (-1 for nil); with `dropShared`, a value that one
    /// provider gives to several records becomes -1.
    private static func intern(_ values: [String?], provider: [Int32], dropShared: Bool) -> [Int32] {
        var ids: [String: Int32] = [:]
        var result = values.map { value -> Int32 in
            guard let value else { return -1 }
            if let known = ids[value] { return known }
            let next = Int32(ids.count)
            ids[value] = next
            return next
        }
        if dropShared {
            var occurrences: [Int64: Int] = [:]
            for (i, id) in result.enumerated() where id >= 0 {
                occurrences[pack(provider[i], id), default: 0] += 1
            }
            for i in result.indices where result[i] >= 0 && occurrences[pack(provider[i], result[i]), default: 0] > 1 {
                result[i] = -1
            }
        }
        return result
    }

    private static func pack(_ high: Int32, _ low: Int32) -> Int64 {
        Int64(high) << 32 | Int64(UInt32(bitPattern: low))
    }

    private static func bit(_ group: Category.Group) -> UInt8 {
        switch group {
        case .foodAndDrink: 1
        case .lodging: 2
        case .leisure: 4
        case .retail: 8
        case .finance: 16
        case .sport: 32
        }
    }

    /// 64-bit FNV-1a: a hash that, unlike `Hasher`, is the same in every process.
    /// Hashes `provider:native`.
    static func fnv1a(_ provider: String, _ native: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in provider.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        hash = (hash ^ UInt64(UInt8(ascii: ":"))) &* 0x100_0000_01b3
        for byte in native.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// Distance in metres between two records, by the equirectangular approximation at their
    /// mean latitude: within a few millimetres of the great-circle distance at the ≤ 250 m the
    /// rules look at, and with no trigonometry per pair.
    func distance(_ i: Int, _ j: Int) -> Double {
        let metresPerDegree = Coordinate.earthRadius * Double.pi / 180
        var deltaLongitude = abs(coordinates[i].longitude - coordinates[j].longitude)
        if deltaLongitude > 180 { deltaLongitude = 360 - deltaLongitude }
        let dx = deltaLongitude * (cosLatitude[i] + cosLatitude[j]) / 2 * metresPerDegree
        let dy = (coordinates[i].latitude - coordinates[j].latitude) * metresPerDegree
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Whether one key's words are all among the other's, the contained ones spelling at least
    /// three letters (so that "K" is not found in "K Market").
    func wordsContained(_ a: Int32, _ b: Int32) -> Bool {
        let (smallKey, largeKey) = keyWords[Int(a)].count <= keyWords[Int(b)].count ? (a, b) : (b, a)
        let small = keyWords[Int(smallKey)]
        let large = keyWords[Int(largeKey)]
        guard !small.isEmpty, keyScalars[Int(smallKey)].count >= 3 else { return false }
        var j = 0
        for word in small {
            while j < large.count, large[j] < word { j += 1 }
            if j == large.count || large[j] != word { return false }
        }
        return true
    }
}
