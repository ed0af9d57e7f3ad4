import Foundation
import Testing
import VenuesTestSupport

/// Issue 6's "done when": with Foursquare, Google and OpenStreetMap at once, each real place
/// is listed once with every provider's id. The fakes describe real OSM venues near Mikonkatu,
/// Helsinki (© OpenStreetMap contributors) the way the other providers would: other ids,
/// coordinates some metres off, name variants.
@Suite(.timeLimit(.minutes(2)))
struct MergedResultsTests {
    static let sample = VenuesProcess.repositoryRoot.appendingPathComponent("Config/samples/helsinki-centre.osm")

    static let foursquareBody = """
        {"results": [
          {"fsq_place_id": "5a1f0000000000000000maya", "name": "Maya Bar and Grill",
           "latitude": 60.17219, "longitude": 24.94512,
           "location": {"formatted_address": "Mikonkatu 18, 00100 Helsinki", "postcode": ""},
           "categories": [{"fsq_category_id": "4bf58dd8d48988d1c4941735", "name": "Restaurant"}],
           "tel": "+358 9 123 4567"},
          {"fsq_place_id": "5a1f000000000000everest", "name": "Mount Everest Restaurant",
           "latitude": 60.17205, "longitude": 24.94470,
           "location": {"formatted_address": "Vilhonkatu 8, Helsinki"},
           "categories": [{"fsq_category_id": "4bf58dd8d48988d1c4941735", "name": "Restaurant"}]}
        ],
        "context": {"geo_bounds": {"circle": {"center": {"latitude": 60.1721106, "longitude": 24.9449953}, "radius": 60}}}}
        """

    static let googleBody = """
        {"places": [
          {"id": "ChIJmaya000000000000000000", "displayName": {"text": "Maya Bar & Grill", "languageCode": "fi"},
           "formattedAddress": "Mikonkatu 18, 00100 Helsinki, Finland",
           "location": {"latitude": 60.17208, "longitude": 24.94490}, "types": ["restaurant", "bar"],
           "rating": 4.3, "userRatingCount": 812, "websiteUri": "https://www.maya.fi/"},
          {"id": "ChIJallin0000000000000000", "displayName": {"text": "Bar All In", "languageCode": "fi"},
           "location": {"latitude": 60.17197, "longitude": 24.94532}, "types": ["bar"]}
        ]}
        """

    /// A sandbox home with the bundled extract for OSM and the two fakes for the others.
    static func environment(foursquare: LoopbackServer, google: LoopbackServer) throws -> [String: String] {
        VenuesProcess.environment(
            home: try VenuesProcess.temporaryHome(),
            [
                "VENUES_OVERPASS_URL": sample.path,
                "VENUES_FOURSQUARE_URL": foursquare.baseURL.absoluteString,
                "VENUES_GOOGLE_PLACES_URL": google.baseURL.absoluteString,
                "FOURSQUARE_API_KEY": "fsq-test-key-merged",
                "GOOGLE_PLACES_API_KEY": "google-test-key-merged",
            ]
        )
    }

    @Test func oneVenuePerRealPlaceWithEverySourceID() async throws {
        let foursquare = try await LoopbackServer.start { _ in .json(Self.foursquareBody) }
        let google = try await LoopbackServer.start { _ in .json(Self.googleBody) }
        defer {
            Task {
                await foursquare.stop()
                await google.stop()
            }
        }
        let environment = try Self.environment(foursquare: foursquare, google: google)
        let output = try await VenuesProcess.run(
            [
                "nearby", "--providers", "fsq,google,osm", "--near", "60.1721106,24.9449953", "--radius", "60",
                "--format", "json", "--explain",
            ],
            environment: environment
        )
        #expect(output.status == 0, "\(output.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        )
        let venues = try #require(document["venues"] as? [[String: Any]])
        func sources(of venue: [String: Any]) -> Set<String> {
            Set((venue["sources"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        }
        let allSources = venues.map(sources)
        #expect(
            allSources.contains([
                "osm:node/59622323", "fsq:5a1f0000000000000000maya", "google:ChIJmaya000000000000000000",
            ])
        )
        #expect(allSources.contains(["osm:node/1369465630", "fsq:5a1f000000000000everest"]))
        #expect(allSources.contains(["osm:node/1930869347", "google:ChIJallin0000000000000000"]))
        // Every record appears exactly once in the list.
        let flat = allSources.flatMap { $0 }
        #expect(flat.count == Set(flat).count)
        // 11 OSM venues within 60 m; the four provider records join three of them.
        #expect(venues.count == 11)
        let maya = try #require(venues.first { sources(of: $0).contains("osm:node/59622323") })
        // Google is first in the default priority: its name and rating are canonical.
        #expect(maya["id"] as? String == "google:ChIJmaya000000000000000000")
        #expect(maya["name"] as? String == "Maya Bar & Grill")
        #expect(maya["rating"] as? Double == 4.3)
        #expect(maya["phone"] as? String == "+358 9 123 4567")
        let merge = try #require(maya["merge"] as? [[String: Any]])
        #expect(merge.count == 2)
        #expect(merge.allSatisfy { ($0["distance"] as? Double ?? 999) < 50 })
        // Each join says what the rule saw, naming both records.
        for reason in merge {
            let evidence = try #require(reason["evidence"] as? String)
            #expect(
                evidence.contains(reason["first"] as? String ?? "?")
                    && evidence.contains(reason["second"] as? String ?? "?")
            )
            #expect(evidence.hasSuffix(" m"), "\(evidence)")
        }
        let providers = try #require(document["providers"] as? [[String: Any]])
        #expect(providers.map { $0["status"] as? String } == ["ok", "ok", "ok"])
    }

    /// `venues show` of one source of a merged place asks its provider for fresh details, and
    /// keeps what the other providers contributed: the canonical name by priority (Google
    /// first by default), Google's website, Foursquare's phone.
    @Test func showOfOneSourceKeepsTheMergedFields() async throws {
        let detail = """
            {"fsq_place_id": "5a1f0000000000000000maya", "name": "Maya Bar and Grill",
             "latitude": 60.17219, "longitude": 24.94512,
             "location": {"formatted_address": "Mikonkatu 18, 00100 Helsinki"},
             "categories": [{"fsq_category_id": "4bf58dd8d48988d1c4941735", "name": "Restaurant"}],
             "tel": "+358 9 123 4567", "hours": {"display": "Mon-Sun 11:00-23:00"}}
            """
        let foursquare = try await LoopbackServer.start { request in
            request.path == "/places/search" ? .json(Self.foursquareBody) : .json(detail)
        }
        let google = try await LoopbackServer.start { _ in .json(Self.googleBody) }
        defer {
            Task {
                await foursquare.stop()
                await google.stop()
            }
        }
        let environment = try Self.environment(foursquare: foursquare, google: google)
        let listing = try await VenuesProcess.run(
            ["nearby", "--providers", "fsq,google,osm", "--near", "60.1721106,24.9449953", "--radius", "60"],
            environment: environment
        )
        #expect(listing.status == 0, "\(listing.stderr)")

        let output = try await VenuesProcess.run(
            ["show", "fsq:5a1f0000000000000000maya", "--format", "json"],
            environment: environment
        )
        #expect(output.status == 0, "\(output.stderr)")
        #expect(await foursquare.requests.contains { $0.path == "/places/5a1f0000000000000000maya" })
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(shown["name"] as? String == "Maya Bar & Grill")
        #expect(shown["website"] as? String == "https://www.maya.fi/")
        #expect(shown["phone"] as? String == "+358 9 123 4567")
        let sources = try #require(shown["sources"] as? [[String: Any]])
        #expect(Set(sources.compactMap { $0["id"] as? String }).count == 3, "\(sources)")
    }
}
