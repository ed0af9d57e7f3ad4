import Testing
import VenuesCore
import VenuesTestSupport

/// The matching every local search and the ranking share: each rule, positive and negative.
@Suite("Search: forgiving matching of a term's words")
struct SearchTermTests {
    /// A venue's search text from a name and, optionally, a brand, cuisine and other names.
    static func text(_ name: String, brand: String? = nil, cuisine: String? = nil, other: [String] = []) -> String {
        SearchText.folded(name: name, brand: brand, cuisine: cuisine, otherNames: other)
    }

    static func match(_ term: String, _ name: String, brand: String? = nil, other: [String] = []) -> VenueMatch? {
        SearchTerm(term).match(searchText: text(name, brand: brand, other: other))
    }

    @Test func theNameAsWrittenIsAnExactName() {
        #expect(Self.match("Robert's Coffee", "Robert's Coffee") == VenueMatch(score: 100, edits: 0, field: .name))
        #expect(Self.match("ROBERTS coffee", "Robert’s Coffee")?.score == 100, "case, apostrophes")
        #expect(Self.match("Cafe Ekberg", "Café Ekberg")?.score == 100, "diacritics")
    }

    @Test func wordsMatchInAnyOrderAndWithAWordLeftOut() {
        #expect(Self.match("Coffee Robert's", "Robert's Coffee")?.score == 90)
        #expect(Self.match("Kappeli Ravintola", "Ravintola Kappeli")?.score == 90)
        #expect(Self.match("Cafe Helsinki", "Cafe Regatta Helsinki")?.score == 90, "a middle word left out")
        #expect(Self.match("Cafe Tampere", "Cafe Regatta Helsinki") == nil, "every word must match")
    }

    @Test func onlyTheLastWordMayBeUnfinished() {
        #expect(Self.match("stoc", "Stockmann")?.score == 80)
        #expect(Self.match("herkku st", "Stockmann Herkku")?.score == 80)
        #expect(
            Self.match("st herkku", "Stockmann Herkku") == nil,
            "a two-letter word that is not last is a whole word"
        )
        // Three letters or more are also found inside a word, wherever the word stands.
        #expect(Self.match("stoc herkku", "Stockmann Herkku")?.score == 70)
    }

    @Test func aWordOfThreeLettersOrMoreIsFoundInsideACompound() {
        #expect(Self.match("kahvila", "Kahvilaravintola Sävy")?.score == 80, "its start: a prefix")
        #expect(Self.match("ravintola kahvila", "Kahvilaravintola Sävy")?.score == 70)
        #expect(Self.match("ravintola sävy", "Kahvilaravintola Sävy")?.score == 70)
        #expect(Self.match("vin sävy", "Kahvilaravintola Sävy")?.score == 70)
        #expect(Self.match("vi sävy", "Kahvilaravintola Sävy") == nil, "two letters are not looked for inside a word")
    }

    @Test func typosAreForgivenByTheLengthOfTheWordMeant() {
        // None up to 4 letters.
        #expect(Self.match("Cafw", "Cafe") == nil)
        #expect(Self.match("Caffe", "Cafe") == nil, "a letter doubled in a 4-letter word")
        #expect(Self.match("Zetr", "Zetor")?.edits == 1, "a letter dropped from a 5-letter word")
        #expect(Self.match("Ravintla", "Ravintola")?.edits == 1)
        #expect(Self.match("Ravntla", "Ravintola")?.edits == 2, "two dropped from a 9-letter word")
        #expect(Self.match("Kahvlaa", "Kahvila") == nil, "two typos in a 7-letter word")
        #expect(Self.match("Zetor", "Zetor")?.score == 100)
        // One from 5 to 8: a neighbouring key, a dropped, a doubled letter, a swap.
        #expect(Self.match("Zetpr", "Zetor") == VenueMatch(score: 60, edits: 1, field: .name))
        #expect(Self.match("Kahvla", "Kahvila")?.edits == 1)
        #expect(Self.match("Kahhvila", "Kahvila")?.edits == 1)
        #expect(Self.match("Kahvlia", "Kahvila")?.edits == 1, "a swap of neighbours is one edit")
        #expect(Self.match("Kahvlua", "Kahvila") == nil, "two typos in a 7-letter word")
        #expect(Self.match("Zteor", "Zetor")?.edits == 1)
        #expect(Self.match("Zetxx", "Zetor") == nil)
        // Two from 9.
        #expect(Self.match("Stokcmann", "Stockmann")?.edits == 1)
        #expect(Self.match("Stokcmanm", "Stockmann") == VenueMatch(score: 50, edits: 2, field: .name))
        #expect(Self.match("Stkcmanm", "Stockmann") == nil, "three typos")
        #expect(Self.match("Robert's Cofee", "Robert's Coffee")?.edits == 1)
    }

    @Test func aTermOfOneOrTwoLettersIsLookedForInsideTheFields() {
        #expect(Self.match("ä", "Äijä")?.score == 80)
        #expect(Self.match("ij", "Äijä")?.score == 70)
        #expect(Self.match("Ab", "ab")?.score == 100)
        #expect(Self.match("zz", "Äijä") == nil)
    }

    @Test func theNameRanksAboveOtherNamesTheBrandAndTheCuisine() throws {
        let inName = try #require(Self.match("Alko", "Alko"))
        let inOtherName = try #require(Self.match("Alko", "Myymälä 42", other: ["Alko"]))
        let inBrand = try #require(Self.match("Alko", "Myymälä 42", brand: "Alko"))
        let cuisine = try #require(SearchTerm("pizza").match(searchText: Self.text("Luigi", cuisine: "pizza;italian")))
        #expect(inName.field == .name && inOtherName.field == .otherName && inBrand.field == .brand)
        #expect(cuisine.field == .cuisine)
        #expect(inName > inOtherName && inOtherName > inBrand && inBrand > cuisine)
        #expect(inBrand.score == 88 && cuisine.score == 87)
    }

    @Test func betterMatchesRankFirst() throws {
        let exact = try #require(Self.match("Stockmann", "Stockmann"))
        let word = try #require(Self.match("Stockmann", "Stockmann Herkku"))
        let prefix = try #require(Self.match("Stock", "Stockmann"))
        let inside = try #require(Self.match("tockman", "Stockmann"))
        let typo = try #require(Self.match("Stokcmann", "Stockmann"))
        let twoTypos = try #require(Self.match("Stokcmanm", "Stockmann"))
        #expect(
            [exact, word, prefix, inside, typo, twoTypos]
                == [exact, word, prefix, inside, typo, twoTypos].sorted(by: >)
        )
        #expect(Set([exact, word, prefix, inside, typo, twoTypos].map(\.score)).count == 6)
        #expect(VenueMatch.ranksFirst(typo, nil) == true && VenueMatch.ranksFirst(nil, typo) == false)
        #expect(VenueMatch.ranksFirst(typo, typo) == nil && VenueMatch.ranksFirst(nil, nil) == nil)
    }

    @Test func aVenueIsMatchedByItsNamesBrandAndCuisine() throws {
        let venue = Venue(
            id: try VenueID(provider: .openStreetMap, native: "node/1"),
            name: "Myymälä",
            names: [VenueName("Myymälä", source: "name"), VenueName("Shop", source: "name:en")],
            coordinate: try Coordinate(latitude: 60, longitude: 25),
            extras: ["brand": "Alko", "cuisine": "wine"]
        )
        #expect(SearchTerm("shop").match(venue)?.score == 95)
        #expect(SearchTerm("alko").match(venue)?.field == .brand)
        #expect(SearchTerm("wine myymala").match(venue)?.field == .cuisine)
        #expect(SearchTerm("beer").match(venue) == nil)
    }

    @Test func wordsAreRunsOfLettersAndDigits() {
        func words(_ text: String) -> [String] { SearchWords.words(text).map { SearchWords.string($0) } }
        #expect(words("robert's coffee") == ["roberts", "coffee"])
        #expect(words("7-eleven & co.") == ["7", "eleven", "co"])
        #expect(words("'quoted' it's") == ["quoted", "its"])
        #expect(words("寿司 москва") == ["寿司", "москва"])
        #expect(words("a\u{1F}b") == ["a", "b"])
    }
}

/// The bounded edit distance against the reference's plain one (the whole table, no bound), on
/// random words.
@Suite("Search: edit distance")
struct EditDistanceTests {
    @Test func theBoundedDistanceIsThePlainOneWhereItIsWithinTheBound() {
        let seed = UInt64(20_261_126)
        var generator = SeededGenerator(state: seed)
        for _ in 0..<5_000 {
            let alphabet: [UInt32] = [97, 98, 99, 100]
            let a = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
            }
            let b = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
            }
            let limit = Int.random(in: 0...3, using: &generator)
            let plain = ReferenceSearchMatcher.edits(a, b)
            let bounded = a.withUnsafeBufferPointer { left in
                b.withUnsafeBufferPointer { right in EditDistance.distance(left, right, limit: limit) }
            }
            #expect(bounded == (plain <= limit ? plain : nil), "seed \(seed): \(a) \(b) limit \(limit)")
        }
    }
}
