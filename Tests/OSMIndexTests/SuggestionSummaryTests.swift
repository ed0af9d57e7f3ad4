import Foundation
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

@testable import OSMIndex

/// What a suggestion shows, read from only the tags it needs: the same id, name, position and
/// categories as the venue with every field.
@Suite("OSM index: suggestions' summaries")
struct SuggestionSummaryTests {
    @Test func aSummaryIsTheVenueWithOnlyWhatASuggestionShows() async throws {
        let directory = IndexTest.directory("summaries")
        let index = directory.appendingPathComponent("city.sqlite")
        try await offCooperativePool { try IndexTest.importIndex(IndexTest.sampleFile, into: index) }
        let reader = try OSMIndexReader(url: index)
        var compared = 0
        var withoutCategory = 0
        for term in ["kahv", "ravintola", "Stockmann", "baari", "hotel", "museo", "apteekki", "pizz", "k-market", "a"] {
            var query = OSMIndexReader.Query(
                center: IndexTest.helsinki,
                radius: 3_000,
                categories: [],
                selection: try OSMSelection(categories: [], term: term),
                nearest: nil
            )
            let full = try reader.search(query)
            query.everyField = false
            let summaries = try reader.search(query)
            #expect(summaries.matches == full.matches, "\(term)")
            #expect(
                summaries.venues
                    == full.venues.map {
                        Venue(
                            id: $0.id,
                            name: $0.name,
                            coordinate: $0.coordinate,
                            categories: $0.categories,
                            providerCategories: $0.providerCategories
                        )
                    },
                "\(term)"
            )
            compared += summaries.venues.count
            withoutCategory += full.venues.filter { $0.categories.isEmpty }.count
        }
        #expect(compared > 300)
        #expect(withoutCategory > 0)
    }

    @Test func aSummaryReadsTheKeysOfEveryCategoryRule() {
        let ruleKeys = Set(OSMVocabulary.categoryRules.values.flatMap { $0.map(\.key) })
        #expect(ruleKeys.isSubset(of: OSMVenueMapper.summaryKeys))
        #expect(OSMVenueMapper.summaryKeys.contains("name"))
    }
}
