import Foundation
import Testing
import VenuesCore
import VenuesTestSupport

@testable import OverpassProvider

/// Ways and relations of the sample extract against ``ExtractLineScan``: the same documented
/// rule (the bounding-box centre of the nodes present in the file), computed independently.
@Suite("Overpass local extract: ways and relations")
struct LocalExtractWayTests {
    let provider = OverpassProvider(
        configuration: .init(endpoint: .file(OverpassTest.sampleFile)),
        httpClient: FailingHTTPClient()
    )

    @Test func theScanAgreesWithTheDataREADME() async throws {
        let scan = try await ExtractLineScan.loadSample()
        #expect(scan.ways.values.filter(\.isNamedPOI).count == 47)
        #expect(scan.relations.values.filter(\.isNamedPOI).count == 9)
    }

    @Test(arguments: [200, 500, 1000, 5000])
    func waysAndRelationsWithinRadiusMatchTheIndependentScan(radius: Int) async throws {
        let scan = try await ExtractLineScan.loadSample()
        let center = OverpassTest.helsinki
        let ways = scan.namedPOIWayCentres().filter { $0.value.distance(to: center) <= Double(radius) }
        let relations = scan.namedPOIRelationCentres().filter { $0.value.distance(to: center) <= Double(radius) }
        if radius >= 500 { #expect(!ways.isEmpty) }

        let response = try await provider.nearby(VenueQuery(center: center, radius: radius, limit: 10_000))
        var foundWays: [String: Coordinate] = [:]
        var foundRelations: [String: Coordinate] = [:]
        for venue in response.venues {
            if venue.id.native.hasPrefix("way/") { foundWays[String(venue.id.native.dropFirst(4))] = venue.coordinate }
            if venue.id.native.hasPrefix("relation/") {
                foundRelations[String(venue.id.native.dropFirst(9))] = venue.coordinate
            }
        }
        #expect(Set(foundWays.keys) == Set(ways.keys), "way ids within \(radius) m")
        #expect(Set(foundRelations.keys) == Set(relations.keys), "relation ids within \(radius) m")
        for (id, coordinate) in foundWays {
            if let expected = ways[id] { #expect(coordinate.distance(to: expected) < 0.05, "way \(id)") }
        }
        for (id, coordinate) in foundRelations {
            if let expected = relations[id] { #expect(coordinate.distance(to: expected) < 0.05, "relation \(id)") }
        }
    }
}
