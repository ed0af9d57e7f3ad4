import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

/// The ids the mapper makes without checking them are the ids the checked parser makes.
@Suite("Venue ids of OpenStreetMap elements")
struct ElementVenueIDTests {
    @Test func anElementsIdIsTheCheckedIdOfItsTypeAndNumber() throws {
        let kinds: [OSMElement.Kind] = [.node, .way, .relation]
        for draw in SeededGenerator.draws("ElementVenueIDTests") {
            var (seed, random) = draw
            var numbers: [Int64] = [1, 9, 10, Int64.max >> 2, Int64.max]
            for _ in 0..<500 { numbers.append(Int64.random(in: 1...Int64.max, using: &random)) }
            for kind in kinds {
                for number in numbers {
                    let made = try #require(kind.venueID(number), "seed \(seed): \(kind) \(number)")
                    #expect(made == (try VenueID(parsing: "osm:\(kind.name)/\(number)")), "seed \(seed)")
                    #expect(made.description == "osm:\(kind.name)/\(number)")
                }
            }
        }
    }

    @Test func noElementHasANumberBelowOne() {
        for kind: OSMElement.Kind in [.node, .way, .relation] {
            #expect(kind.venueID(0) == nil)
            #expect(kind.venueID(-7) == nil)
            #expect(kind.venueID(.min) == nil)
        }
    }
}
