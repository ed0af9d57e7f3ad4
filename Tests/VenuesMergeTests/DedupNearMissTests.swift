import Foundation
import Testing
import VenuesCore
import VenuesMerge

/// The rules of issue 28, one positive and one near miss each: a provider's own duplicate with
/// a location suffix or a typo, one typo after taglines and generic words, and the wrong joins
/// (a shared web site alone, two categories, a café in a building of its name, twins).
@Suite("Deduplicator: branch suffixes, typos and near misses")
struct DedupNearMissTests {
    typealias F = DedupFixture
    let deduplicator = Deduplicator()

    // MARK: 1. A provider's own duplicate with a location suffix or a typo

    @Test(
        "Foursquare lists a place twice, once with where it is or with a typo: one place",
        arguments: [
            "Café Aalto (Kamppi)", "Café Aalto, Mannerheimintie", "Café Aalto - Kamppi", "Café Aalto Kamppi",
            "Cafe Alato", "Café Aallto",
        ]
    )
    func branchDuplicate(variant: String) throws {
        let venues = [
            F.venue(.openStreetMap, "1", "Café Aalto", categories: [.cafe]),
            F.venue(.foursquare, "a", "Café Aalto", north: 8, categories: [.cafe]),
            F.venue(.foursquare, "b", variant, north: 8, east: 30, categories: [.cafe]),
        ]
        let merged = deduplicator.merge(venues)
        try #require(merged.count == 1, "\(variant): \(F.groups(merged))")
        let reason = try #require(merged[0].reasons.first { $0.rule == "duplicate" })
        #expect(reason.evidence.hasPrefix("fsq lists the place twice: name \"Café Aalto\" of fsq:a ≈ name"))
        // Without the rule, the variant stays apart.
        #expect(Deduplicator(rules: .init(duplicateProviders: [])).merge(venues).count == 2)
    }

    @Test("not one place listed twice: a chain's two branches, two categories, three variants, 60 m")
    func branchDuplicateNegative() {
        // Two branches of a chain that OSM lists twice.
        let chain = [
            F.venue(.openStreetMap, "1", "Espresso House", categories: [.cafe]),
            F.venue(.openStreetMap, "2", "Espresso House", north: 400, categories: [.cafe]),
            F.venue(.foursquare, "a", "Espresso House", east: 5, categories: [.cafe]),
            F.venue(.foursquare, "b", "Espresso House (Kamppi)", east: 35, categories: [.cafe]),
        ]
        #expect(
            F.groups(deduplicator.merge(chain)) == [["osm:node/1", "fsq:a"], ["osm:node/2"], ["fsq:b"]]
        )
        // A brand name is a chain's, even listed once.
        let brand = [
            F.venue(.foursquare, "a", "Hesburger", categories: [.fastFood]),
            F.venue(
                .foursquare,
                "b",
                "Hesburger Kamppi",
                names: [VenueName("Hesburger Kamppi", source: "name"), VenueName("Hesburger", source: "chain")],
                north: 25,
                categories: [.fastFood]
            ),
        ]
        #expect(deduplicator.merge(brand).count == 2)
        let categories = [
            F.venue(.foursquare, "a", "Aalto", categories: [.restaurant]),
            F.venue(.foursquare, "b", "Aalto (Kamppi)", north: 20, categories: [.cafe]),
        ]
        #expect(deduplicator.merge(categories).count == 2)
        let far = [
            F.venue(.foursquare, "a", "Café Aalto", categories: [.cafe]),
            F.venue(.foursquare, "b", "Cafe Alato", north: 60, categories: [.cafe]),
        ]
        #expect(deduplicator.merge(far).count == 2)
        // Three shops one edit from each other share the mall's phone: none is the other.
        let mall = ["Din Sko", "Dinskor", "Dinsk"].enumerated().map { k, name in
            F.venue(.foursquare, "m\(k)", name, north: Double(k) * 10, categories: [.shop])
        }
        #expect(deduplicator.merge(mall).count == 3)
    }

    @Test("one provider's two names that another provider maps as two places are two places")
    func duplicateThatAnotherProviderSeparates() {
        let foursquare = [
            F.venue(.foursquare, "a", "Barbarossa", categories: [.restaurant]),
            F.venue(.foursquare, "b", "Barbarossa Pizza and Kebab", north: 12, east: 25, categories: [.restaurant]),
        ]
        let mapped = [
            F.venue(.openStreetMap, "1", "Barbarossa", north: 4, categories: [.restaurant]),
            F.venue(.openStreetMap, "2", "Barbarossa Pizza & Kebab", north: 14, east: 20, categories: [.restaurant]),
        ]
        #expect(
            F.groups(deduplicator.merge(mapped + foursquare)) == [["osm:node/1", "fsq:a"], ["osm:node/2", "fsq:b"]]
        )
        // With only one of them mapped, nothing says they are two: one place listed twice.
        let merged = deduplicator.merge([mapped[0]] + foursquare)
        #expect(F.groups(merged) == [["osm:node/1", "fsq:a", "fsq:b"]])
        #expect(merged.first?.reasons.contains { $0.rule == "duplicate" } == true)
    }

    // MARK: 2. One edit, after taglines and generic words

    @Test(
        "one edit apart once taglines and generic words are gone, within 50 m",
        arguments: [
            ("Lasibaari Bar - Cocktails & Wine", "Lasibari", Category.bar, "one edit apart"),
            ("Kahvlia Aallto", "Aalto", .cafe, "one edit apart"),
            ("Roba", "Toba", .bar, "one edit apart"),
            ("Kahvlia Aalto", "Kahvila Aalto", .cafe, "the words of one name are all in the other"),
        ]
    )
    func oneEdit(google: String, osm: String, category: Category, evidence: String) throws {
        let venues = [
            F.venue(.openStreetMap, "1", osm, categories: [category]),
            F.venue(.google, "g", google, north: 30, east: 20, categories: [category]),
        ]
        let merged = deduplicator.merge(venues)
        try #require(merged.count == 1, "\(google) / \(osm)")
        #expect(merged[0].reasons.first?.rule == "similar-name")
        #expect(merged[0].reasons.first?.evidence.contains(evidence) == true, "\(merged[0].reasons)")
    }

    @Test("one edit is not enough: 80 m apart, three letters, another kind of place; a digit is no typo")
    func oneEditNegative() {
        let pairs: [(String, String, Double, Category, Category)] = [
            ("Lasibari", "Lasibaari Bar - Cocktails & Wine", 80, .bar, .bar),
            ("Oak", "Oat", 10, .restaurant, .restaurant),
            ("Roba", "Toba", 20, .bar, .bank),
        ]
        for (osm, google, distance, first, second) in pairs {
            let venues = [
                F.venue(.openStreetMap, "1", osm, categories: [first]),
                F.venue(.google, "g", google, north: distance, categories: [second]),
            ]
            #expect(deduplicator.merge(venues).count == 2, "\(osm) / \(google)")
        }
        func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        #expect(!NameSimilarity.isWithinOneEdit(scalars("kino1"), scalars("kino2")))
        #expect(!NameSimilarity.isWithinOneEdit(scalars("kino"), scalars("kino2")))
        #expect(!NameSimilarity.isWithinOneEdit(scalars("aalto"), scalars("atlao")))
        for typo in ["alato", "aallto", "alto", "aaltp", "aalto"] {
            #expect(NameSimilarity.isWithinOneEdit(scalars("aalto"), scalars(typo)), "\(typo)")
        }
    }

    // MARK: 3. Wrong joins

    @Test("a shared phone or web site joins names that share a word, inflected or not")
    func sharedContact() throws {
        let venues = [
            F.venue(.openStreetMap, "1", "Ravintola Kaisaniemi", website: "https://kaisaniemi.fi"),
            F.venue(.google, "g", "Kaisaniemen Juhlatila", north: 80, website: "http://www.kaisaniemi.fi/juhlat"),
        ]
        let merged = deduplicator.merge(venues)
        try #require(merged.count == 1)
        #expect(merged[0].reasons.first?.rule == "same-website")
    }

    @Test("a shared web site or phone alone is not enough: a university's offices and its main building")
    func sharedContactNegative() {
        let venues = [
            F.venue(
                .openStreetMap,
                "1",
                "Yliopiston päärakennus",
                phone: "+358 2941 911",
                website: "https://www.helsinki.fi/"
            ),
            F.venue(
                .google,
                "g",
                "Kielikeskus",
                north: 60,
                phone: "02941 911",
                website: "https://www.helsinki.fi/kielikeskus"
            ),
        ]
        #expect(deduplicator.merge(venues).count == 2)
    }

    @Test("a shared web site joins names one typo apart beyond the distance of similar names")
    func sharedContactWithATypo() throws {
        let venues = [
            F.venue(.openStreetMap, "1", "Feel Vegas", categories: [.attraction], website: "https://feelvegas.fi"),
            F.venue(
                .foursquare,
                "a",
                "Fele Vegas",
                north: 68,
                categories: [.attraction],
                website: "http://feelvegas.fi/"
            ),
        ]
        let merged = deduplicator.merge(venues)
        try #require(merged.count == 1, "\(F.groups(merged))")
        #expect(merged[0].reasons.first?.rule == "same-website")
    }

    @Test("one shared word and the owner's web site are not enough: two bars of one owner")
    func sharedContactOneWordNegative() {
        let venues = [
            F.venue(.google, "g", "Apollo Street Bar", categories: [.bar], website: "https://apolloliveclub.fi"),
            F.venue(
                .foursquare,
                "a",
                "Apollo Live Club Helsinki",
                north: 37,
                categories: [.bar],
                website: "https://apolloliveclub.fi/bar"
            ),
        ]
        #expect(deduplicator.merge(venues).count == 2)
    }

    @Test("one provider's two records of the same category and name are one place")
    func sameCategoryDuplicate() {
        let venues = [
            F.venue(.foursquare, "a", "Kukka", categories: [.shop]),
            F.venue(.foursquare, "b", "KUKKA", north: 20, categories: [.shop]),
        ]
        #expect(deduplicator.merge(venues).count == 1)
    }

    @Test("one provider's two records of one name and two categories are two places")
    func otherCategoryDuplicateNegative() {
        // The same group (retail): the category veto alone lets them through.
        let venues = [
            F.venue(.foursquare, "a", "Kukka", categories: [.shop]),
            F.venue(.foursquare, "b", "KUKKA", north: 20, categories: [.supermarket]),
        ]
        #expect(deduplicator.merge(venues).count == 2)
    }

    @Test("a building, square or mall joins its own records, by extent and by containment of its name")
    func container() throws {
        let building = F.venue(.openStreetMap, "1", "Lasipalatsi", extent: F.box(width: 100, height: 60))
        let pin = F.venue(.google, "g", "Lasipalatsi", east: 60)
        #expect(deduplicator.merge([building, pin]).count == 1)
        let mall = F.venue(.openStreetMap, "2", "Forum", extent: F.box(width: 140, height: 100), categories: [.shop])
        let entrance = F.venue(.foursquare, "f", "Kauppakeskus Forum", east: 80, categories: [.shop])
        let merged = deduplicator.merge([mall, entrance])
        try #require(merged.count == 1)
        #expect(merged[0].reasons.first?.rule == "similar-name")
    }

    @Test(
        "a café or pub never joins the building, square, office or station it stands in",
        arguments: [
            ("Lasipalatsi", "Café Lasipalatsi", Category.cafe, false),
            ("Musiikkitalo", "Musiikkitalo Bar", .bar, true),
            ("Kauppatori", "Kauppatori Pub", .pub, true),
            ("Sampo Office", "Ravintola Sampo Office", .restaurant, true),
            ("Pasilan asema", "Pasilan asema Café", .cafe, true),
        ]
    )
    func containerNegative(container: String, venue: String, category: Category, byWords: Bool) {
        // A container by its extent (a mapped building or area without a category), and by
        // its words alone (no extent, no category).
        for extent in byWords ? [nil, F.box(width: 100, height: 60)] : [F.box(width: 100, height: 60)] {
            let venues = [
                F.venue(.openStreetMap, "1", container, extent: extent),
                F.venue(.google, "g", venue, north: 10, categories: [category]),
            ]
            #expect(deduplicator.merge(venues).count == 2, "\(container) / \(venue)")
        }
        // Nor a shop whose name holds the name of the building around it.
        let store = F.venue(.openStreetMap, "2", "Sokos", extent: F.box(width: 120, height: 80), categories: [.shop])
        let shop = F.venue(.google, "s", "Alko Sokos", east: 10, categories: [.shop])
        #expect(deduplicator.merge([store, shop]).count == 2)
    }

    @Test("a pin much nearer one of two twin statues joins it")
    func twins() {
        let venues = [
            F.venue(.openStreetMap, "1", "Lyhdynkantajat", categories: [.attraction]),
            F.venue(.openStreetMap, "2", "Lyhdynkantajat", east: 6, categories: [.attraction]),
            F.venue(.google, "g", "Lyhdynkantajat", north: 1, east: 0.5, categories: [.attraction]),
        ]
        #expect(F.groups(deduplicator.merge(venues)) == [["osm:node/1", "google:g"], ["osm:node/2"]])
    }

    @Test("a pin equally near two twin statues joins neither, and --explain says so")
    func twinsNegative() throws {
        let venues = [
            F.venue(.openStreetMap, "1", "Lyhdynkantajat", categories: [.attraction]),
            F.venue(.openStreetMap, "2", "Lyhdynkantajat", east: 6, categories: [.attraction]),
            F.venue(.google, "g", "Lyhdynkantajat", north: 5, east: 2.5, categories: [.attraction]),
        ]
        let merged = deduplicator.merge(venues)
        #expect(F.groups(merged) == [["osm:node/1"], ["osm:node/2"], ["google:g"]])
        let pin = try #require(merged.first { $0.sources.first?.id.provider == .google })
        let note = try #require(pin.reasons.first)
        #expect(note.rule == "equally-near")
        #expect(
            note.evidence
                == "name \"Lyhdynkantajat\" of google:g is 6 m from osm:node/1 and 6 m from osm:node/2, both named "
                + "\"Lyhdynkantajat\": equally near two places of one name, joined to neither"
        )
    }
}
