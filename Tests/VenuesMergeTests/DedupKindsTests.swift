import Foundation
import Testing
import VenuesCore
import VenuesMerge

/// The duplicates that the rules of before missed (issue 14), one kind at a time, each with a
/// place that looks the same and is not: a chain's other branch, a neighbour with a generic
/// name, two statues. See docs/merge.md.
@Suite("Deduplicator: other names, descriptors, chains, big places, duplicates, same-name objects")
struct DedupKindsTests {
    typealias F = DedupFixture
    let deduplicator = Deduplicator()

    static let lanternCarriers = [
        VenueName("Lyhdynkantajat", source: "name"),
        VenueName("The Lantern Carriers", source: "name:en", language: "en"),
        VenueName("Lyktbärarna", source: "name:sv", language: "sv"),
    ]

    static func english(_ text: String) -> [VenueName] {
        [VenueName(text, source: "displayName", language: "en")]
    }

    // MARK: Other names

    @Test("another name of the place: OSM's name:en or name:sv is the name another provider shows")
    func otherNames() throws {
        let venues = [
            F.venue(.openStreetMap, "1", "Lyhdynkantajat", names: Self.lanternCarriers, categories: [.attraction]),
            F.venue(
                .google,
                "g",
                "The Lantern Carriers",
                names: Self.english("The Lantern Carriers"),
                north: 7,
                categories: [.attraction]
            ),
            F.venue(.foursquare, "f", "Lyktbärarna", east: 40),
        ]
        let merged = deduplicator.merge(venues)
        try #require(merged.count == 1)
        #expect(merged[0].reasons.map(\.rule) == ["other-name", "other-name"])
        #expect(merged[0].venue.name == "The Lantern Carriers")
        // Without the OSM record's other names, the rules of before see three places.
        var plain = venues
        plain[0].names = []
        #expect(deduplicator.merge(plain).count == 3)
    }

    @Test("other names do not join a neighbour: a generic alt_name, the same other name 150 m away")
    func otherNamesNegative() {
        let generic = [
            F.venue(
                .openStreetMap,
                "1",
                "Ravintola Kaisaniemi",
                names: [VenueName("Ravintola Kaisaniemi", source: "name"), VenueName("Ravintola", source: "alt_name")],
                categories: [.restaurant]
            ),
            F.venue(.google, "g", "Ravintola", north: 15, categories: [.restaurant]),
        ]
        #expect(deduplicator.merge(generic).count == 2)
        let far = [
            F.venue(.openStreetMap, "1", "Lyhdynkantajat", names: Self.lanternCarriers),
            F.venue(.google, "g", "The Lantern Carriers", names: Self.english("The Lantern Carriers"), north: 150),
        ]
        #expect(deduplicator.merge(far).count == 2)
    }

    // MARK: Descriptors and taglines

    @Test(
        "a descriptor or tagline says nothing about which place it is",
        arguments: [
            ("Base Camp (Nepalese cuisine)", "Base Camp Ravintola", Category.restaurant, "descriptor"),
            ("Splizzeria Ravintola – Kitchen & Bar", "Splizzeria", .restaurant, "descriptor"),
            ("Kamppi Grill | Burgers & Fries", "Kamppi Grill", .fastFood, "descriptor"),
            ("atHome Store", "atHome", .shop, "same-name"),
            ("Butik Lumo", "Lumo", .shop, "same-name"),
        ]
    )
    func descriptors(google: String, osm: String, category: Category, rule: String) throws {
        let venues = [
            F.venue(.openStreetMap, "1", osm, categories: [category]),
            // Beyond the 50 m of similar names: only the names without descriptors join them.
            F.venue(.google, "g", google, north: 60, east: 30),
        ]
        let merged = deduplicator.merge(venues)
        try #require(merged.count == 1, "\(google) / \(osm)")
        #expect(merged[0].reasons.first?.rule == rule)
    }

    @Test("names equal only once a descriptor leaves generic words stay apart; a dash in a word is the name")
    func descriptorsNegative() {
        let cafes = [
            F.venue(.openStreetMap, "1", "Café (Ateneum)", categories: [.cafe]),
            F.venue(.google, "g", "Café (Kiasma)", north: 30, categories: [.cafe]),
        ]
        #expect(deduplicator.merge(cafes).count == 2)
        #expect(NameNormalizer.withoutDescriptors("R-kioski") == nil)
        #expect(NameNormalizer.withoutDescriptors("Base Camp (Nepalese cuisine)") == "Base Camp")
        #expect(NameNormalizer.withoutDescriptors("Splizzeria Ravintola – Kitchen & Bar") == "Splizzeria Ravintola")
        #expect(NameNormalizer.withoutDescriptors("(closed)") == nil)
    }

    // MARK: Chains

    @Test("a chain's branch 64 m and 36 m from the provider's pin joins when each is the other's nearest branch")
    func chainNearestBranch() throws {
        let venues = [
            F.venue(.openStreetMap, "1", "Espresso House", categories: [.cafe]),
            F.venue(.openStreetMap, "2", "Espresso House", north: 300, categories: [.cafe]),
            F.venue(.google, "g1", "Espresso House Café", east: 64, categories: [.cafe]),
            F.venue(.openStreetMap, "3", "Subway", north: 900, categories: [.fastFood]),
            F.venue(.openStreetMap, "4", "Subway", north: 1300, categories: [.fastFood]),
            F.venue(.foursquare, "f3", "Subway Ravintola", north: 900, east: 36, categories: [.fastFood]),
        ]
        let merged = deduplicator.merge(venues)
        #expect(
            F.groups(merged) == [
                ["osm:node/1", "google:g1"], ["osm:node/2"], ["osm:node/3", "fsq:f3"], ["osm:node/4"],
            ]
        )
        let espresso = try #require(merged.first { $0.sources.count == 2 })
        #expect(espresso.reasons.map(\.rule) == ["nearest-branch"])
    }

    @Test("a chain's other branch is never joined: a branch OSM lacks, a pin between two branches")
    func chainNegative() {
        // OSM lacks the branch Google lists 90 m away: beyond the nearest-branch distance.
        let missing = [
            F.venue(.openStreetMap, "1", "Espresso House", categories: [.cafe]),
            F.venue(.openStreetMap, "2", "Espresso House", north: 400, categories: [.cafe]),
            F.venue(.google, "g", "Espresso House", east: 90, categories: [.cafe]),
        ]
        #expect(deduplicator.merge(missing).count == 3)
        // 40 m from one branch and 50 m from the other: too close to call.
        let between = [
            F.venue(.openStreetMap, "1", "Espresso House", categories: [.cafe]),
            F.venue(.openStreetMap, "2", "Espresso House", east: 90, categories: [.cafe]),
            F.venue(.google, "g", "Espresso House", east: 40, categories: [.cafe]),
        ]
        #expect(deduplicator.merge(between).count == 3)
    }

    // MARK: Big places

    @Test("a pin at the entrance of a large building joins the building, measured to its extent")
    func bigPlace() throws {
        let forum = F.venue(
            .openStreetMap,
            "1",
            "Kauppakeskus Forum",
            extent: F.box(width: 140, height: 100),
            categories: [.shop]
        )
        let entrance = F.venue(.google, "g", "Kauppakeskus Forum", east: 110, categories: [.shop])
        let merged = deduplicator.merge([forum, entrance])
        try #require(merged.count == 1)
        let reason = try #require(merged[0].reasons.first)
        #expect(reason.rule == "same-name")
        #expect(abs(reason.distance - 40) < 0.5)
        #expect(merged[0].venue.extent == forum.extent)
        // Without the extent, 110 m is too far.
        var point = forum
        point.extent = nil
        #expect(deduplicator.merge([point, entrance]).count == 2)
    }

    @Test("the extent does not reach a neighbour: another kind of place at the door, the same name too far")
    func bigPlaceNegative() {
        let forum = F.venue(
            .openStreetMap,
            "1",
            "Forum",
            extent: F.box(width: 140, height: 100),
            categories: [.shop]
        )
        let cafe = F.venue(.foursquare, "f", "Café Forum", east: 72, categories: [.cafe])
        let far = F.venue(.google, "g", "Forum", east: 180, categories: [.shop])
        #expect(deduplicator.merge([forum, cafe, far]).count == 3)
    }

    // MARK: Duplicates inside one provider

    @Test("Foursquare lists a place twice: the same name after normalising, or the same phone")
    func duplicates() throws {
        let venues = [
            F.venue(.openStreetMap, "1", "Helsingin Pystygrilli", categories: [.fastFood]),
            F.venue(.foursquare, "a", "Helsingin Pystygrilli", north: 10, categories: [.fastFood]),
            F.venue(.foursquare, "b", "helsingin pystygrilli", north: 37, categories: [.fastFood]),
        ]
        let merged = deduplicator.merge(venues)
        try #require(merged.count == 1)
        #expect(merged[0].sources.map(\.id.description) == ["fsq:a", "fsq:b", "osm:node/1"])
        #expect(merged[0].reasons.map(\.rule).sorted() == ["duplicate", "same-name"])

        let phones = [
            F.venue(.foursquare, "a", "Cafe Regatta", phone: "+358 40 123 4567"),
            F.venue(.foursquare, "b", "Regatan Kahvila", north: 20, phone: "040 123 4567"),
        ]
        let byPhone = deduplicator.merge(phones)
        #expect(byPhone.count == 1)
        #expect(byPhone.first?.reasons.first?.rule == "duplicate")
    }

    @Test("not duplicates: two branches, a generic name, too far apart, a shared phone, another provider")
    func duplicatesNegative() {
        // OSM lists two R-kioski 30 m apart: so are Foursquare's two.
        let branches = [
            F.venue(.openStreetMap, "1", "R-kioski", categories: [.shop]),
            F.venue(.openStreetMap, "2", "R-kioski", north: 30, categories: [.shop]),
            F.venue(.foursquare, "a", "R-kioski", east: 3, categories: [.shop]),
            F.venue(.foursquare, "b", "R-Kioski", north: 30, east: 3, categories: [.shop]),
        ]
        #expect(
            F.groups(deduplicator.merge(branches)) == [["osm:node/1", "fsq:a"], ["osm:node/2", "fsq:b"]]
        )
        let generic = [F.venue(.foursquare, "a", "Kahvila"), F.venue(.foursquare, "b", "KAHVILA", north: 20)]
        #expect(deduplicator.merge(generic).count == 2)
        let far = [
            F.venue(.foursquare, "a", "Helsingin Pystygrilli"),
            F.venue(.foursquare, "b", "Helsingin Pystygrilli", north: 60),
        ]
        #expect(deduplicator.merge(far).count == 2)
        let mall = (0..<3).map { k in
            F.venue(
                .foursquare,
                "m\(k)",
                ["Din Sko", "Dinskor", "Dinsk"][k],
                north: Double(k) * 10,
                phone: "09 5657 4080"
            )
        }
        #expect(deduplicator.merge(mall).count == 3)
        let google = [F.venue(.google, "a", "Kappeli"), F.venue(.google, "b", "Kappeli", north: 5)]
        #expect(deduplicator.merge(google).count == 2)
    }

    // MARK: Same name, different objects

    @Test(
        "four statues share a name within 10 m: a provider's one record joins the clearly nearest, the rest stay apart"
    )
    func statues() throws {
        let statues = (0..<4).map { k in
            F.venue(.openStreetMap, "\(k + 1)", "Lyhdynkantajat", east: Double(k) * 3, categories: [.attraction])
        }
        let google = F.venue(.google, "g", "Lyhdynkantajat", north: 1, east: 6.5, categories: [.attraction])
        #expect(
            F.groups(deduplicator.merge(statues + [google])) == [
                ["osm:node/1"], ["osm:node/2"], ["osm:node/3", "google:g"], ["osm:node/4"],
            ]
        )
        // 4.1 m from the third and 4.5 m from the fourth: equally near, it joins neither (issue 28).
        let between = F.venue(.google, "g", "Lyhdynkantajat", north: 4, east: 7, categories: [.attraction])
        #expect(deduplicator.merge(statues + [between]).count == 5)
        // Two statues and no other provider: two places.
        #expect(deduplicator.merge(Array(statues.prefix(2))).count == 2)
    }

    // MARK: --explain

    /// Each rule names its evidence: which names (with where each came from) of which records,
    /// and the distance — to the extent, when that was nearer.
    @Test("the evidence of each rule")
    func evidence() throws {
        func evidence(_ venues: [Venue]) throws -> [String] {
            let merged = deduplicator.merge(venues)
            try #require(merged.count == 1, "\(F.groups(merged))")
            return merged[0].reasons.map(\.evidence)
        }
        #expect(
            try evidence([
                F.venue(.openStreetMap, "1", "Café Engel"), F.venue(.foursquare, "f", "Cafe Engel", north: 22),
            ]) == ["name \"Cafe Engel\" of fsq:f = name \"Café Engel\" of osm:node/1, 22 m"]
        )
        #expect(
            try evidence([
                F.venue(.openStreetMap, "1", "Lyhdynkantajat", names: Self.lanternCarriers),
                F.venue(.google, "g", "The Lantern Carriers", names: Self.english("The Lantern Carriers"), north: 7),
            ]) == [
                "displayName (en) \"The Lantern Carriers\" of google:g = name:en \"The Lantern Carriers\" of osm:node/1, 7 m"
            ]
        )
        #expect(
            try evidence([
                F.venue(.openStreetMap, "1", "Base Camp Ravintola"),
                F.venue(.google, "g", "Base Camp (Nepalese cuisine)", north: 12),
            ]) == [
                "name \"Base Camp (Nepalese cuisine)\" without its descriptors of google:g = name \"Base Camp Ravintola\" of osm:node/1, 12 m"
            ]
        )
        #expect(
            try evidence([F.venue(.openStreetMap, "1", "Kappeli"), F.venue(.foursquare, "f", "Kapelli", north: 40)])
                == ["name \"Kapelli\" of fsq:f ≈ name \"Kappeli\" of osm:node/1 (Jaro-Winkler 0.93), 40 m"]
        )
        #expect(
            try evidence([
                F.venue(.openStreetMap, "1", "Ravintola Kaisaniemi", phone: "+358 9 632 223"),
                F.venue(.google, "g", "Kaisaniemen Juhlatila", north: 80, phone: "09 632 223"),
            ]) == ["phone \"09 632 223\" of google:g = \"+358 9 632 223\" of osm:node/1, 80 m"]
        )
        #expect(
            try evidence([
                F.venue(.openStreetMap, "1", "Maya Bar & Grill", website: "https://www.maya.fi/"),
                F.venue(.foursquare, "f", "Maya Helsinki Ravintola", east: 90, website: "http://maya.fi/menu"),
            ]) == ["web domain maya.fi of fsq:f and osm:node/1, 90 m"]
        )
        #expect(
            try evidence([
                F.venue(.foursquare, "a", "Helsingin Pystygrilli"),
                F.venue(.foursquare, "b", "helsingin pystygrilli", north: 27),
            ]) == [
                "fsq lists the place twice: name \"Helsingin Pystygrilli\" of fsq:a = name \"helsingin pystygrilli\" of fsq:b, 27 m"
            ]
        )
        #expect(
            try evidence([
                F.venue(.openStreetMap, "1", "Kauppakeskus Forum", extent: F.box(width: 140, height: 100)),
                F.venue(.google, "g", "Kauppakeskus Forum", east: 110),
            ]) == [
                "name \"Kauppakeskus Forum\" of google:g = name \"Kauppakeskus Forum\" of osm:way/1, "
                    + "40 m from the extent of osm:way/1 (110 m from its centre)"
            ]
        )
        // A chain's nearest branch says so.
        let branch = deduplicator.merge([
            F.venue(.openStreetMap, "1", "Espresso House", categories: [.cafe]),
            F.venue(.openStreetMap, "2", "Espresso House", north: 300, categories: [.cafe]),
            F.venue(.google, "g", "Espresso House Café", east: 64, categories: [.cafe]),
        ])
        let reason = try #require(branch.first { $0.sources.count == 2 }?.reasons.first)
        #expect(
            reason.evidence
                == "name \"Espresso House Café\" of google:g = name \"Espresso House\" of osm:node/1, 64 m; "
                + "a chain's name, and each is the other's nearest branch"
        )
    }

    /// Reasons are kept in JSON (`--explain`); JSON written before `evidence` existed decodes.
    @Test func reasonsWithoutEvidenceDecode() throws {
        let json = """
            {"first": "google:g", "second": "osm:node/1", "rule": "same-name", "distance": 7.5, "nameScore": 1}
            """
        let reason = try JSONDecoder().decode(MergeReason.self, from: Data(json.utf8))
        #expect(reason.evidence == "")
        #expect(reason.rule == "same-name")
        let computed = try #require(
            deduplicator.merge([F.venue(.openStreetMap, "1", "Kappeli"), F.venue(.google, "g", "Kappeli", north: 7)])
                .first?.reasons.first
        )
        let roundTrip = try JSONDecoder().decode(MergeReason.self, from: try JSONEncoder().encode(computed))
        #expect(roundTrip == computed)
        #expect(roundTrip.evidence == "name \"Kappeli\" of google:g = name \"Kappeli\" of osm:node/1, 7 m")
    }
}
