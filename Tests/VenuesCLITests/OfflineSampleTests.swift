import Foundation
import Testing

/// The main job of the README: `venues nearby` on the bundled OpenStreetMap extract, no keys,
/// no network, in every output format.
@Suite(.timeLimit(.minutes(2)))
struct OfflineSampleTests {
    static let sample = VenuesProcess.repositoryRoot.appendingPathComponent("Config/samples/helsinki-centre.osm")

    static func run(_ extra: [String]) async throws -> VenuesProcess.Output {
        let home = try VenuesProcess.temporaryHome()
        return try await VenuesProcess.run(
            ["nearby", "--providers", "osm", "--near", "60.171634,24.944295", "--radius", "500"] + extra,
            environment: VenuesProcess.environment(home: home, ["VENUES_OVERPASS_URL": sample.path])
        )
    }

    /// 642 named POI nodes lie within 500 m of the extract's centre: the independent count in
    /// shared/data/osm/README.md (a Python iterparse pass).
    @Test func jsonListsEveryNamedNodeWithinTheRadius() async throws {
        let output = try await Self.run(["--limit", "5000", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        )
        let venues = try #require(document["venues"] as? [[String: Any]])
        let nodeIDs = venues.compactMap { $0["id"] as? String }.filter { $0.hasPrefix("osm:node/") }
        #expect(nodeIDs.count == 642)
        #expect(Set(nodeIDs).count == nodeIDs.count)
        let distances = venues.compactMap { $0["distance"] as? Double }
        #expect(distances.count == venues.count)
        #expect(distances == distances.sorted())
        #expect(distances.allSatisfy { $0 <= 500 })
        #expect(venues.allSatisfy { ($0["name"] as? String)?.isEmpty == false })
        let query = try #require(document["query"] as? [String: Any])
        #expect(query["kind"] as? String == "nearby")
        #expect(query["radius"] as? Int == 500)
        #expect(query["center"] as? String == "given")
        let providers = try #require(document["providers"] as? [[String: Any]])
        #expect(providers.count == 1)
        #expect(providers.first?["status"] as? String == "ok")
        #expect(providers.first?["count"] as? Int == venues.count)
        #expect((document["attribution"] as? [String])?.first?.contains("OpenStreetMap contributors") == true)
        // Every documented key is present on every venue, null or not.
        let keys: Set<String> = [
            "id", "name", "latitude", "longitude", "distance", "address", "categories", "phone", "website", "rating",
            "favorite", "sources",
        ]
        #expect(venues.allSatisfy { keys.isSubset(of: Set($0.keys)) })
        #expect(output.stderr.contains("Searching 500 m around 60.171634,24.944295"))
    }

    /// `--sort name --limit 5` lists the first five names of the whole circle, not the five
    /// nearest venues re-sorted (the provider keeps the whole circle for the aggregator to sort).
    /// (By rating the two agree here: OpenStreetMap has no ratings, so unrated ties go nearest
    /// first.)
    @Test func nameOrderWithALimitIsOverTheWholeCircle() async throws {
        func venues(_ output: VenuesProcess.Output) throws -> [(name: String, distance: Double)] {
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
            )
            return try #require(document["venues"] as? [[String: Any]]).compactMap { venue in
                guard let name = venue["name"] as? String, let distance = venue["distance"] as? Double else {
                    return nil
                }
                return (name, distance)
            }
        }
        let all = try venues(try await Self.run(["--limit", "5000", "--sort", "name", "--format", "json"]))
        let limited = try await Self.run(["--limit", "5", "--sort", "name", "--format", "json"])
        #expect(limited.status == 0, "\(limited.stderr)")
        let firstFive = all.prefix(5).map(\.name)
        #expect(try venues(limited).map(\.name) == firstFive)
        // The data tells the two apart: the nearest five are not the first five names.
        let nearestFive = all.sorted { $0.distance < $1.distance }.prefix(5).map(\.name)
        #expect(Set(nearestFive) != Set(firstFive))
        #expect(!limited.stderr.contains("warning:"), "OpenStreetMap has the whole circle: \(limited.stderr)")
    }

    @Test func tableIsLimitedAndAttributed() async throws {
        let output = try await Self.run(["--limit", "7"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 1 + 7 + 1)
        #expect(lines.first?.contains("Name") == true)
        #expect(lines.last == "Data: © OpenStreetMap contributors (ODbL)")
    }

    /// `amenity=bureau_de_change` is in no shared category: the table shows OSM's own label
    /// rather than an empty cell, while JSON keeps `categories` to the shared vocabulary.
    @Test func tableFallsBackToTheProvidersOwnLabel() async throws {
        let table = try await Self.run(["--limit", "5000"])
        #expect(table.status == 0, "\(table.stderr)")
        let forex = try #require(table.stdout.split(separator: "\n").first { $0.contains("Forex Bank") })
        #expect(forex.contains("bureau de change"), "\(forex)")

        let json = try await Self.run(["--limit", "5000", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let venues = try #require(document["venues"] as? [[String: Any]])
        let forexVenue = try #require(venues.first { $0["name"] as? String == "Forex Bank" })
        #expect(forexVenue["categories"] as? [String] == [])
    }

    @Test func geoJSONIsAFeatureCollectionOfPoints() async throws {
        let output = try await Self.run(["--limit", "3", "--format", "geojson"])
        #expect(output.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        )
        #expect(document["type"] as? String == "FeatureCollection")
        let features = try #require(document["features"] as? [[String: Any]])
        #expect(features.count == 3)
        for feature in features {
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "Point")
            let coordinates = try #require(geometry["coordinates"] as? [Double])
            let properties = try #require(feature["properties"] as? [String: Any])
            // RFC 7946: longitude first.
            #expect(
                coordinates == [properties["longitude"] as? Double ?? .nan, properties["latitude"] as? Double ?? .nan]
            )
        }
    }

    @Test func csvHasAHeaderAndOneRowPerVenue() async throws {
        let output = try await Self.run(["--limit", "4", "--format", "csv"])
        #expect(output.status == 0)
        let lines = output.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(
            lines.first
                == "id,name,latitude,longitude,distance,address,categories,phone,website,rating,favorite,open,sources,attribution"
        )
        #expect(lines.count == 5)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("osm:") })
    }

    /// `--format html`: one page whose rows and pins carry the ids the JSON lists, in order;
    /// `--no-tiles` leaves the tile server out of it.
    @Test func htmlIsOnePageWithARowAndAPinPerVenue() async throws {
        let json = try await Self.run(["--limit", "6", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let ids = try #require(document["venues"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids.count == 6)

        let output = try await Self.run(["--limit", "6", "--format", "html"])
        #expect(output.status == 0, "\(output.stderr)")
        let page = output.stdout
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(page.contains("<h1>6 venues within 500 m of 60.17163, 24.94430</h1>"))
        let rows = page.components(separatedBy: "<li class=\"venue").dropFirst().compactMap {
            $0.components(separatedBy: "data-venue-id=\"").dropFirst().first?.components(separatedBy: "\"").first
        }
        let pins = page.components(separatedBy: "<g class=\"pin").dropFirst().compactMap {
            $0.components(separatedBy: "data-venue-id=\"").dropFirst().first?.components(separatedBy: "\"").first
        }
        #expect(rows == ids)
        #expect(pins == ids.reversed())
        #expect(page.contains("https://tile.openstreetmap.org/"))
        #expect(page.contains("© OpenStreetMap contributors (ODbL)"))

        let offline = try await Self.run(["--limit", "6", "--format", "html", "--no-tiles"])
        #expect(offline.status == 0)
        #expect(!offline.stdout.contains("tile.openstreetmap.org"))
    }

    /// A missing extract is named plainly — the setting needs fixing, the request was fine —
    /// on stderr, in JSON (`misconfigured`) and when `show` falls back to the provider.
    @Test func missingFileIsNamedWithoutAGenericPrefix() async throws {
        let home = try VenuesProcess.temporaryHome()
        let missing = home.appendingPathComponent("no-such-extract.osm").path
        let environment = VenuesProcess.environment(home: home, ["VENUES_OVERPASS_URL": missing])
        let nearby = try await VenuesProcess.run(
            ["nearby", "--providers", "osm", "--near", "60.171634,24.944295", "--format", "json"],
            environment: environment
        )
        #expect(nearby.status == 1, "\(nearby.stderr)")
        #expect(nearby.stderr.contains("warning: osm: OSM file not found: \(missing)\n"), "\(nearby.stderr)")
        #expect(!nearby.stderr.contains("request rejected"), "\(nearby.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(nearby.stdout.utf8)) as? [String: Any]
        )
        let error = try #require((document["providers"] as? [[String: Any]])?.first?["error"] as? [String: Any])
        #expect(error["kind"] as? String == "misconfigured")
        #expect(error["message"] as? String == "OSM file not found: \(missing)")

        let show = try await VenuesProcess.run(["show", "osm:node/1"], environment: environment)
        #expect(show.status == 1, "\(show.stderr)")
        #expect(show.stderr.contains("osm failed: OSM file not found: \(missing)"), "\(show.stderr)")
        #expect(!show.stderr.contains("request rejected"), "\(show.stderr)")
    }

    @Test func searchFindsByNameCaseInsensitively() async throws {
        let home = try VenuesProcess.temporaryHome()
        let output = try await VenuesProcess.run(
            [
                "search", "hesburger", "--providers", "osm", "--near", "60.171634,24.944295", "--radius", "1000",
                "--format", "json",
            ],
            environment: VenuesProcess.environment(home: home, ["VENUES_OVERPASS_URL": Self.sample.path])
        )
        #expect(output.status == 0, "\(output.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        )
        let names = try #require(document["venues"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0.localizedCaseInsensitiveContains("hesburger") })
    }
}
