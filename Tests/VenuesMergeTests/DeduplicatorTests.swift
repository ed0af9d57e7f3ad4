import Foundation
import Testing
import VenuesCore
import VenuesMerge

@Suite("Deduplicator")
struct DeduplicatorTests {
    typealias F = DedupFixture
    let deduplicator = Deduplicator()

    @Test("one café under three spellings and three providers becomes one place")
    func threeSpellings() throws {
        let venues = [
            F.venue(.openStreetMap, "1", "Café Engel", categories: [.cafe]),
            F.venue(.foursquare, "a1", "Cafe Engel", north: 20, east: 10, categories: [.cafe]),
            F.venue(.google, "g1", "Engel", north: -15, east: 25, categories: [.cafe, .restaurant]),
        ]
        let merged = deduplicator.merge(venues)
        try #require(merged.count == 1)
        let place = merged[0]
        #expect(place.sources.map(\.id.provider) == [.google, .foursquare, .openStreetMap])
        #expect(place.venue.id.description == "google:g1")
        #expect(place.venue.name == "Engel")
        #expect(place.venue.coordinate == venues[2].coordinate)
        #expect(place.venue.categories == [.cafe, .restaurant])
        #expect(place.reasons.count == 2)
        #expect(place.reasons.allSatisfy { $0.rule == "same-name" && $0.nameScore == 1 })
        for reason in place.reasons {
            let first = try #require(venues.first { $0.id == reason.first })
            let second = try #require(venues.first { $0.id == reason.second })
            #expect(abs(reason.distance - first.coordinate.distance(to: second.coordinate)) < 0.01)
        }
    }

    @Test("equal names merge up to 100 m, not beyond")
    func sameNameDistance() {
        let near = [F.venue(.openStreetMap, "1", "Savoy"), F.venue(.google, "g", "Ravintola Savoy", north: 95)]
        #expect(deduplicator.merge(near).count == 1)
        let far = [F.venue(.openStreetMap, "1", "Savoy"), F.venue(.google, "g", "Ravintola Savoy", north: 110)]
        #expect(deduplicator.merge(far).count == 2)
    }

    @Test("similar names merge within 50 m only")
    func similarNames() {
        let typo = [F.venue(.openStreetMap, "1", "Kappeli"), F.venue(.foursquare, "f", "Kapelli", north: 40)]
        let merged = deduplicator.merge(typo)
        #expect(merged.count == 1)
        #expect(merged.first?.reasons.first?.rule == "similar-name")
        #expect((merged.first?.reasons.first?.nameScore ?? 1) < 1)
        let farTypo = [F.venue(.openStreetMap, "1", "Kappeli"), F.venue(.foursquare, "f", "Kapelli", north: 70)]
        #expect(deduplicator.merge(farTypo).count == 2)
        let contained = [
            F.venue(.openStreetMap, "1", "Granit"), F.venue(.google, "g", "Granit Forum", east: 30),
        ]
        #expect(deduplicator.merge(contained).count == 1)
        let unrelated = [F.venue(.openStreetMap, "1", "Kappeli"), F.venue(.foursquare, "f", "Zetor", north: 5)]
        #expect(deduplicator.merge(unrelated).count == 2)
    }

    @Test("same phone or website domain merges different names within 100 m")
    func contacts() {
        let phone = [
            F.venue(.openStreetMap, "1", "Ravintola Kaisaniemi", phone: "+358 9 632 223"),
            F.venue(.google, "g", "Kaisaniemen Juhlatila", north: 80, phone: "09 632 223"),
        ]
        #expect(deduplicator.merge(phone).first?.reasons.first?.rule == "same-phone")
        #expect(deduplicator.merge(phone).count == 1)
        let site = [
            F.venue(.openStreetMap, "1", "Maya Bar & Grill", website: "https://www.maya.fi/"),
            F.venue(.foursquare, "f", "Maya Helsinki Ravintola", east: 90, website: "http://maya.fi/menu"),
        ]
        #expect(deduplicator.merge(site).first?.reasons.first?.rule == "same-website")
        let tooFar = [site[0], F.venue(.foursquare, "f", "Maya Helsinki Ravintola", east: 120, website: "maya.fi")]
        #expect(deduplicator.merge(tooFar).count == 2)
        let social = [
            F.venue(.openStreetMap, "1", "Kulma", website: "https://www.facebook.com/kulma"),
            F.venue(.google, "g", "Nurkka", north: 10, website: "https://facebook.com/nurkka"),
        ]
        #expect(deduplicator.merge(social).count == 2)
    }

    @Test("a phone number that one provider gives to several records proves nothing")
    func sharedPhone() {
        let venues = [
            F.venue(.openStreetMap, "1", "Forum Kauppakeskus", phone: "+358 9 5657 4080"),
            F.venue(.google, "g1", "Din Sko", north: 30, phone: "09 5657 4080"),
            F.venue(.google, "g2", "Gina Tricot", north: -30, phone: "09 5657 4080"),
        ]
        #expect(deduplicator.merge(venues).count == 3)
    }

    @Test("two branches of one chain 60 m apart: each record joins its own branch, never the other")
    func chainGuard() {
        let venues = [
            F.venue(.openStreetMap, "1", "Espresso House", categories: [.cafe]),
            F.venue(.openStreetMap, "2", "Espresso House", east: 60, categories: [.cafe]),
            F.venue(.foursquare, "f1", "Espresso House", east: 8, categories: [.cafe]),
            F.venue(.foursquare, "f2", "Espresso House", east: 64, categories: [.cafe]),
            // Beyond 25 m from both and ambiguous (the other branch within 1.5 times the
            // distance): joins neither.
            F.venue(.google, "g1", "Espresso House", north: 30, east: 30, categories: [.cafe]),
        ]
        let groups = F.groups(deduplicator.merge(venues))
        #expect(groups == [["osm:node/1", "fsq:f1"], ["osm:node/2", "fsq:f2"], ["google:g1"]])
    }

    @Test("chain branches with the same street address merge beyond 25 m")
    func chainWithAddress() {
        let venues = [
            F.venue(.openStreetMap, "1", "R-kioski", address: "Kaivokatu 8, 00100 Helsinki"),
            F.venue(.openStreetMap, "2", "R-Kioski", north: 500),
            F.venue(.google, "g1", "R kioski", east: 45, address: "Kaivokatu 8, 00100 Helsinki, Finland"),
        ]
        #expect(F.groups(deduplicator.merge(venues)) == [["osm:node/1", "google:g1"], ["osm:node/2"]])
    }

    @Test("categories of different groups veto a merge; missing categories do not")
    func categoryVeto() {
        let bankAndBar = [
            F.venue(.openStreetMap, "1", "Nordea", categories: [.bank]),
            F.venue(.google, "g", "Nordea", north: 5, categories: [.bar]),
        ]
        #expect(deduplicator.merge(bankAndBar).count == 2)
        let hotelAndRestaurant = [
            F.venue(.openStreetMap, "1", "Hotel Arthur", categories: [.hotel]),
            F.venue(.google, "g", "Ravintola Arthur", north: 5, categories: [.restaurant]),
        ]
        #expect(deduplicator.merge(hotelAndRestaurant).count == 2)
        let pubAndBar = [
            F.venue(.openStreetMap, "1", "Ooster", categories: [.pub]),
            F.venue(.google, "g", "Ooster", north: 5, categories: [.bar]),
        ]
        #expect(deduplicator.merge(pubAndBar).count == 1)
        let unknown = [
            F.venue(.openStreetMap, "1", "Ooster", categories: [.pub]),
            F.venue(.google, "g", "Ooster", north: 5),
        ]
        #expect(deduplicator.merge(unknown).count == 1)
        // A record without categories is judged by the kind of place its name says it is.
        let barInCinema = [
            F.venue(.openStreetMap, "1", "Kinopalatsi", categories: [.cinema]),
            F.venue(.foursquare, "f", "Kinopalatsi Bar", north: 10),
        ]
        #expect(deduplicator.merge(barInCinema).count == 2)
        let namedCafe = [
            F.venue(.openStreetMap, "1", "Cafe Engel"),
            F.venue(.foursquare, "f", "Engel", north: 10, categories: [.cafe]),
        ]
        #expect(deduplicator.merge(namedCafe).count == 1)
        let noVeto = Deduplicator(rules: .init(categoryVeto: false))
        #expect(noVeto.merge(bankAndBar).count == 1)
    }

    @Test("records of one provider are merged only as duplicates, and a place holds one record per provider")
    func onePerProvider() {
        // Google and OpenStreetMap do not list a place twice (docs/merge.md, rule 8).
        let sameProvider = [F.venue(.google, "g1", "Kappeli"), F.venue(.google, "g2", "Kappeli", north: 3)]
        #expect(deduplicator.merge(sameProvider).count == 2)
        let osm = [F.venue(.openStreetMap, "1", "Kappeli"), F.venue(.openStreetMap, "2", "Kappeli", north: 3)]
        #expect(deduplicator.merge(osm).count == 2)

        // The closer osm record takes the Google record; the other one stays alone even though
        // the fsq record links to both.
        let venues = [
            F.venue(.openStreetMap, "1", "Kappeli"),
            F.venue(.google, "g1", "Kappeli", north: 10),
            F.venue(.foursquare, "f1", "Kappeli", north: 5),
            F.venue(.google, "g2", "Kappeli", north: 40),
        ]
        let merged = deduplicator.merge(venues)
        for place in merged {
            let providers = place.sources.map(\.id.provider)
            #expect(Set(providers).count == providers.count)
        }
        #expect(merged.map(\.sources.count).reduce(0, +) == venues.count)
    }

    @Test("input order changes neither the groups nor their canonical records", arguments: [1, 2, 3, 4, 5])
    func determinism(seed: Int) {
        var venues: [Venue] = []
        for k in 0..<30 {
            let north = Double(k % 6) * 35
            let east = Double(k / 6) * 35
            venues.append(F.venue(.openStreetMap, "\(k + 1)", "Place \(k % 9)", north: north, east: east))
            venues.append(F.venue(.foursquare, "f\(k)", "place \(k % 9)", north: north + 12, east: east - 7))
            venues.append(F.venue(.google, "g\(k)", "PLACE \(k % 9) Helsinki", north: north - 9, east: east + 14))
        }
        let expected = deduplicator.merge(venues)
        var generator = SplitMix(seed: UInt64(seed))
        let shuffled = venues.shuffled(using: &generator)
        let actual = deduplicator.merge(shuffled)
        #expect(F.groups(actual) == F.groups(expected))
        #expect(Set(actual.map(\.venue)) == Set(expected.map(\.venue)))
        #expect(Set(actual.flatMap(\.reasons)) == Set(expected.flatMap(\.reasons)))
        #expect(expected.count < venues.count)
    }

    @Test("every input record appears in exactly one output place")
    func partition() {
        let venues = (0..<50).map { k in
            F.venue([.openStreetMap, .google, .foursquare][k % 3], "\(k + 1)", "Name \(k % 7)", north: Double(k) * 7)
        }
        let ids = deduplicator.merge(venues).flatMap(\.sources).map(\.id)
        #expect(ids.count == venues.count)
        #expect(Set(ids) == Set(venues.map(\.id)))
        #expect(deduplicator.merge([]).isEmpty)
        #expect(deduplicator.merge([venues[0]]).map(\.sources) == [[venues[0]]])
    }

    @Test("merged fields follow the documented rules and the configurable priority")
    func mergedFields() throws {
        let osm = F.venue(
            .openStreetMap,
            "1",
            "Café Engel",
            categories: [.cafe],
            address: "Aleksanterinkatu 26, 00170 Helsinki",
            phone: "+358 9 652 776",
            website: "https://www.cafeengel.fi/"
        )
        let google = F.venue(
            .google,
            "g",
            "Cafe Engel",
            north: 10,
            categories: [.cafe, .bakery],
            address: "Aleksanterinkatu",
            phone: "09 652 776",
            website: "http://cafeengel.fi",
            rating: 4.4,
            ratingCount: 1200
        )
        let fsq = F.venue(
            .foursquare,
            "f",
            "Engel",
            north: 5,
            address: nil,
            website: "https://facebook.com/cafeengel",
            rating: 4.8,
            ratingCount: 30
        )
        let merged = try #require(deduplicator.merge([osm, google, fsq]).first)
        #expect(merged.sources.count == 3)
        #expect(merged.venue.id == google.id)
        #expect(merged.venue.name == "Cafe Engel")
        #expect(merged.venue.address == "Aleksanterinkatu 26, 00170 Helsinki")
        #expect(merged.venue.phone == "+358 9 652 776")
        #expect(merged.venue.website == "https://www.cafeengel.fi/")
        #expect(merged.venue.rating == 4.4)
        #expect(merged.venue.ratingCount == 1200)
        #expect(merged.venue.categories == [.cafe, .bakery])

        let osmFirst = Deduplicator(priority: [.openStreetMap, .foursquare, .google])
        let canonical = try #require(osmFirst.merge([google, fsq, osm]).first)
        #expect(canonical.venue.id == osm.id)
        #expect(canonical.venue.name == "Café Engel")
        #expect(canonical.sources.map(\.id) == [osm.id, fsq.id, google.id])
        #expect(canonical.reasons.allSatisfy { $0.first.provider != .google })
    }
}

extension DeduplicatorTests {
    @Test("records merged by hand are in the order of trust, whatever order they come in")
    func mergedByHandFollowsTheOrderOfTrust() throws {
        let osm = F.venue(.openStreetMap, "1", "Café Engel")
        let google = F.venue(.google, "g", "Cafe Engel", north: 10)
        let fsq = F.venue(.foursquare, "f", "Engel", north: 5)
        let overture = F.venue(.overture, "o", "Engel Cafe", north: 2)
        var random = SplitMix(seed: 20_261_128)
        for _ in 0..<12 {
            let records = [osm, google, fsq, overture].shuffled(using: &random)
            #expect(ProviderPriority.standard.sorted(records).map(\.id) == [google.id, fsq.id, osm.id, overture.id])
            let merged = deduplicator.merged(records)
            #expect(merged.venue.id == google.id && merged.venue.name == "Cafe Engel")
            #expect(merged.sources.map(\.id) == [google.id, fsq.id, osm.id, overture.id])
        }
        let osmFirst = ProviderPriority([.openStreetMap, .google])
        #expect(osmFirst.prefers(.openStreetMap, over: .google) && !osmFirst.prefers(.google, over: .openStreetMap))
        // Providers not listed come after the listed ones, in the order of their ids.
        #expect(osmFirst.prefers(.google, over: .foursquare) && osmFirst.prefers(.foursquare, over: .overture))
    }
}

/// A small seeded generator, so that shuffles are the same in every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Builders for deduplication tests.
enum DedupFixture {
    /// Central Helsinki (the railway station square).
    static let origin = try! Coordinate(latitude: 60.1713, longitude: 24.9414)

    /// A point `north` and `east` metres from `base`.
    static func offset(_ base: Coordinate = origin, north: Double = 0, east: Double = 0) -> Coordinate {
        let metresPerDegree = Coordinate.earthRadius * Double.pi / 180
        let latitude = base.latitude + north / metresPerDegree
        let longitude = base.longitude + east / (metresPerDegree * cos(base.latitude * Double.pi / 180))
        return try! Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A box `width` × `height` metres centred `north`/`east` metres from the origin.
    static func box(north: Double = 0, east: Double = 0, width: Double, height: Double) -> BoundingBox {
        BoundingBox(
            offset(north: north - height / 2, east: east - width / 2),
            offset(north: north + height / 2, east: east + width / 2)
        )
    }

    /// A venue of `provider` named `name`, `north`/`east` metres from the origin.
    static func venue(
        _ provider: ProviderID,
        _ native: String,
        _ name: String,
        names: [VenueName] = [],
        north: Double = 0,
        east: Double = 0,
        extent: BoundingBox? = nil,
        categories: [Category] = [],
        address: String? = nil,
        phone: String? = nil,
        website: String? = nil,
        rating: Double? = nil,
        ratingCount: Int? = nil
    ) -> Venue {
        let native = provider == .openStreetMap ? (extent == nil ? "node/" : "way/") + native : native
        return Venue(
            id: try! VenueID(provider: provider, native: native),
            name: name,
            names: names,
            coordinate: offset(north: north, east: east),
            extent: extent,
            address: address,
            categories: categories,
            phone: phone,
            website: website,
            rating: rating,
            ratingCount: ratingCount
        )
    }

    /// The merged groups as sets of id strings, independent of order.
    static func groups(_ merged: [MergedVenue]) -> Set<Set<String>> {
        Set(merged.map { Set($0.sources.map(\.id.description)) })
    }
}

@Suite("Deduplicator word containment")
struct DedupContainmentTests {
    @Test("a name of one or two letters is not 'contained' in a longer one")
    func shortNames() {
        let venues = [
            DedupFixture.venue(.openStreetMap, "1", "K"),
            DedupFixture.venue(.google, "g", "K Market Kluuvi", north: 10),
        ]
        #expect(Deduplicator().merge(venues).count == 2)
    }
}

@Suite("Deduplicator rule configuration")
struct DedupRulesTests {
    @Test("distances set to zero merge only records at the same point")
    func zeroDistances() {
        let rules = Deduplicator.Rules(sameNameDistance: 0, similarNameDistance: 0, contactDistance: 0)
        let venues = [
            DedupFixture.venue(.openStreetMap, "1", "Kappeli"),
            DedupFixture.venue(.google, "g", "Kappeli"),
            DedupFixture.venue(.foursquare, "f", "Kappeli", north: 5),
        ]
        #expect(
            DedupFixture.groups(Deduplicator(rules: rules).merge(venues)) == [
                ["osm:node/1", "google:g"], ["fsq:f"],
            ]
        )
    }

    @Test("the candidate radius caps every rule")
    func candidateRadius() {
        let rules = Deduplicator.Rules(candidateRadius: 30)
        let venues = [
            DedupFixture.venue(.openStreetMap, "1", "Kappeli"),
            DedupFixture.venue(.google, "g", "Kappeli", north: 40),
        ]
        #expect(Deduplicator(rules: rules).merge(venues).count == 2)
        #expect(Deduplicator().merge(venues).count == 1)
    }
}
