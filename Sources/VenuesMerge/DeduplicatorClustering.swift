import VenuesCore

extension DeduplicatorIndex {
    /// Joins matched pairs best first with union-find, never putting two records of one
    /// provider into one group — except the two records of a `duplicate` pair, which are
    /// joined first, each alone.
    ///
    /// Pairs are ordered by score (descending), then distance, then the stable hashes of
    /// their ids, so the groups do not depend on the input order. Records of a provider past
    /// the 64th present are never merged (the provider sets are 64-bit masks).
    func cluster(
        _ edges: consuming [MatchEdge],
        venues: [Venue],
        priority: ProviderPriority,
        notes: [TwinNote] = []
    ) -> Clustering {
        let ordered = sortedBest(edges, venues: venues)

        var parent = Array(Int32(0)..<Int32(count))
        var providers = provider.map { $0 < 64 ? UInt64(1) << UInt64($0) : 0 }
        var size = [Int32](repeating: 1, count: count)
        // Per group: the kinds (category groups) of its containers, with bit 7 when it holds
        // one, and of its other records; a group with a container takes no venue of another
        // kind (rule 3), even through a record that says nothing of its kind.
        var boxKinds = (0..<count).map { container[$0] ? self.groups[$0] | 0x80 : 0 }
        var venueKinds = (0..<count).map { container[$0] ? 0 : self.groups[$0] }
        func conflict(_ a: Int, _ b: Int) -> Bool {
            boxKinds[a] & 0x80 != 0 && venueKinds[b] != 0 && venueKinds[b] & boxKinds[a] & 0x7F == 0
        }
        func find(_ x: Int32) -> Int32 {
            var root = x
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var node = x
            while parent[Int(node)] != root {
                let next = parent[Int(node)]
                parent[Int(node)] = root
                node = next
            }
            return root
        }

        var accepted: [MatchEdge] = []
        for edge in ordered {
            guard provider[Int(edge.first)] < 64, provider[Int(edge.second)] < 64 else { continue }
            let a = find(edge.first)
            let b = find(edge.second)
            guard a != b else { continue }
            if edge.rule == .duplicate {
                guard size[Int(a)] == 1, size[Int(b)] == 1 else { continue }
            } else {
                guard providers[Int(a)] & providers[Int(b)] == 0 else { continue }
            }
            guard !conflict(Int(a), Int(b)), !conflict(Int(b), Int(a)) else { continue }
            let (root, child) = a < b ? (a, b) : (b, a)
            boxKinds[Int(root)] |= boxKinds[Int(child)]
            venueKinds[Int(root)] |= venueKinds[Int(child)]
            parent[Int(child)] = root
            providers[Int(root)] |= providers[Int(child)]
            size[Int(root)] += size[Int(child)]
            accepted.append(edge)
        }

        // Groups of input indices, in the order of their first record in the input.
        var recordOf = [Int32](repeating: 0, count: count)
        for (record, input) in source.enumerated() {
            recordOf[Int(input)] = Int32(record)
        }
        var groupOfRoot = [Int32](repeating: -1, count: count)
        var groups: [[Int]] = []
        for i in 0..<count {
            let root = Int(find(recordOf[i]))
            if groupOfRoot[root] >= 0 {
                groups[Int(groupOfRoot[root])].append(i)
            } else {
                groupOfRoot[root] = Int32(groups.count)
                groups.append([i])
            }
        }
        let rank = providerIDs.map(priority.rank)
        let inputRank = recordOf.map { rank[Int(provider[Int($0)])] }
        for g in groups.indices where groups[g].count > 1 {
            groups[g].sort { a, b in
                let (ra, rb) = (inputRank[a], inputRank[b])
                if ra != rb { return ra < rb }
                let pa = venues[a].id.provider
                let pb = venues[b].id.provider
                return pa != pb ? pa < pb : venues[a].id < venues[b].id
            }
        }

        // Each group's accepted pairs, in the order accepted, and its notes (a stable counting
        // sort by group): their reasons are made with the merged places, on their threads.
        let pairGroup = accepted.map { groupOfRoot[Int(find($0.first))] }
        let keptNotes = notes.filter { note in
            let root = find(note.record)
            return root != find(note.nearest) && root != find(note.other)
        }
        let noteGroup = keptNotes.map { groupOfRoot[Int(find($0.record))] }
        return Clustering(
            groups: groups,
            index: self,
            rank: rank,
            pairs: Clustering.byGroup(accepted, group: pairGroup, groups: groups.count),
            notes: Clustering.byGroup(keptNotes, group: noteGroup, groups: groups.count)
        )
    }

    /// The reason of an accepted pair, its more trusted record first (`rank`: each provider
    /// index's rank in the priority).
    fileprivate func reason(_ accepted: MatchEdge, rank: [Int], venues: [Venue]) -> MergeReason {
        var edge = accepted
        let (a, b) = (Int(edge.first), Int(edge.second))
        let (rankA, rankB) = (rank[Int(provider[a])], rank[Int(provider[b])])
        let swapped =
            rankA != rankB
            ? rankB < rankA
            : provider[a] != provider[b]
                ? providerIDs[Int(provider[b])] < providerIDs[Int(provider[a])]
                : venues[Int(source[b])].id < venues[Int(source[a])].id
        if swapped { edge.swapEnds() }
        return MergeReason(
            first: venues[Int(source[Int(edge.first)])].id,
            second: venues[Int(source[Int(edge.second)])].id,
            rule: edge.rule.name,
            distance: edge.distance,
            nameScore: edge.nameScore,
            details: .facts(facts(edge, venues: venues))
        )
    }

    /// The `equally-near` note of a record left apart from two records of one name.
    fileprivate func reason(_ note: TwinNote, venues: [Venue]) -> MergeReason {
        let record = Int(source[Int(note.record)])
        let nearest = Int(source[Int(note.nearest)])
        var facts = MergeFacts(
            rule: .equallyNear,
            distance: note.nearestDistance,
            centreDistance: note.nearestDistance,
            extentOf: 0,
            nameScore: 1
        )
        facts.firstName = Self.name(at: Int(names.entryName[Int(note.entry)]), of: record, in: venues)
        facts.secondName = Self.name(at: Int(names.entryName[Int(note.nearestEntry)]), of: nearest, in: venues)
        facts.alternative = venues[Int(source[Int(note.other)])].id
        facts.alternativeDistance = note.otherDistance
        return MergeReason(
            first: venues[record].id,
            second: venues[nearest].id,
            rule: MatchEdge.Rule.equallyNear.name,
            distance: note.nearestDistance,
            nameScore: 1,
            details: .facts(facts)
        )
    }

    /// The edges, best first: by score (descending), then distance, then the stable hashes of
    /// their ids, then the ids themselves.
    private func sortedBest(_ edges: consuming [MatchEdge], venues: [Venue]) -> [MatchEdge] {
        // Sorting small keys, each with its edge's position, moves less memory per swap and
        // reads no other array per comparison; the ids are compared only where all else is
        // equal (a hash collision).
        var keys = edges.indices.map { index in
            let edge = edges[index]
            let a = tieBreak[Int(edge.first)]
            let b = tieBreak[Int(edge.second)]
            return EdgeOrder(
                score: edge.score,
                distance: edge.distance,
                low: min(a, b),
                high: max(a, b),
                edge: Int32(index)
            )
        }
        keys.sort { $0.precedes($1) }
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].isTied(with: keys[start]) { end += 1 }
            if end - start > 1 {
                keys[start..<end].sort { idPair(edges[Int($0.edge)], venues) < idPair(edges[Int($1.edge)], venues) }
            }
            start = end
        }
        return keys.map { edges[Int($0.edge)] }
    }

    private func idPair(_ edge: MatchEdge, _ venues: [Venue]) -> String {
        let a = venues[Int(source[Int(edge.first)])].id.description
        let b = venues[Int(source[Int(edge.second)])].id.description
        return a <= b ? a + " " + b : b + " " + a
    }
}

/// The groups of records that one clustering joined, and what it takes to say why.
struct Clustering: Sendable {
    /// Groups of input indices: each group's records from distinct providers but for
    /// duplicates, ordered by priority; groups in the order of their first input record.
    let groups: [[Int]]
    /// The records, for the reasons.
    let index: DeduplicatorIndex
    /// Each provider index's rank in the priority.
    let rank: [Int]
    /// Per group, the pairs that joined it (in the order accepted) and its `equally-near` notes.
    let pairs: ByGroup<MatchEdge>
    let notes: ByGroup<TwinNote>

    /// Why group `g`'s records were joined: each accepted pair, then each note.
    func reasons(of g: Int, venues: [Venue]) -> [MergeReason] {
        pairs.of(g).map { index.reason($0, rank: rank, venues: venues) }
            + notes.of(g).map { index.reason($0, venues: venues) }
    }

    /// Items listed group by group.
    struct ByGroup<Item: Sendable>: Sendable {
        /// Group `g`'s items are `items[start[g]..<start[g + 1]]`.
        let start: [Int32]
        let items: [Item]

        func of(_ g: Int) -> ArraySlice<Item> {
            items[Int(start[g])..<Int(start[g + 1])]
        }
    }

    /// `items` listed by `group` (each item's group), keeping their order within a group.
    static func byGroup<Item>(_ items: [Item], group: [Int32], groups: Int) -> ByGroup<Item> {
        var start = [Int32](repeating: 0, count: groups + 1)
        for g in group { start[Int(g) + 1] += 1 }
        for g in 0..<groups { start[g + 1] += start[g] }
        guard !items.isEmpty else { return ByGroup(start: start, items: []) }
        var next = start
        let ordered = [Item](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            for (k, item) in items.enumerated() {
                let g = Int(group[k])
                (buffer.baseAddress! + Int(next[g])).initialize(to: item)
                next[g] += 1
            }
            initialized = items.count
        }
        return ByGroup(start: start, items: ordered)
    }
}

/// An edge's place in the clustering order: see ``DeduplicatorIndex/sortedBest(_:venues:)``.
private struct EdgeOrder {
    var score: Double
    var distance: Double
    /// The two records' id hashes, the smaller first.
    var low: UInt64
    var high: UInt64
    /// The edge's position in the input.
    var edge: Int32

    /// Whether this edge comes first: better score, then nearer, then smaller hashes, then
    /// earlier in the input (so that the sort is stable).
    @inline(__always)
    func precedes(_ other: EdgeOrder) -> Bool {
        if score != other.score { return score > other.score }
        if distance != other.distance { return distance < other.distance }
        if low != other.low { return low < other.low }
        if high != other.high { return high < other.high }
        return edge < other.edge
    }

    /// Whether the two edges are equal on all but their position.
    func isTied(with other: EdgeOrder) -> Bool {
        score == other.score && distance == other.distance && low == other.low && high == other.high
    }
}
