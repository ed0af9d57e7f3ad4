import VenuesCore

extension DeduplicatorIndex {
    /// Joins matched pairs best first with union-find, never putting two records of one
    /// provider into one group.
    ///
    /// Pairs are ordered by score (descending), then distance, then the stable hashes of
    /// their ids, so the groups do not depend on the input order. Records of a provider past
    /// the 64th present are never merged (the provider sets are 64-bit masks).
    func cluster(
        _ edges: [MatchEdge],
        venues: [Venue],
        priority: ProviderPriority
    ) -> (groups: [[Int]], reasons: [Int: [MergeReason]]) {
        let ordered = edges.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.distance != b.distance { return a.distance < b.distance }
            let aKey = orderedPair(a)
            let bKey = orderedPair(b)
            if aKey != bKey { return aKey < bKey }
            return idPair(a, venues) < idPair(b, venues)
        }

        var parent = Array(Int32(0)..<Int32(count))
        var providers = provider.map { $0 < 64 ? UInt64(1) << UInt64($0) : 0 }
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
            guard a != b, providers[Int(a)] & providers[Int(b)] == 0 else { continue }
            let (root, child) = a < b ? (a, b) : (b, a)
            parent[Int(child)] = root
            providers[Int(root)] |= providers[Int(child)]
            accepted.append(edge)
        }

        // Groups of input indices, in the order of their first record in the input.
        var recordOf = [Int32](repeating: 0, count: count)
        for (record, input) in source.enumerated() {
            recordOf[Int(input)] = Int32(record)
        }
        var groupOfRoot: [Int32: Int] = [:]
        var groups: [[Int]] = []
        for i in 0..<count {
            let root = find(recordOf[i])
            if let group = groupOfRoot[root] {
                groups[group].append(i)
            } else {
                groupOfRoot[root] = groups.count
                groups.append([i])
            }
        }
        for g in groups.indices where groups[g].count > 1 {
            groups[g].sort { a, b in
                let pa = venues[a].id.provider
                let pb = venues[b].id.provider
                return pa != pb ? priority.prefers(pa, over: pb) : venues[a].id < venues[b].id
            }
        }

        var reasons: [Int: [MergeReason]] = [:]
        for edge in accepted {
            let group = groupOfRoot[find(edge.first)]!
            var first = venues[Int(source[Int(edge.first)])].id
            var second = venues[Int(source[Int(edge.second)])].id
            if priority.prefers(second.provider, over: first.provider) {
                swap(&first, &second)
            }
            reasons[groups[group][0], default: []].append(
                MergeReason(
                    first: first,
                    second: second,
                    rule: edge.rule.name,
                    distance: edge.distance,
                    nameScore: edge.nameScore
                )
            )
        }
        return (groups, reasons)
    }

    private func orderedPair(_ edge: MatchEdge) -> (UInt64, UInt64) {
        let a = tieBreak[Int(edge.first)]
        let b = tieBreak[Int(edge.second)]
        return a <= b ? (a, b) : (b, a)
    }

    private func idPair(_ edge: MatchEdge, _ venues: [Venue]) -> String {
        let a = venues[Int(source[Int(edge.first)])].id.description
        let b = venues[Int(source[Int(edge.second)])].id.description
        return a <= b ? a + " " + b : b + " " + a
    }
}
