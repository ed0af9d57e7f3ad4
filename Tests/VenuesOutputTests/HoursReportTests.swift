import Foundation
import Testing
import VenuesAggregator
import VenuesCore
import VenuesEngine
import VenuesMerge
import VenuesOpenState
import VenuesOutput

/// A merged place whose sources disagree about its hours: the state shown follows the order of
/// trust, and every format says the sources disagree.
@Suite struct HoursReportTests {
    static let here = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    /// Friday 2026-11-27 19:00 in Helsinki.
    static let evening = Date(timeIntervalSince1970: 1_795_798_800)

    static func document() throws -> ResultDocument {
        let osm = Venue(
            id: try VenueID(parsing: "osm:node/1"),
            name: "Kahvila Sävy",
            coordinate: here,
            hours: [VenueHours(provider: .openStreetMap, specification: "Mo-Su 09:00-17:00", checked: "2026-10-01")]
        )
        let fsq = Venue(
            id: try VenueID(parsing: "fsq:5eed1"),
            name: "Kahvila Sävy",
            coordinate: here,
            hours: [VenueHours(provider: .foursquare, specification: "Mo-Su 09:00-22:00", text: "Daily 9:00-22:00")]
        )
        let merged = Deduplicator().merged([osm, fsq])
        #expect(merged.sources.count == 2)
        let result = AggregatedResult(
            query: VenueQuery(center: here),
            center: here,
            venues: [ResultVenue(merged: merged, distance: 0, isFavorite: false)],
            outcomes: []
        )
        return ResultDocument(
            result: result,
            explain: true,
            catalog: ProviderRegistry.standard.catalog,
            hours: HoursMoment(time: .instant(evening), now: evening)
        )
    }

    @Test func theMostTrustedSourceIsShownAndTheOtherNamed() throws {
        let document = try Self.document()
        let hours = try #require(document.rows.first?.hours)
        #expect(hours.state == "closed")
        #expect(hours.source == "osm")
        #expect(hours.sourcesDisagree)
        #expect(hours.disagreeing == ["fsq"])
        #expect(hours.timeZone == "Europe/Helsinki")
        #expect(hours.nextChange == "2026-11-28T09:00:00+02:00")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONRenderer.render(document).utf8)) as? [String: Any]
        )
        let venue = try #require((json["venues"] as? [[String: Any]])?.first)
        let object = try #require(venue["hours"] as? [String: Any])
        #expect(object["sourcesDisagree"] as? Bool == true)
        #expect(object["disagreeing"] as? [String] == ["fsq"])
        #expect(object["state"] as? String == "closed")
        let csv = CSVRenderer.render(document).components(separatedBy: "\r\n")
        #expect(csv[1].contains(",false,closed,"))
    }

    @Test func geoJSONCarriesTheHoursObject() throws {
        let document = try Self.document()
        let geojson =
            try JSONSerialization.jsonObject(with: Data(GeoJSONRenderer.render(document).utf8)) as? [String: Any]
        let feature = try #require((geojson?["features"] as? [[String: Any]])?.first)
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect((properties["hours"] as? [String: Any])?["source"] as? String == "osm")
    }
}
