import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesCore

/// ``SearchTerm`` against ``ReferenceSearchMatcher``, docs/search.md written out again: random
/// venues of real-looking words, and terms made from them as people slip (a letter dropped,
/// added, changed or two swapped, a word unfinished, a part of a compound, words in another order
/// or left out, a made-up word), must match alike, with the same score, edits and field.
@Suite("Search: the matcher against the reference reading of docs/search.md")
struct SearchTermReferenceTests {
    static let vocabulary = [
        "kahvila", "ravintola", "kahvilaravintola", "café", "caffè", "robert's", "coffee", "roberts", "äijä",
        "sushi", "japanese", "kamppi", "stockmann", "hotelli", "sokos", "vaakuna", "original", "pub", "bar",
        "grilli", "pizzeria", "helsinki", "töölö", "kallio", "ölhallen", "bistro", "zetor", "alko", "fazer",
        "kirjakauppa", "akateeminen", "kukka", "leipomo", "thai", "pho", "noodle", "burger", "vegan", "baari",
        "pikku", "iso", "uusi", "vanha", "kauppahalli", "tori", "espresso", "house", "grill", "ramen", "döner",
    ]

    /// A word of the vocabulary, or now and then a made-up one of 3–10 letters.
    static func word(using generator: inout SeededGenerator) -> String {
        if Int.random(in: 0..<6, using: &generator) == 0 {
            let letters = Array("abcdefghijklmnoprstuvyäö")
            return String(
                (0..<Int.random(in: 3...10, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            )
        }
        return vocabulary.randomElement(using: &generator)!
    }

    static func words(_ range: ClosedRange<Int>, using generator: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: range, using: &generator)).map { _ in word(using: &generator) }
    }

    /// A venue of 1–4 words, with now and then a brand, a cuisine and other names, in mixed case.
    static func fields(using generator: inout SeededGenerator) -> ReferenceSearchMatcher.Fields {
        func written(_ words: [String], using generator: inout SeededGenerator) -> String {
            words.map { Bool.random(using: &generator) ? $0.capitalized : $0 }
                .joined(separator: [" ", " ", " ", "-", " & "].randomElement(using: &generator)!)
        }
        let maybe = { (generator: inout SeededGenerator) in Int.random(in: 0..<3, using: &generator) == 0 }
        return ReferenceSearchMatcher.Fields(
            name: written(words(1...4, using: &generator), using: &generator),
            brand: maybe(&generator) ? written(words(1...2, using: &generator), using: &generator) : nil,
            cuisine: maybe(&generator) ? words(1...2, using: &generator).joined(separator: ";") : nil,
            otherNames: maybe(&generator)
                ? (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                    written(words(1...3, using: &generator), using: &generator)
                } : []
        )
    }

    /// A slip on one word: a letter dropped, added, changed or two neighbours swapped, the word
    /// cut short, or a part of it.
    static func slip(_ word: String, using generator: inout SeededGenerator) -> String {
        var letters = Array(word)
        guard letters.count >= 3 else { return word }
        let at = Int.random(in: 1..<letters.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: letters.remove(at: at)
        case 1: letters.insert(letters[at - 1], at: at)
        case 2: letters[at] = "aeiouk".randomElement(using: &generator)!
        case 3: letters.swapAt(at - 1, at)
        case 4: letters = Array(letters.prefix(max(2, at)))
        case 5: letters = Array(letters.dropFirst(min(at, letters.count - 3)))
        default: break
        }
        return String(letters)
    }

    /// A term a person might type for these fields: some of its words (or of its brand's,
    /// cuisine's or other names'), each perhaps slipped, in any order, perhaps with a made-up one.
    static func term(for fields: ReferenceSearchMatcher.Fields, using generator: inout SeededGenerator) -> String {
        let sources = [fields.name] + [fields.brand, fields.cuisine].compactMap { $0 } + fields.otherNames
        var words = ReferenceSearchMatcher.words(sources.randomElement(using: &generator)!.lowercased())
        words.shuffle(using: &generator)
        words = Array(words.prefix(Int.random(in: 1...max(1, words.count), using: &generator)))
        words = words.map { Int.random(in: 0..<3, using: &generator) == 0 ? slip($0, using: &generator) : $0 }
        if Int.random(in: 0..<8, using: &generator) == 0 { words.append(word(using: &generator)) }
        return words.joined(separator: " ")
    }

    @Test func theMatcherMatchesAsTheDocumentSays() {
        for draw in SeededGenerator.draws(
            "SearchTermReferenceTests.theMatcherMatchesAsTheDocumentSays",
            seed: 45
        ) {
            let (seed, seeded) = draw
            var generator = seeded
            var compared = 0
            var matched = 0
            var typos = 0
            var differences: [String] = []
            for _ in 0..<4_000 {
                let venue = Self.fields(using: &generator)
                // Its own term, and one made for another venue.
                for term in [
                    Self.term(for: venue, using: &generator),
                    Self.term(for: Self.fields(using: &generator), using: &generator),
                ] {
                    let reference = ReferenceSearchMatcher(term: term)
                    guard !reference.isWholeTerm else { continue }
                    let expected = reference.match(venue)
                    let text = SearchText.folded(
                        name: venue.name,
                        brand: venue.brand,
                        cuisine: venue.cuisine,
                        otherNames: venue.otherNames
                    )
                    let actual = SearchTerm(term).match(searchText: text)
                    compared += 1
                    if expected != nil { matched += 1 }
                    if (expected?.edits ?? 0) > 0 { typos += 1 }
                    if actual != expected, differences.count < 10 {
                        differences.append(
                            "\(term.debugDescription) for \(venue): \(String(describing: actual)), expected \(String(describing: expected))"
                        )
                    }
                }
            }
            #expect(differences.isEmpty, "seed \(seed): \(differences.joined(separator: "\n"))")
            // The draw reaches every kind of answer.
            #expect(
                compared > 6_000 && matched > 2_000 && typos > 200 && compared - matched > 1_000,
                "seed \(seed): \(compared) compared, \(matched) matched, \(typos) with typos"
            )
        }
    }

    @Test func theReferenceReadsTheDocumentsExamples() {
        func score(_ term: String, _ fields: ReferenceSearchMatcher.Fields) -> Int? {
            ReferenceSearchMatcher(term: term).match(fields)?.score
        }
        #expect(score("coffee", .init(name: "Robert's Coffee")) == 90)
        #expect(score("stoc", .init(name: "Stockmann")) == 80)
        #expect(score("ravintola", .init(name: "Kahvilaravintola")) == 70)
        #expect(score("Kahvlia", .init(name: "Kahvila")) == 60)
        #expect(score("Ravntla", .init(name: "Ravintola")) == 50)
        #expect(score("robert's coffee", .init(name: "Roberts Coffee")) == 100)
        #expect(score("alko", .init(name: "Alko")) == 100)
        #expect(score("alko", .init(name: "Shop", brand: "Alko")) == 88)
        #expect(score("zeto", .init(name: "Zetor")) == 80)
        #expect(score("zetr", .init(name: "Zetor")) == 60)
        #expect(score("caffe", .init(name: "Cafe")) == nil)
        #expect(ReferenceSearchMatcher.edits("kahvila", "kahvlia") == 1)
        #expect(ReferenceSearchMatcher.edits("ab", "ba") == 1)
    }
}
