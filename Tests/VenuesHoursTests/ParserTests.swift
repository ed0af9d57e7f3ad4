import Foundation
import Testing
import VenuesTestSupport

@testable import VenuesHours

@Suite("Reading opening_hours values")
struct ParserTests {
    @Test(
        "values of every selector are read",
        arguments: [
            "24/7", "Mo-Fr 09:00-17:00", "Mo,We,Fr 10:00-12:00,14:00-18:00", "Fr-Mo 10:00-14:00",
            "Mo-Su 22:00-03:00", "Fr 18:00-26:00", "Mo-Fr 09:00-17:00; Sa 10:00-14:00; Su off",
            "Mo-Fr 08:00-12:00, We 14:00-18:00", "Mo-Fr 08:00-17:00 || \"by appointment\"",
            "\"by appointment\"", "Mo-Fr 10:00-20:00 unknown \"ask\"", "Dec 24 off", "Jan-Mar Mo 10:00-12:00",
            "Dec 24-26 off", "Apr 01-Oct 31 10:00-18:00", "2026 Dec 24 off", "easter off", "easter +1 day off",
            "Dec 25 +Mo 10:00-12:00", "Dec 25+", "week 01-53/2 Mo 10:00-12:00", "week 53 off",
            "2025-2027 Mo 10:00-12:00", "2020+ Mo 10:00-12:00", "2024-2030/2 Mo 10:00-12:00", "Su[1] 10:00-12:00",
            "Mo[-1] 10:00-12:00", "Sa[1,3] 10:00-12:00", "Sa[1-2] 10:00-12:00", "Su[-1] -1 day 10:00-12:00",
            "PH off", "PH +1 day off", "Sa,PH 10:00-14:00", "PH,Sa 10:00-14:00", "SH off", "sunrise-sunset",
            "(sunset-01:00)-(sunrise+00:30)", "dawn-dusk", "18:00+", "10:00-18:00+", "Mo 12:00",
            "10:00-16:00/01:30", "10:00-16:00/90", "mo-fr 9:00-17:00", "Mo-Fr 09:00–17:00", "Mo-Fr 09.00-17.00",
            "Mar Su[-1]-Oct Su[-1] off",
            "2025 Dec 24-2026 Jan 06 off", "Nov-Feb 10:00-16:00", "\"summer\": Jun-Aug 10:00-20:00",
            "Jan 01,Dec 24-26 off", "24/7; PH off", "Mo-Fr 08:00-17:00 OFF", "Tu, Th, Fr 12:00-17:00",
        ]
    )
    func readsValid(_ value: String) throws {
        let hours = try OpeningHours(value)
        #expect(hours.text == value)
        #expect(!hours.rules.isEmpty)
    }

    @Test(
        "values that cannot be read throw with the place",
        arguments: [
            ("", 0), ("Mo-Fr 9-17", 7), ("Mo-Fr 09:00-", 12), ("Mo-Fr 09:00-17:00;", 17), ("Mo-Fr 25:00-26:00", 6),
            ("Mo-Fr 09:60-17:00", 9), ("\"unclosed", 0), ("Mo-Fr 09:00-17:00 \"\"", 18), ("Mo-Fr 09,00-17,00", 8),
            ("Fr11:00-24:00", 2), ("Moo 10:00-12:00", 0), ("week 54", 5), ("Su[6] 10:00-12:00", 3),
            ("10:00-12:00 maybe", 12), ("24:00-26:00", 0), ("Mo-Fr 09:00-49:00", 12), ("(sunset+01:00", 13),
            ("2026-2025 off", 5), ("Jan 01-Mar off", 10),
        ] as [(String, Int)]
    )
    func throwsForInvalid(_ value: String, _ offset: Int) {
        #expect {
            try OpeningHours(value)
        } throws: { error in
            guard let error = error as? OpeningHoursSyntaxError else { return false }
            return error.offset == offset && error.message.hasSuffix("at character \(offset + 1)")
        }
    }

    @Test("the message names what was expected")
    func messageSaysWhat() {
        #expect(throws: OpeningHoursSyntaxError("expected a time after '-'", at: 12)) {
            try OpeningHours("Mo-Fr 09:00-")
        }
        #expect(throws: OpeningHoursSyntaxError("expected ':' and minutes after the hour", at: 7)) {
            try OpeningHours("Mo-Fr 9-17")
        }
    }

    @Test("a comment alone is unknown; a comment on a rule keeps the rule's kind")
    func commentKinds() throws {
        #expect(try OpeningHours("\"by appointment\"").rules[0].kind == .unknown)
        #expect(try OpeningHours("Mo 10:00-12:00 \"lunch\"").rules[0].kind == .open)
        #expect(try OpeningHours("Mo off \"closed on Mondays\"").rules[0].kind == .closed)
    }

    @Test("separators make normal, additional and fallback rules")
    func separators() throws {
        let hours = try OpeningHours("Mo 10:00-12:00; Tu 10:00-12:00, We 10:00-12:00 || \"call\"")
        #expect(hours.rules.map(\.separator) == [.normal, .normal, .additional, .fallback])
    }

    @Test("a time list after ', ' stays in the rule; a new rule after ', ' is an additional rule")
    func commaReading() throws {
        #expect(try OpeningHours("Mo 08:00-12:00, 13:00-17:00").rules.count == 1)
        #expect(try OpeningHours("Fr 18:45-23:00, 2027 13:00-17:45").rules.count == 2)
    }

    /// Pieces of the grammar, strung at random: most strings of them are not opening hours, but
    /// enough are for the evaluator to be reached.
    static let grammarPieces = [
        "Mo", "Tu", "Fr", "Sa", "Su", "PH", "SH", "Jan", "Dec", "week", "01", "53", "2026", "easter", "sunrise",
        "sunset", "dusk", "09:00", "17:00", "26:00", "00:00", "24:00", "24/7", "off", "open", "unknown", "-", "+",
        ",", ";", " ", " ", " || ", "/2", "[1]", "[-1]", "(", ")", "\"note\"", " day", "+1", ":", "5",
    ]

    @Test("random bytes, characters and grammar pieces never crash the reader or the evaluator")
    func fuzzRandomBytes() {
        for draw in SeededGenerator.draws("ParserTests.fuzzRandomBytes") {
            var (seed, generator) = draw
            let alphabet = Array(
                "0123456789:-+,;/|[]()\" MoTuWeFrSaSuPHSHJanDecweekeastersunrise\u{2013}offopen24/7\u{0}\u{FFFD}é"
            )
            var parsed = 0
            for iteration in 0..<4_000 {
                let length = Int.random(in: 0...40, using: &generator)
                let text: String
                switch iteration % 3 {
                case 0:
                    let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    text = String(decoding: bytes, as: UTF8.self)
                case 1:
                    text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                default:
                    text = (0..<(length / 4 + 1)).map { _ in Self.grammarPieces.randomElement(using: &generator)! }
                        .joined()
                }
                if let hours = try? OpeningHours(text) {
                    parsed += 1
                    let context = HoursTestSupport.context()
                    let instant = Date(timeIntervalSince1970: 1_790_000_000)
                    let evaluation = hours.evaluate(at: instant, in: context)
                    let intervals = hours.intervals(
                        from: instant,
                        to: instant.addingTimeInterval(86_400 * 3),
                        in: context
                    )
                    if let next = evaluation.nextChange {
                        #expect(next > instant, "seed \(seed): \(text.debugDescription)")
                    }
                    #expect(
                        zip(intervals, intervals.dropFirst()).allSatisfy { $0.end <= $1.start },
                        "seed \(seed): \(text.debugDescription): intervals overlap or are out of order"
                    )
                }
            }
            // Grammar pieces must be read now and then, or the evaluator is never reached.
            #expect(parsed > 0, "seed \(seed): no random text was read as opening hours")
        }
    }

    @Test("mutations of valid values never crash the reader or the evaluator")
    func fuzzMutations() {
        for draw in SeededGenerator.draws("ParserTests.fuzzMutations") {
            var (seed, generator) = draw
            let seeds = [
                "Mo-Fr 09:00-17:00; PH off", "Dec 24-26 off; Sa[1,3] 10:00-12:00", "week 01-53/2 Fr 18:00-26:00",
                "2025-2027 easter +1 day (sunset-01:00)-dusk", "Su[-1] -1 day 10:00-18:00+ || \"call\"",
            ]
            let pieces = Array("0123456789:-+,;/|[]() \"")
            for _ in 0..<4_000 {
                var characters = Array(seeds.randomElement(using: &generator)!)
                for _ in 0..<Int.random(in: 1...3, using: &generator) where !characters.isEmpty {
                    let index = Int.random(in: 0..<characters.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: characters.remove(at: index)
                    case 1: characters.insert(pieces.randomElement(using: &generator)!, at: index)
                    default: characters[index] = pieces.randomElement(using: &generator)!
                    }
                }
                if let hours = try? OpeningHours(String(characters)) {
                    let instant = Date(timeIntervalSince1970: 1_790_000_000)
                    let evaluation = hours.evaluate(at: instant, in: HoursTestSupport.context(country: nil))
                    if let next = evaluation.nextChange {
                        #expect(next > instant, "seed \(seed): \(String(characters))")
                    }
                }
            }
        }
    }
}
