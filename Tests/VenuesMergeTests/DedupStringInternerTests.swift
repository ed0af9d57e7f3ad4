import Testing
import VenuesTestSupport

@testable import VenuesMerge

@Suite("String interning for the merge")
struct DedupStringInternerTests {
    @Test("ids in the order first seen, one per distinct string, through many growths of the table")
    func idsInOrder() {
        for draw in SeededGenerator.draws("idsInOrder", seed: 17) {
            let (seed, generator) = draw
            var random = generator
            var interner = StringInterner()
            var reference: [String: Int32] = [:]
            let letters = Array("abcdefghijklmnopqrstuvwxyzåäö ")
            for _ in 0..<60_000 {
                let length = Int.random(in: 0...6, using: &random)
                let string = String((0..<length).map { _ in letters.randomElement(using: &random)! })
                let expected = reference[string]
                let (id, isNew) = interner.intern(string)
                #expect(isNew == (expected == nil), "\(string) (seed \(seed))")
                #expect(id == expected ?? Int32(reference.count), "\(string) (seed \(seed))")
                if expected == nil { reference[string] = id }
            }
            #expect(interner.count == reference.count)
            #expect(reference.count > 20_000, "the table grew many times")
            for (string, id) in reference {
                #expect(interner.strings[Int(id)] == string)
            }
        }
    }

    @Test("strings are told apart by their bytes: one text in two normal forms is two strings")
    func bytes() {
        var interner = StringInterner(capacity: 4)
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(interner.intern(composed) == (0, true))
        #expect(interner.intern(decomposed) == (1, true))
        #expect(interner.intern("") == (2, true))
        #expect(interner.intern(composed) == (0, false))
    }
}
