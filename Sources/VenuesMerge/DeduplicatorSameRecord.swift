import VenuesCore

extension DeduplicatorIndex {
    /// The `same-record` pairs (rule 9): each record that names, among its sources
    /// (``Venue/sameAs``), a record of another provider present in the input, within
    /// ``Deduplicator/Rules/sameRecordDistance``. Scored above every other pair, so that
    /// clustering joins them first.
    func sameRecordEdges(_ venues: [Venue], rules: Deduplicator.Rules) -> [MatchEdge] {
        var edges: [MatchEdge] = []
        // By index: iterating the venues would copy each one (a retain of every field).
        guard venues.indices.contains(where: { venues[$0].extras[Venue.sameAsKey] != nil }) else { return edges }
        var recordOf: [VenueID: Int32] = [:]
        for (record, input) in source.enumerated() { recordOf[venues[Int(input)].id] = Int32(record) }
        for (record, input) in source.enumerated() {
            for other in venues[Int(input)].sameAs {
                guard let target = recordOf[other], target != Int32(record),
                    provider[Int(target)] != provider[record]
                else { continue }
                let distance = coordinates[record].distance(to: coordinates[Int(target)])
                guard distance <= rules.sameRecordDistance else { continue }
                edges.append(
                    MatchEdge(
                        first: Int32(record),
                        second: target,
                        rule: .sameRecord,
                        score: 1e9,
                        distance: distance,
                        centreDistance: distance,
                        nameScore: 1
                    )
                )
            }
        }
        return edges
    }
}
