import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

/// Listings in the CLI's other formats: `?format=` or the `Accept` header picks GeoJSON, CSV or
/// the HTML page; JSON without either; errors stay JSON.
@Suite("GET /v1/nearby and /v1/search in GeoJSON, CSV and HTML")
struct ListingFormatRouteTests {
    @Test("format= and Accept choose the format; JSON without either; every answer varies by Accept")
    func formats() async throws {
        let overpass = try await Fakes.overpass(count: 3)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let listing = "/v1/nearby?near=\(FakeBodies.near)&radius=1000"
        let plain = try await server.client.get(listing)
        let geojson = try await server.client.get(listing + "&format=geojson")
        let csv = try await server.client.send("GET", listing, headers: [("Accept", "text/csv")])
        let browser = try await server.client.send(
            "GET",
            "/v1/search?term=Galleria&near=\(FakeBodies.near)",
            headers: [("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")]
        )
        let preferred = try await server.client.send(
            "GET",
            listing,
            headers: [("Accept", "text/html;q=0.5, application/geo+json")]
        )
        let parameterWins = try await server.client.send(
            "GET",
            listing + "&format=json",
            headers: [("Accept", "text/csv")]
        )
        await server.stop()
        await overpass.stop()

        #expect(plain.status == 200, "\(plain.text)")
        #expect(plain.header("content-type")?.hasPrefix("application/json") == true)
        #expect(plain.header("vary") == "Accept")
        let venues = try #require(try plain.json()["venues"] as? [[String: Any]])
        #expect(venues.count == 3)

        #expect(geojson.status == 200, "\(geojson.text)")
        #expect(geojson.header("content-type")?.hasPrefix("application/geo+json") == true)
        let collection = try geojson.json()
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count == venues.count)
        #expect((features.first?["geometry"] as? [String: Any])?["type"] as? String == "Point")
        #expect(geojson.header("vary") == "Accept")

        #expect(csv.status == 200, "\(csv.text)")
        #expect(csv.header("content-type")?.hasPrefix("text/csv") == true)
        let rows = csv.text.split(separator: "\r\n")
        #expect(rows.first?.hasPrefix("id,name,latitude,longitude,distance") == true, "\(csv.text)")
        #expect(rows.count == venues.count + 1)

        #expect(browser.status == 200, "\(browser.text)")
        #expect(browser.header("content-type")?.hasPrefix("text/html") == true)
        #expect(browser.text.hasPrefix("<!DOCTYPE html>"), "\(browser.text.prefix(80))")
        #expect(browser.text.contains("data-venue-id"))
        #expect(browser.header("content-security-policy")?.contains("default-src 'none'") == true)

        #expect(preferred.header("content-type")?.hasPrefix("application/geo+json") == true)
        #expect(parameterWins.header("content-type")?.hasPrefix("application/json") == true)
    }

    @Test("an unknown format is 400 naming the formats; an Accept that takes none is 406; both in JSON")
    func refusals() async throws {
        let overpass = try await Fakes.overpass(count: 1)
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        let listing = "/v1/nearby?near=\(FakeBodies.near)"
        let unknown = try await server.client.get(listing + "&format=xml")
        let unacceptable = try await server.client.send("GET", listing, headers: [("Accept", "application/xml")])
        let zeroQuality = try await server.client.send("GET", listing, headers: [("Accept", "text/csv;q=0")])
        await server.stop()
        await overpass.stop()

        #expect(unknown.status == 400)
        #expect(unknown.header("content-type")?.hasPrefix("application/json") == true)
        #expect(unknown.errorMessage == "format 'xml' is not known: expected json, geojson, csv, html")
        #expect(unacceptable.status == 406, "\(unacceptable.text)")
        #expect(unacceptable.header("content-type")?.hasPrefix("application/json") == true)
        #expect(unacceptable.errorKind == "notAcceptable")
        #expect(zeroQuality.status == 406)
    }
}
