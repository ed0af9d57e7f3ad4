import VenuesCore

extension DeduplicatorIndex {
    /// Settles the chain guard on the candidate pairs.
    ///
    /// A name is a chain's when some provider gives it to several of its records (a brand or
    /// chain name always is), not counting two records of one provider that the duplicate
    /// rule joins. A pair farther apart than ``Deduplicator/Rules/chainDistance`` without a
    /// shared address or phone (``MatchEdge/chainGuarded``) stands when its names are not a
    /// chain's. When they are, it stands only for equal names within
    /// ``Deduplicator/Rules/chainNearestDistance``, each record being the other's nearest
    /// same-named record of that provider, with no other one within
    /// ``Deduplicator/Rules/chainMargin`` times the distance: the nearest branch is assigned
    /// first (rule `nearest-branch`). Pairs within the chain distance are left to the
    /// clustering, which joins nearer pairs first.
    func resolveChains(_ candidates: [MatchEdge], rules: Deduplicator.Rules) -> [MatchEdge] {
        guard candidates.contains(where: \.chainGuarded) else { return candidates }
        var duplicated = Set<Int64>()
        for edge in candidates where edge.rule == .duplicate && edge.firstEntry >= 0 {
            duplicated.insert(Self.pack(provider[Int(edge.first)], nameKey[Int(edge.first)]))
        }
        var chainCache: [Int64: Bool] = [:]
        func isChain(_ key: Int32, _ mask: UInt8) -> Bool {
            let slot = Int64(key) << 8 | Int64(mask)
            if let known = chainCache[slot] { return known }
            var chain = false
            for p in 0..<Int32(providerIDs.count) {
                let occurrences = compatibleCount(of: key, in: p, groups: mask)
                if occurrences >= rules.chainMinimumCount,
                    !(occurrences == 2 && duplicated.contains(Self.pack(p, key)))
                {
                    chain = true
                    break
                }
            }
            chainCache[slot] = chain
            return chain
        }
        func equalNameKey(_ edge: MatchEdge) -> (key: Int32, brand: Bool)? {
            guard edge.firstEntry >= 0, edge.rule != .similarName, edge.rule != .duplicate else { return nil }
            let brand = names.entryIsBrand[Int(edge.firstEntry)] || names.entryIsBrand[Int(edge.secondEntry)]
            return (names.entryKey[Int(edge.firstEntry)], brand)
        }

        // Each record's nearest and second-nearest same-named record of each other provider.
        var nearest: [NearestKey: Nearest] = [:]
        for edge in candidates {
            guard let (key, brand) = equalNameKey(edge),
                brand || isChain(key, pairGroups(Int(edge.first), Int(edge.second)))
            else { continue }
            for (record, other) in [(edge.first, edge.second), (edge.second, edge.first)] {
                let slot = NearestKey(record: record, provider: provider[Int(other)], key: key)
                nearest[slot, default: Nearest()].add(other, at: edge.distance, tie: tieBreak[Int(other)])
            }
        }
        func isNearest(_ record: Int32, _ other: Int32, key: Int32, distance: Double) -> Bool {
            guard let found = nearest[NearestKey(record: record, provider: provider[Int(other)], key: key)] else {
                return false
            }
            return found.record == other && found.second >= rules.chainMargin * distance
        }

        return candidates.compactMap { edge in
            guard edge.chainGuarded else { return edge }
            let mask = pairGroups(Int(edge.first), Int(edge.second))
            if let (key, brand) = equalNameKey(edge) {
                guard brand || isChain(key, mask) else { return edge }
                guard edge.distance <= rules.chainNearestDistance,
                    isNearest(edge.first, edge.second, key: key, distance: edge.distance),
                    isNearest(edge.second, edge.first, key: key, distance: edge.distance)
                else { return nil }
                var branch = edge
                branch.rule = .nearestBranch
                return branch
            }
            return isChain(nameKey[Int(edge.first)], mask) || isChain(nameKey[Int(edge.second)], mask) ? nil : edge
        }
    }
}

/// A record, another provider and a name key: whose nearest same-named record is asked for.
private struct NearestKey: Hashable {
    var record: Int32
    var provider: Int32
    var key: Int32
}

/// The nearest and the second-nearest record seen (ties broken by the stable id hash).
private struct Nearest {
    var record: Int32 = -1
    var distance = Double.infinity
    var tie: UInt64 = 0
    var second = Double.infinity

    mutating func add(_ other: Int32, at distance: Double, tie: UInt64) {
        if distance < self.distance || (distance == self.distance && tie < self.tie) {
            second = self.distance
            record = other
            self.distance = distance
            self.tie = tie
        } else {
            second = min(second, distance)
        }
    }
}
