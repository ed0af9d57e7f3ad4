import Foundation
import Testing
import VenuesTestSupport

/// What `venues show ID` prints, as text and as JSON, against loopback fakes: every field the
/// provider gave, the sources, map links, the Foursquare photo URL (prefix + size + suffix),
/// and no URL that carries a key.
@Suite(.timeLimit(.minutes(2)))
struct ShowOutputTests {
    static let native = "5e1f00000000000000c0ffee"
    static let id = "fsq:\(native)"

    /// A Foursquare place detail with every field `show` prints, an escape sequence in the name,
    /// one public photo and one whose URL would carry a key.
    static let detailBody = """
        {"fsq_place_id":"\(native)","name":"Kahvila Näköala\\u001b[2J\\u202e","latitude":60.1701,"longitude":24.9412,
         "categories":[{"fsq_category_id":"4bf58dd8d48988d16d941735","name":"Café","short_name":"Café"}],
         "location":{"formatted_address":"Pohjoisesplanadi 1, 00100 Helsinki","country":"FI"},
         "tel":"+358 9 765 4321","website":"https://kahvila.example/","rating":8.8,"price":2,
         "hours":{"display":"Mon-Fri 8:00-18:00"},"stats":{"total_ratings":1},
         "photos":[{"id":"p1","prefix":"https://fastly.4sqi.net/img/general/","suffix":"/12345_abcdef.jpg"},
                   {"id":"p2","prefix":"https://photos.example/p?key=","suffix":"&x=.jpg"}]}
        """

    static let photoURL = "https://fastly.4sqi.net/img/general/original/12345_abcdef.jpg"
    static let openStreetMapURL = "https://www.openstreetmap.org/?mlat=60.1701&mlon=24.9412#map=19/60.1701/24.9412"
    static let googleMapsURL = "https://www.google.com/maps/search/?api=1&query=60.1701,24.9412"

    static func show(_ arguments: [String], _ fakes: FakeProviders) async throws -> EndToEndProcess.Output {
        let home = try VenuesProcess.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        return try await EndToEndProcess.run(["show"] + arguments, environment: fakes.environment(home: home))
    }

    static func foursquareFake() async throws -> FakeProviders {
        var fakes = FakeProviders()
        fakes.foursquare = try await FakeProvider.start(.foursquare) { _, _ in .json(detailBody) }
        return fakes
    }

    /// The values printed after `label` (labels are padded to one column, two spaces at least).
    static func value(_ label: String, in lines: [Substring]) -> [String] {
        lines.compactMap { line in
            guard line.hasPrefix(label + "  ") else { return nil }
            return line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func tableShowsEveryFieldSourcesAndLinks() async throws {
        let fakes = try await Self.foursquareFake()
        let output = try await Self.show([Self.id], fakes)
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first == "Kahvila Näköala[2J")
        let expected: [(String, String)] = [
            ("id", Self.id),
            ("location", "60.1701,24.9412"),
            ("address", "Pohjoisesplanadi 1, 00100 Helsinki"),
            ("categories", "cafe, Café"),
            ("phone", "+358 9 765 4321"),
            ("website", "https://kahvila.example/"),
            ("rating", "4.4 / 5 (1 rating)"),
            ("price", "€€"),
            ("hours", "Mon-Fri 8:00-18:00"),
            ("sources", Self.id),
            ("Foursquare", "https://foursquare.com/v/\(Self.native)"),
            ("Foursquare photo", Self.photoURL),
            ("OpenStreetMap", Self.openStreetMapURL),
            ("Google Maps", Self.googleMapsURL),
        ]
        var valueColumns = Set<Int>()
        for (label, value) in expected {
            #expect(Self.value(label, in: lines) == [value], "\(label) in \(output.stdout)")
            if let line = lines.first(where: { $0.hasPrefix(label + "  ") }) {
                valueColumns.insert(line.count - value.count)
            }
        }
        // The values start in one column.
        #expect(valueColumns.count == 1, "\(output.stdout)")
        #expect(!output.stdout.contains("key="), "\(output.stdout)")
        #expect(!output.stdout.contains(FakeProviders.foursquareKey))
        #expect(!output.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }

    @Test func jsonShowsEveryFieldSourcesAndLinks() async throws {
        let fakes = try await Self.foursquareFake()
        let output = try await Self.show([Self.id, "--format", "json"], fakes)
        await fakes.stop()

        #expect(output.status == 0, "\(output.transcript)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
            "\(output.stdout)"
        )
        #expect(document["id"] as? String == Self.id)
        #expect(document["name"] as? String == "Kahvila Näköala[2J")
        #expect(document["latitude"] as? Double == 60.1701)
        #expect(document["longitude"] as? Double == 24.9412)
        #expect(document["address"] as? String == "Pohjoisesplanadi 1, 00100 Helsinki")
        #expect(document["categories"] as? [String] == ["cafe"])
        #expect(document["providerCategories"] as? [String] == ["Café"])
        #expect(document["phone"] as? String == "+358 9 765 4321")
        #expect(document["website"] as? String == "https://kahvila.example/")
        #expect(document["rating"] as? Double == 4.4)
        #expect(document["ratingCount"] as? Int == 1)
        #expect(document["price"] as? Int == 2)
        #expect(document["openingHours"] as? String == "Mon-Fri 8:00-18:00")
        #expect(document["favorite"] as? Bool == false)
        #expect(document["origin"] as? String == "provider")

        let sources = try #require(document["sources"] as? [[String: Any]])
        #expect(sources.count == 1)
        #expect(sources.first?["provider"] as? String == "fsq")
        #expect(sources.first?["id"] as? String == Self.id)

        let links = try #require(document["links"] as? [[String: Any]])
        let pairs = links.compactMap { link in
            (link["kind"] as? String).flatMap { kind in (link["url"] as? String).map { "\(kind) \($0)" } }
        }
        #expect(
            pairs == [
                "providerPage https://foursquare.com/v/\(Self.native)", "photo \(Self.photoURL)",
                "map \(Self.openStreetMapURL)", "map \(Self.googleMapsURL)",
            ]
        )
        #expect(!output.stdout.contains("key="), "\(output.stdout)")
        #expect(!output.stdout.contains(FakeProviders.foursquareKey))
    }

    /// With an OpenStreetMap or Google id, the map links name the element or the place.
    @Test func mapLinksNameTheProvidersPlace() async throws {
        var fakes = FakeProviders()
        fakes.google = try await FakeProvider.working(.google)
        fakes.overpass = try await FakeProvider.working(.overpass)
        let osmID = "osm:node/\(FakeBodies.overpassNodeID(0))"
        let googleID = "google:\(FakeBodies.googleID(0))"
        let osm = try await Self.show([osmID], fakes)
        let google = try await Self.show([googleID], fakes)
        let overpassQuery = await fakes.overpass?.requests.first?.formFields["data"]
        await fakes.stop()

        // The configured timeout (60 s in the test home) reaches the lookup, as it does listings.
        #expect(overpassQuery?.hasPrefix("[out:xml][timeout:60];") == true, "\(overpassQuery ?? "no request")")
        #expect(osm.status == 0, "\(osm.transcript)")
        let osmLines = osm.stdout.split(separator: "\n")
        #expect(
            Self.value("OpenStreetMap", in: osmLines)
                == ["https://www.openstreetmap.org/node/\(FakeBodies.overpassNodeID(0))"]
        )
        #expect(Self.value("sources", in: osmLines) == [osmID])
        #expect(osmLines.last == "Data: © OpenStreetMap contributors (ODbL)")

        #expect(google.status == 0, "\(google.transcript)")
        let googleLines = google.stdout.split(separator: "\n")
        let mapsLinks = Self.value("Google Maps", in: googleLines)
        // Google's own link to its place; no second Google Maps link (a search at the position
        // with the place's id) beside it.
        #expect(mapsLinks == ["https://maps.google.com/?cid=999000000001"], "\(google.stdout)")
        #expect(Self.value("sources", in: googleLines) == [googleID])
        for output in [osm, google] {
            #expect(!output.stdout.contains("key="))
            #expect(!output.stdout.contains(FakeProviders.googleKey))
        }
    }
}
