import Testing
import VenuesTestSupport

@testable import OSMIndex

/// The (node, users) rows an import keeps for updates are the same whether the pairs are
/// gathered at once or a slice of the node ids at a time (as a country's are).
@Suite struct TrackedElementsTests {
    @Test func slicesGiveTheRowsOfOnePass() {
        var generator = SeededGenerator(state: 5)
        var tracked = TrackedElements()
        for way in 1...200 as ClosedRange<Int64> {
            let nodes = (0..<Int.random(in: 2...12, using: &generator)).map { _ in
                Int64.random(in: 1...400, using: &generator)
            }
            tracked.addWay(id: way, nodes: nodes, selected: Bool.random(using: &generator))
        }
        for relation in 1...20 as ClosedRange<Int64> {
            let nodes = (0..<3).map { _ in Int64.random(in: 300...900, using: &generator) }
            let ways = (0..<3).map { _ in Int64.random(in: 150...260, using: &generator) }
            tracked.addRelation(id: relation, nodes: nodes, ways: ways) { way in
                way > 200 ? [way * 10, way * 10 + 1] : nil
            }
        }
        func rows(_ slicePairs: Int) -> [(Int64, [Int64])] {
            var rows: [(Int64, [Int64])] = []
            tracked.forEachNode(slicePairs: slicePairs) { rows.append(($0, $1)) }
            return rows
        }
        let whole = rows(1 << 20)
        #expect(whole.count > 300)
        #expect(whole.map(\.0) == whole.map(\.0).sorted(), "by node id")
        for slicePairs in [1, 7, 100, 999] {
            let sliced = rows(slicePairs)
            #expect(sliced.map(\.0) == whole.map(\.0), "slices of \(slicePairs) pairs")
            #expect(sliced.map(\.1) == whole.map(\.1), "slices of \(slicePairs) pairs")
        }
        // A member way the file has is tracked with its nodes and the relation.
        let member = whole.first { $0.0 == 2_010 }
        #expect(member?.1.allSatisfy { $0 & 3 == 1 } == true)
    }
}
