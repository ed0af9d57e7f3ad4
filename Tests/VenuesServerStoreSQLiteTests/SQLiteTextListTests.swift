import Foundation
import Testing

@testable import VenuesServerStoreSQLite

@Suite("SQLiteTextList: the lists of a favourite's row, read without JSONDecoder")
struct SQLiteTextListTests {
    @Test(
        "every list JSONEncoder writes reads back the same",
        arguments: [
            [], ["cafe"], ["osm:node/1", "fsq:4b0588f4f964a520bdc522e3"], ["quote \" and \\ backslash"],
            ["tab\tnewline\ncontrol\u{01}"], ["Kahvila Ääni ☕️", "𝄞 clef", "日本語"], ["", " "],
        ] as [[String]]
    )
    func roundTrip(items: [String]) throws {
        let text = SQLiteTextList.encode(items)
        #expect(StringArrayParser.parse(text) == items, "\(text)")
        #expect(try SQLiteTextList.decode(text) == items)
    }

    @Test("escapes and white space as JSON allows them")
    func jsonForms() {
        #expect(StringArrayParser.parse(#" [ "a" , "b\/c" ] "#) == ["a", "b/c"])
        #expect(StringArrayParser.parse(#"["\u00e4\ud834\udd1e"]"#) == ["ä𝄞"])
    }

    @Test("what is not plainly an array of strings is left to JSONDecoder, whose verdict stands")
    func refusals() {
        for text in [#"["a""#, #"["a",]"#, "[1]", #"{"a":1}"#, #"["\x"]"#, #"["\ud834"]"#, #"["a"] x"#, "[\"\u{01}\"]"]
        {
            #expect(StringArrayParser.parse(text) == nil, "\(text)")
            let decoder = try? JSONDecoder().decode([String].self, from: Data(text.utf8))
            #expect((try? SQLiteTextList.decode(text)) == decoder, "\(text)")
        }
        #expect(throws: (any Error).self) { try SQLiteTextList.decode("[1]") }
    }
}
