import Testing
import VenuesTestSupport

@testable import OSMIndex

/// A word's venues checked against a circle's in one galloping pass: the same as asking for
/// each one.
@Suite("OSM index: a word's venues in a circle")
struct SortedElementsTests {
    static func sortedUnique(_ count: Int, below limit: Int64, using random: inout SeededGenerator) -> [Int64] {
        Array(Set((0..<count).map { _ in Int64.random(in: 1..<limit, using: &random) })).sorted()
    }

    @Test func commonIsEveryElementBothHoldInOrder() {
        for draw in SeededGenerator.draws("SortedElementsTests.commonIsEveryElementBothHoldInOrder") {
            var (seed, random) = draw
            for _ in 0..<300 {
                let limit = Int64.random(in: 2...100_000, using: &random)
                let word = Self.sortedUnique(Int.random(in: 0...5_000, using: &random), below: limit, using: &random)
                let circle = Self.sortedUnique(Int.random(in: 0...2_000, using: &random), below: limit, using: &random)
                let elements = SortedElements(sorted: word)
                let expected = circle.filter { elements.contains($0) }
                #expect(elements.common(with: circle) == expected, "seed \(seed)")
                #expect(Set(expected) == Set(word).intersection(circle), "seed \(seed)")
            }
            #expect(SortedElements(sorted: []).common(with: [1, 2, 3]).isEmpty)
            #expect(SortedElements(sorted: [1, 2, 3]).common(with: []).isEmpty)
            #expect(SortedElements(sorted: [5]).common(with: [1, 5, 9]) == [5])
            #expect(SortedElements(sorted: Array(1...1000)).common(with: [1, 1000, 1001]) == [1, 1000])
        }
    }
}
