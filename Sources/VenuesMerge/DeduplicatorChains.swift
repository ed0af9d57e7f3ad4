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
    /// same-named record of that provider — those of a category it has first — with no other
    /// one as near on categories within ``Deduplicator/Rules/chainMargin`` times the distance: the nearest branch is assigned
    /// first (rule `nearest-branch`). Pairs within the chain distance are left to the
    /// clustering, which joins nearer pairs first.
    func resolveChains(_ edges: inout [MatchEdge], rules: Deduplicator.Rules) {
        guard edges.contains(where: \.chainGuarded) else { return }
        var duplicated = Set<Int64>()
        for edge in edges where edge.rule == .duplicate && edge.firstEntry >= 0 {
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

        // Each record's nearest and second-nearest same-named record of each other provider:
        // every pair on a chain's name seen from both ends, sorted by record, provider, name
        // and distance (ties by the stable id hash); the first of each run is the nearest.
        var contacts: [Contact] = []
        for (index, edge) in edges.enumerated() {
            guard let (key, brand) = equalNameKey(edge),
                brand || isChain(key, pairGroups(Int(edge.first), Int(edge.second)))
            else { continue }
            for (record, other) in [(edge.first, edge.second), (edge.second, edge.first)] {
                contacts.append(
                    Contact(
                        record: record,
                        provider: provider[Int(other)],
                        key: key,
                        disagree: categoryBits[Int(record)] & categoryBits[Int(other)] != 0 ? 0 : 1,
                        distance: edge.distance,
                        tie: tieBreak[Int(other)],
                        edge: Int32(index)
                    )
                )
            }
        }
        contacts.sort()
        // Per edge: bit 1 when its first record is nearest to its second with the margin, bit 2
        // the other way round.
        var nearest = [UInt8](repeating: 0, count: edges.count)
        var start = 0
        while start < contacts.count {
            var end = start + 1
            while end < contacts.count, contacts[end].sameRun(as: contacts[start]) { end += 1 }
            let closest = contacts[start]
            let second =
                end - start > 1 && contacts[start + 1].disagree == closest.disagree
                ? contacts[start + 1].distance : .infinity
            if second >= rules.chainMargin * closest.distance {
                nearest[Int(closest.edge)] |= edges[Int(closest.edge)].first == closest.record ? 1 : 2
            }
            start = end
        }

        // In place (the candidates are most of the memory a large merge takes): keep what
        // stands, and call the pairs kept as each other's nearest branch `nearest-branch`.
        var kept = 0
        for index in edges.indices {
            var edge = edges[index]
            if edge.chainGuarded {
                let mask = pairGroups(Int(edge.first), Int(edge.second))
                if let (key, brand) = equalNameKey(edge) {
                    if brand || isChain(key, mask) {
                        guard edge.distance <= rules.chainNearestDistance, nearest[index] == 3 else { continue }
                        edge.rule = .nearestBranch
                    }
                } else if isChain(nameKey[Int(edge.first)], mask) || isChain(nameKey[Int(edge.second)], mask) {
                    continue
                }
            }
            edges[kept] = edge
            kept += 1
        }
        edges.removeLast(edges.count - kept)
    }
}

/// One end of a pair on a chain's name: the record, the other's provider, the name, whether
/// their categories share none, how far the other is, the other's stable id hash, and the pair.
private struct Contact: Comparable {
    var record: Int32
    var provider: Int32
    var key: Int32
    var disagree: UInt8
    var distance: Double
    var tie: UInt64
    var edge: Int32

    func sameRun(as other: Contact) -> Bool {
        record == other.record && provider == other.provider && key == other.key
    }

    static func < (a: Contact, b: Contact) -> Bool {
        (a.record, a.provider, a.key, a.disagree, a.distance, a.tie)
            < (b.record, b.provider, b.key, b.disagree, b.distance, b.tie)
    }
}
