import Foundation
import Testing
import VenuesAggregator
import VenuesCore
import VenuesEngine

@testable import VenuesOutput

/// The one list of listing formats: what an `Accept` header asks for, and that each format is
/// its renderer's output.
@Suite struct ListingFormatTests {
    @Test(
        "Accept headers choose the best quality among the formats, JSON when absent or a wildcard",
        arguments: [
            (nil, ListingFormat.json), ("", .json), ("*/*", .json), ("application/json", .json),
            ("application/*", .json), ("application/geo+json", .geojson), ("application/vnd.geo+json", .geojson),
            ("text/csv", .csv), ("TEXT/CSV; charset=utf-8", .csv),
            ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", .html),
            ("text/html;q=0.5, text/csv", .csv), ("text/csv;q=0.2, application/geo+json;q=0.3", .geojson),
            ("text/csv, text/html", .csv), ("image/png, */*;q=0.1", .json),
        ] as [(String?, ListingFormat)]
    )
    func negotiation(_ accept: String?, _ expected: ListingFormat) {
        #expect(ListingFormat.negotiated(accept: accept) == expected)
    }

    @Test(
        "an Accept header that takes none of the formats chooses none",
        arguments: ["application/xml", "text/csv;q=0", "image/*"]
    )
    func noneAcceptable(_ accept: String) {
        #expect(ListingFormat.negotiated(accept: accept) == nil)
    }

    @Test("each format is its renderer's output, with its media type")
    func renderers() throws {
        let document = ResultDocument(
            favorites: [],
            center: try Coordinate(latitude: 60.17, longitude: 24.94),
            centerSource: .given,
            radius: 500,
            catalog: ProviderRegistry.standard.catalog
        )
        #expect(try ListingFormat.json.render(document) == JSONRenderer.render(document) + "\n")
        #expect(try ListingFormat.geojson.render(document) == GeoJSONRenderer.render(document) + "\n")
        #expect(try ListingFormat.csv.render(document) == CSVRenderer.render(document))
        #expect(
            try ListingFormat.html.render(document, tiles: false)
                == HTMLMapRenderer.render(document, options: HTMLMapRenderer.Options(tiles: false))
        )
        #expect(ListingFormat.allCases.map(\.rawValue) == ["json", "geojson", "csv", "html"])
        #expect(ListingFormat.geojson.mediaType.hasPrefix("application/geo+json"))
    }

    /// A list cut to the limit says how many places were found (`query.found`); an uncut one
    /// has no such field.
    @Test func aCutListSaysHowManyWereFound() throws {
        func query(found: Int?) throws -> [String: Any] {
            let center = try Coordinate(latitude: 60.171, longitude: 24.9414)
            let result = AggregatedResult(
                query: VenueQuery(center: center, limit: 2),
                center: center,
                venues: [],
                found: found,
                outcomes: []
            )
            let document = ResultDocument(result: result, explain: false, catalog: ProviderRegistry.standard.catalog)
            let json = try JSONSerialization.jsonObject(with: Data(JSONRenderer.render(document).utf8))
            return try #require((json as? [String: Any])?["query"] as? [String: Any])
        }
        #expect(try query(found: 212)["found"] as? Int == 212)
        #expect(try query(found: nil)["found"] == nil)
    }
}
