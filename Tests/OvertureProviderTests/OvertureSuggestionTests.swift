import Foundation
import OSMIndex
import OvertureProvider
import Testing
import VenuesCore
import VenuesTestSupport

/// Suggestions as the user types (`GET /v1/suggest`) from imported Overture indexes: forgiving,
/// ranked, and filtered as answers are.
@Suite("Overture: suggestions")
struct OvertureSuggestionTests {
    private func query(_ term: String, limit: Int = 10) -> VenueQuery {
        VenueQuery(center: OvertureTest.helsinki, radius: 1500, term: term, limit: limit, sort: .relevance)
    }

    @Test func suggestsPlacesAsTheyAreTypedWithTypos() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let provider = OvertureTest.provider(directory: scratch.url)

        let typing = try await provider.suggest(query("robert's co")).venues
        #expect(Set(typing.map(\.venue.name)) == ["Robert's Coffee", "Robert's Coffee Asemahalli"])
        #expect(typing.allSatisfy { $0.venue.id.provider == .overture && $0.match != nil })
        // The exact name first.
        #expect(try await provider.suggest(query("Robert's Coffee")).venues.first?.venue.name == "Robert's Coffee")
        // One typo in a word of five letters or more.
        #expect(try await provider.suggest(query("finnjävle")).venues.map(\.venue.name) == ["Finnjävel"])
        #expect(try await provider.suggest(query("zqxwv")).venues.isEmpty)
        #expect(try await provider.suggest(query("robert", limit: 1)).venues.count == 1)
    }

    @Test func leavesOutDoubtfulAndClosedPlacesAsAnswersDo() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        // "Kahvila Epävarma" has a confidence of 0.12; "Tauolla Baari" is temporarily closed.
        let standard = OvertureTest.provider(directory: scratch.url)
        #expect(try await standard.suggest(query("kahvila epä")).venues.isEmpty)
        #expect(try await standard.suggest(query("tauolla")).venues.isEmpty)
        let everything = OvertureTest.provider(directory: scratch.url, minimumConfidence: 0, includeClosed: true)
        #expect(try await everything.suggest(query("kahvila epä")).venues.map(\.venue.name) == ["Kahvila Epävarma"])
        #expect(try await everything.suggest(query("tauolla")).venues.map(\.venue.name) == ["Tauolla Baari"])
    }

    @Test func suggestsNothingWhereNoIndexMeetsTheCircle() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let provider = OvertureTest.provider(directory: scratch.url)
        #expect(try await provider.suggest(query("robert")).venues.isEmpty)
        _ = try await OvertureTest.importFixture("helsinki-places.geojsonseq", into: scratch.url)
        let tallinn = try Coordinate(latitude: 59.437, longitude: 24.7536)
        let far = VenueQuery(center: tallinn, radius: 1500, term: "robert", limit: 10, sort: .relevance)
        #expect(try await provider.suggest(far).venues.isEmpty)
        #expect(try await provider.suggest(query("robert")).venues.count == 2)
    }
}
