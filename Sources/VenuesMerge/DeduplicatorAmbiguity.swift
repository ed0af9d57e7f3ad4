import VenuesCore

/// A record left apart from two records of one name that it is equally near (rule 6), for
/// `--explain`.
struct TwinNote: Sendable {
    /// The record, and the entry of its name that both others share.
    var record: Int32
    var entry: Int32
    /// The nearer and the farther of the two, their entries and distances.
    var nearest: Int32
    var nearestEntry: Int32
    var nearestDistance: Double
    var other: Int32
    var otherDistance: Double
}

extension DeduplicatorIndex {
    /// Drops the `duplicate` pairs on a name variant (a location suffix or a typo) of a record
    /// that has several: "Din Sko", "Dinskor" and "Dinsk" 10 m apart are three shops, not one
    /// listed thrice.
    func dropAmbiguousVariants(_ edges: inout [MatchEdge]) {
        var variants: [Int32: Int] = [:]
        for edge in edges where edge.variant {
            variants[edge.first, default: 0] += 1
            variants[edge.second, default: 0] += 1
        }
        guard variants.values.contains(where: { $0 > 1 }) else { return }
        edges.removeAll { $0.variant && (variants[$0.first]! > 1 || variants[$0.second]! > 1) }
    }

    /// Drops the pairs of a record that is equally near two records of one provider with the
    /// same name (twin statues, a chain's two branches): which one it is, nothing tells.
    ///
    /// For each record and each other provider, the pairs on one equal name (`same-name`,
    /// `other-name`, `descriptor`) are ranked: those whose categories share one with the
    /// record's first, then by distance. When the second is within
    /// ``Deduplicator/Rules/twinMargin`` times the distance of the first, equal on categories,
    /// with the same display name and within ``Deduplicator/Rules/twinDistance`` of the first
    /// (twins, not a chain's branches), the record joins neither (nor any other of that name of that provider);
    /// two records that the duplicate rule joins are one place, not twins. Returns a note for
    /// each record so left apart.
    func resolveTwins(_ edges: inout [MatchEdge], rules: Deduplicator.Rules) -> [TwinNote] {
        var duplicates = Set<Int64>()
        for edge in edges where edge.rule == .duplicate {
            duplicates.insert(Self.pack(min(edge.first, edge.second), max(edge.first, edge.second)))
        }
        // Only names that a provider gives to two records or more can have twins.
        var ends: [TwinEnd] = []
        func add(_ record: Int32, _ other: Int32, key: Int32, disagree: UInt8, edge: Int, distance: Double) {
            guard count(of: key, in: provider[Int(other)]) > 1 else { return }
            ends.append(
                TwinEnd(
                    record: record,
                    provider: provider[Int(other)],
                    key: key,
                    disagree: disagree,
                    distance: distance,
                    tie: tieBreak[Int(other)],
                    edge: Int32(edge)
                )
            )
        }
        for (index, edge) in edges.enumerated() {
            switch edge.rule {
            case .sameName, .otherName, .withoutDescriptors:
                guard edge.firstEntry >= 0 else { continue }
                let key = names.entryKey[Int(edge.firstEntry)]
                let disagree: UInt8 = categoryBits[Int(edge.first)] & categoryBits[Int(edge.second)] != 0 ? 0 : 1
                add(edge.first, edge.second, key: key, disagree: disagree, edge: index, distance: edge.distance)
                add(edge.second, edge.first, key: key, disagree: disagree, edge: index, distance: edge.distance)
            default:
                continue
            }
        }
        guard !ends.isEmpty else { return [] }
        ends.sort()
        var dropped = [Bool](repeating: false, count: edges.count)
        var notes: [TwinNote] = []
        var start = 0
        while start < ends.count {
            var end = start + 1
            while end < ends.count, ends[end].sameRun(as: ends[start]) { end += 1 }
            defer { start = end }
            guard end - start >= 2 else { continue }
            let (first, second) = (ends[start], ends[start + 1])
            guard first.disagree == second.disagree, second.distance <= rules.twinMargin * first.distance else {
                continue
            }
            let nearest = edges[Int(first.edge)].other(than: first.record)
            let other = edges[Int(second.edge)].other(than: second.record)
            // Twins go by one display name; another place whose alt_name it is, is no twin.
            guard nameKey[Int(nearest)] == nameKey[Int(other)],
                distance(Int(nearest), Int(other)) <= rules.twinDistance,
                !duplicates.contains(Self.pack(min(nearest, other), max(nearest, other)))
            else { continue }
            for k in start..<end { dropped[Int(ends[k].edge)] = true }
            let edge = edges[Int(first.edge)]
            let recordIsFirst = edge.first == first.record
            notes.append(
                TwinNote(
                    record: first.record,
                    entry: recordIsFirst ? edge.firstEntry : edge.secondEntry,
                    nearest: nearest,
                    nearestEntry: recordIsFirst ? edge.secondEntry : edge.firstEntry,
                    nearestDistance: first.distance,
                    other: other,
                    otherDistance: second.distance
                )
            )
        }
        guard !notes.isEmpty else { return [] }
        var kept = 0
        for index in edges.indices where !dropped[index] {
            edges[kept] = edges[index]
            kept += 1
        }
        edges.removeLast(edges.count - kept)
        return notes
    }
}

extension MatchEdge {
    /// The record of the pair that is not `record`.
    func other(than record: Int32) -> Int32 {
        first == record ? second : first
    }
}

/// One end of a pair on an equal name: the record, the other's provider, the name, whether
/// their categories share none, how far the other is, the other's stable id hash, the pair.
private struct TwinEnd: Comparable {
    var record: Int32
    var provider: Int32
    var key: Int32
    var disagree: UInt8
    var distance: Double
    var tie: UInt64
    var edge: Int32

    func sameRun(as other: TwinEnd) -> Bool {
        record == other.record && provider == other.provider && key == other.key
    }

    static func < (a: TwinEnd, b: TwinEnd) -> Bool {
        (a.record, a.provider, a.key, a.disagree, a.distance, a.tie)
            < (b.record, b.provider, b.key, b.disagree, b.distance, b.tie)
    }
}
