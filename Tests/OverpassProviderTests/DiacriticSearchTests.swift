import Foundation
import OSMModel
import Testing
import VenuesCore
import VenuesTestSupport

@testable import OverpassProvider

/// Text search folds case and diacritics: `cafe` finds `Café …` and `café` finds `Cafe …` (and
/// both `Caffé …`: a letter left out of a 5-letter word is a typo forgiven).
@Suite("Overpass text search: diacritics")
struct DiacriticSearchTests {
    let provider = OverpassProvider(
        configuration: .init(endpoint: .file(OverpassTest.sampleFile)),
        httpClient: FailingHTTPClient()
    )

    /// Named-POI nodes within `radius` that one word `term` finds, by the rules of
    /// ``SearchTerm`` written out for such a term, with Foundation's case- and
    /// diacritic-insensitive folding (not the provider's): a name (any of its names), the brand
    /// or the cuisine contains it, or has a word one letter longer (of 5 letters or more, where a
    /// typo is forgiven) that is the term with a letter left out.
    static func expectedNodes(term: String, radius: Double) async throws -> [String: String] {
        let scan = try await ExtractLineScan.loadSample()
        let fold = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        let folded = fold(term)
        func finds(_ value: String) -> Bool {
            let text = fold(value)
            if text.contains(folded) { return true }
            let words = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
            return words.contains { word in
                guard word.count == folded.count + 1, word.count >= 5 else { return false }
                let letters = Array(word)
                return letters.indices.contains { index in
                    var shorter = letters
                    shorter.remove(at: index)
                    return String(shorter) == folded
                }
            }
        }
        var result: [String: String] = [:]
        for node in scan.nodes.values where node.isNamedPOI {
            guard let position = node.position,
                let coordinate = try? Coordinate(latitude: position.latitude, longitude: position.longitude),
                coordinate.distance(to: OverpassTest.helsinki) <= radius
            else { continue }
            let others = [
                "alt_name", "short_name", "official_name", "old_name", "loc_name", "int_name", "reg_name", "nat_name",
            ]
            let fields = node.tags.filter { key, _ in
                ["name", "brand", "cuisine"].contains(key) || others.contains(key)
                    || key.range(of: #"^name:[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#, options: .regularExpression) != nil
            }
            if fields.values.contains(where: { $0.split(separator: ";").contains { finds(String($0)) } }) {
                result[node.id] = node.tags["name"]
            }
        }
        return result
    }

    func foundNodes(_ term: String, radius: Int) async throws -> [String: String] {
        let response = try await provider.search(
            VenueQuery(center: OverpassTest.helsinki, radius: radius, term: term, limit: 10_000)
        )
        var result: [String: String] = [:]
        for venue in response.venues where venue.id.native.hasPrefix("node/") {
            result[String(venue.id.native.dropFirst(5))] = venue.name
        }
        return result
    }

    @Test func cafeAndCaféFindTheSameVenues() async throws {
        let expected = try await Self.expectedNodes(term: "cafe", radius: 2000)
        #expect(expected.values.contains { $0.contains("Café") })
        #expect(expected.values.contains { $0.contains("Cafe") })
        #expect(try await Self.expectedNodes(term: "café", radius: 2000) == expected)

        let plain = try await foundNodes("cafe", radius: 2000)
        let accented = try await foundNodes("café", radius: 2000)
        let upper = try await foundNodes("CAFÉ", radius: 2000)
        #expect(plain == expected)
        #expect(accented == expected)
        #expect(upper == expected)
        #expect(plain.values.contains("Café Aalto"))
        #expect(accented.values.contains("Cafe Esplanad"))
    }

    /// A decomposed term (`e` + U+0301) is the same term.
    @Test func decomposedTermIsFolded() async throws {
        let expected = try await Self.expectedNodes(term: "cafe", radius: 2000)
        #expect(try await foundNodes("cafe\u{301}", radius: 2000) == expected)
    }

    @Test func foldingRule() {
        #expect(OSMTextFolding.folded("Café Ÿ Smørrebrød ÅÄÖ") == "cafe y smorrebrod aao")
        #expect(OSMTextFolding.folded("e\u{301}") == "e")
        #expect(OSMTextFolding.base(of: "É") == "e")
        #expect(OSMTextFolding.base(of: "Ø") == "o")
        #expect(OSMTextFolding.base(of: "日") == "日")
    }

    @Test func remoteQueryUsesBracketExpressionsOfAccentedForms() throws {
        let selection = try OSMSelection(categories: [.cafe], term: "café")
        let query = OverpassQueryBuilder.query(
            center: OverpassTest.helsinki,
            radius: 500,
            selection: selection,
            timeout: 10
        )
        let around = "nwr(around:500,60.171634,24.944295)"
        #expect(query.contains(around + "[\"name\"~\"[cçÇ][aáàâäåÁÀÂÄÅ]f[eéèêëÉÈÊË]\",i][\"amenity\"=\"cafe\"];"))
        // The plain and the accented term give the same query.
        let plain = OverpassQueryBuilder.query(
            center: OverpassTest.helsinki,
            radius: 500,
            selection: try OSMSelection(categories: [.cafe], term: "cafe"),
            timeout: 10
        )
        #expect(plain == query)
        #expect(OverpassQueryBuilder.foldingRegex("ø.") == "[oóòôöøÓÒÔÖØ]\\.")
        #expect(OverpassQueryBuilder.foldingRegex("q\u{301}") == "q\u{301}")
    }
}
