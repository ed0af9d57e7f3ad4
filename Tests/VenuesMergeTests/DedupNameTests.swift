import Testing
import VenuesCore
import VenuesMerge

@Suite("Name normalisation and similarity")
struct DedupNameTests {
    let normalizer = NameNormalizer()

    @Test(
        "variants of one name normalise to one key",
        arguments: [
            ("Café Engel", "Cafe Engel"),
            ("Café Engel", "Engel"),
            ("CAFE ENGEL", "engel"),
            ("Ravintola Savoy", "Savoy"),
            ("Savoy Restaurant", "savoy"),
            ("A & B", "A and B"),
            ("Juttutupa Helsinki", "Juttutupa"),
            ("Pääposti", "Paaposti"),
            ("K-Market", "Kmarket"),
            ("Robert's Coffee", "Roberts"),
            ("Robert’s", "Roberts"),
            ("Straße", "Strasse"),
            ("The Old Bar", "Old"),
            ("Het Paleis", "Paleis"),
            ("Das Boot", "Boot"),
        ]
    )
    func sameKey(first: String, second: String) {
        #expect(normalizer.normalize(first).key == normalizer.normalize(second).key)
    }

    @Test(
        "different names keep different keys",
        arguments: [
            ("Café Engel", "Café Ekberg"),
            ("Savoy", "Savonia"),
            ("A & B", "A B"),
        ]
    )
    func differentKey(first: String, second: String) {
        #expect(normalizer.normalize(first).key != normalizer.normalize(second).key)
    }

    @Test("a name made only of generic words or a city is kept whole, never emptied")
    func neverEmpty() {
        #expect(normalizer.normalize("The Bar").coreWords == ["the", "bar"])
        #expect(normalizer.normalize("Café").coreWords == ["cafe"])
        #expect(normalizer.normalize("Helsinki").coreWords == ["helsinki"])
        #expect(normalizer.normalize("Café Helsinki").coreWords == ["helsinki"])
        #expect(normalizer.normalize("!!!").coreWords == [])
    }

    @Test("folding: diacritics, case, punctuation, ampersand")
    func folding() {
        #expect(NameNormalizer.foldedWords("Kahvila Époque & Co., Ltd!") == ["kahvila", "epoque", "and", "co", "ltd"])
        #expect(NameNormalizer.foldedWords("Øresund Æble") == ["oresund", "aeble"])
        #expect(NameNormalizer.foldedWords("Москва Café") == ["москва", "cafe"])
    }

    @Test(
        "non-ASCII punctuation, spaces, symbols and controls separate words",
        arguments: [
            ("Café – Bar", ["cafe", "bar"]),
            ("Kaivokatu\u{00A0}1", ["kaivokatu", "1"]),
            ("«Savoy»", ["savoy"]),
            ("A＝B", ["a", "b"]),
            ("Mannerheimintie 5–7", ["mannerheimintie", "5", "7"]),
            ("Bar\u{0085}Baz", ["bar", "baz"]),
            ("Bar\u{202E}Baz", ["bar", "baz"]),
            ("Kahvila ☕ Kulma", ["kahvila", "kulma"]),
        ]
    )
    func nonASCIISeparators(text: String, words: [String]) {
        #expect(NameNormalizer.foldedWords(text) == words)
    }

    @Test("names and addresses with non-ASCII punctuation merge like any other")
    func nonASCIIPunctuationInAMerge() {
        let venues = [
            DedupFixture.venue(.openStreetMap, "1", "Café – Bar Kulma", address: "Aleksanterinkatu 5–7"),
            DedupFixture.venue(.google, "g", "Cafe Bar Kulma", north: 20, address: "Aleksanterinkatu 5–7, Helsinki"),
            DedupFixture.venue(.foursquare, "f", "«Ravintola» Savoy", north: 300, address: "Eteläesplanadi\u{00A0}14"),
        ]
        let merged = Deduplicator().merge(venues)
        #expect(merged.count == 2)
        #expect(merged.contains { $0.sources.count == 2 })
    }

    @Test("generic words and city suffixes are configurable")
    func configurable() {
        let plain = NameNormalizer(genericWords: [], citySuffixes: [])
        #expect(plain.normalize("Ravintola Savoy Helsinki").key == "ravintolasavoyhelsinki")
    }

    @Test("generic words imply a kind of place")
    func impliedGroups() {
        #expect(normalizer.impliedGroups(normalizer.normalize("Kinopalatsi Bar")) == [.foodAndDrink])
        #expect(normalizer.impliedGroups(normalizer.normalize("Hotelli Torni")) == [.lodging])
        #expect(normalizer.impliedGroups(normalizer.normalize("Kinopalatsi")).isEmpty)
    }

    @Test("Jaro-Winkler known values")
    func jaroWinkler() {
        #expect(abs(NameSimilarity.jaroWinkler("MARTHA", "MARHTA") - 0.961) < 0.0005)
        #expect(abs(NameSimilarity.jaroWinkler("DIXON", "DICKSONX") - 0.813) < 0.0005)
        #expect(abs(NameSimilarity.jaroWinkler("DWAYNE", "DUANE") - 0.840) < 0.0005)
        #expect(NameSimilarity.jaroWinkler("engel", "engel") == 1)
        #expect(NameSimilarity.jaroWinkler("", "") == 1)
        #expect(NameSimilarity.jaroWinkler("abc", "") == 0)
        #expect(NameSimilarity.jaroWinkler("abc", "xyz") == 0)
    }

    @Test(
        "Jaro-Winkler does not depend on argument order",
        arguments: [
            ("crate", "trace"), ("kahvila", "kahvilla"), ("aleksi", "aleksis"), ("abcd", "badc"),
        ]
    )
    func symmetric(first: String, second: String) {
        #expect(NameSimilarity.jaroWinkler(first, second) == NameSimilarity.jaroWinkler(second, first))
    }
}
