import Foundation
import Testing
import VenuesCore
import VenuesEngine
import VenuesMerge
import VenuesOutput

/// A place whose data owes more than its provider's line (an Overture place and its source
/// datasets): every listing format shows the lines, each once, and only when such data is shown.
@Suite struct DatasetAttributionTests {
    static let overtureLine = "© Overture Maps Foundation (CDLA-Permissive-2.0)"
    static let metaLine = "Contains data from Meta (CDLA-Permissive-2.0)"
    static let osmLine = "© OpenStreetMap contributors (ODbL)"

    /// An OSM venue merged with an Overture place from Meta and OpenStreetMap, and another
    /// Overture place from Meta alone.
    static func document(withOverture: Bool = true) throws -> ResultDocument {
        let here = try Coordinate(latitude: 60.1647, longitude: 24.9377)
        let osm = Venue(id: try VenueID(parsing: "osm:node/151006533"), name: "Cafe Ekberg", coordinate: here)
        var merged = Venue(id: try VenueID(parsing: "overture:a"), name: "Café Ekberg", coordinate: here)
        merged.extras[Venue.attributionKey] = "\(metaLine)\n\(osmLine)"
        var alone = Venue(id: try VenueID(parsing: "overture:b"), name: "Finnjävel", coordinate: here)
        alone.extras[Venue.attributionKey] = metaLine
        let deduplicator = Deduplicator()
        let groups =
            withOverture
            ? [deduplicator.merged([osm, merged]), deduplicator.merged([alone])] : [deduplicator.merged([osm])]
        return ResultDocument(
            favorites: groups.map { ResultDocument.Row(merged: $0, distance: 10, favorite: true, explain: false) },
            center: here,
            centerSource: .given,
            radius: 500,
            catalog: ProviderRegistry.standard.catalog
        )
    }

    @Test func theListingOwesEachLineOnce() throws {
        let document = try Self.document()
        #expect(document.attribution == [Self.osmLine, Self.overtureLine, Self.metaLine])
        #expect(try Self.document(withOverture: false).attribution == [Self.osmLine])
    }

    /// `venues show` and `GET /v1/venues/{id}` credit a place's data as a listing does: each
    /// source's provider (not OpenStreetMap alone), then what the data owes beyond them.
    @Test func aPlacesDetailOwesWhatItsListingRowOwes() throws {
        let here = try Coordinate(latitude: 60.1647, longitude: 24.9377)
        let osm = Venue(id: try VenueID(parsing: "osm:node/151006533"), name: "Cafe Ekberg", coordinate: here)
        let fsq = Venue(id: try VenueID(parsing: "fsq:4adcdaeff964a520b84f21e3"), name: "Café Ekberg", coordinate: here)
        var overture = Venue(id: try VenueID(parsing: "overture:a"), name: "Café Ekberg", coordinate: here)
        overture.extras[Venue.attributionKey] = Self.metaLine
        let catalog = ProviderRegistry.standard.catalog
        let merged = Deduplicator().merged([osm, fsq, overture])
        #expect(merged.sources.count == 3)
        let detail = VenueDetail(merged: merged, favorite: nil, origin: .provider, catalog: catalog)
        let expected = ["Powered by Foursquare", Self.osmLine, Self.overtureLine, Self.metaLine]
        #expect(detail.attribution == expected)
        let text = detail.text().split(separator: "\n").map(String.init)
        #expect(Array(text.suffix(4)) == expected.map { "Data: " + $0 })
        let json = try JSONSerialization.jsonObject(with: Data(try detail.json().utf8)) as? [String: Any]
        #expect(json?["attribution"] as? [String] == expected)

        let alone = VenueDetail(
            merged: Deduplicator().merged([fsq]),
            favorite: nil,
            origin: .provider,
            catalog: catalog
        )
        #expect(alone.attribution == ["Powered by Foursquare"])
    }

    @Test func everyFormatShowsTheLines() throws {
        let document = try Self.document()
        let json = try JSONSerialization.jsonObject(with: Data(JSONRenderer.render(document).utf8)) as? [String: Any]
        #expect(json?["attribution"] as? [String] == document.attribution)
        let geojson =
            try JSONSerialization.jsonObject(with: Data(GeoJSONRenderer.render(document).utf8)) as? [String: Any]
        #expect(geojson?["attribution"] as? [String] == document.attribution)
        let csv = CSVRenderer.render(document).components(separatedBy: "\r\n")
        #expect(csv[1].hasSuffix(",\(Self.osmLine) · \(Self.overtureLine) · \(Self.metaLine),,"))
        #expect(csv[2].hasSuffix(",\(Self.overtureLine) · \(Self.metaLine),,"))
        let html = HTMLMapRenderer.render(document, options: HTMLMapRenderer.Options(tiles: false))
        for line in document.attribution {
            #expect(html.contains(line.replacingOccurrences(of: "&", with: "&amp;")))
        }
    }
}
