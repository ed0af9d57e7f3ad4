import Foundation
import Testing
import VenuesAggregator
import VenuesCore
import VenuesMerge
import VenuesTestSupport

@testable import VenuesCLI
@testable import VenuesOutput

/// Rows and documents made of hostile provider text, shared by the renderer tests.
enum HostileOutput {
    /// Terminal escapes of every kind: CSI colour, an OSC 8 hyperlink ended by BEL, a C1 CSI
    /// (U+009B) that clears the screen, NEL, DEL, NUL and bidirectional overrides and isolates.
    static let name =
        "\u{1B}[31mRed\u{1B}[0m \u{1B}]8;;http://evil\u{7}Click\u{1B}]8;;\u{7} \u{202E}gnp.exe\u{202C} "
        + "\u{2066}iso\u{2069}\u{9B}2J\u{85}\u{7F}\u{0}\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202D}\u{2067}\u{2068}"
    static let address = "Street 1\r\n\u{1B}[2Jcity\tcentre\u{2028}\u{9D}0;title\u{9C}"
    static let foursquareID = try! VenueID(provider: .foursquare, native: "abc\u{202E}123")
    static let googleID = try! VenueID(provider: .google, native: "ChIJ\u{2067}evil\u{2069}")

    /// A venue of `provider` at an offset north of Helsinki's centre.
    static func venue(
        _ id: VenueID,
        name: String,
        north: Double = 0,
        address: String? = nil,
        categories: [Category] = [],
        providerCategories: [String] = [],
        phone: String? = nil,
        website: String? = nil
    ) -> Venue {
        Venue(
            id: id,
            name: name,
            coordinate: try! Coordinate(latitude: 60.17 + north, longitude: 24.94),
            address: address,
            categories: categories,
            providerCategories: providerCategories,
            phone: phone,
            website: website
        )
    }

    /// A Foursquare venue with hostile text everywhere, merged with a Google record whose id
    /// holds bidi isolates.
    static var mergedHostile: MergedVenue {
        let first = venue(
            foursquareID,
            name: name,
            address: address,
            providerCategories: ["\u{1B}[5mblink\u{202E}"],
            phone: "\u{200E}+358 1\u{1B}[8m",
            website: "https://x.example/\u{2068}\u{1B}]52;c;AAAA\u{7}"
        )
        let second = venue(googleID, name: "Red \u{9B}Click", north: 0.0001)
        return MergedVenue(
            venue: first,
            sources: [first, second],
            reasons: [
                MergeReason(first: first.id, second: second.id, rule: "same-name", distance: 12.34, nameScore: 0.953)
            ]
        )
    }

    /// A nearby document: the hostile merged venue, a CJK name, and a long plain name.
    static func document(explain: Bool = true, favorite: Bool = false) -> ResultDocument {
        let rows = [
            ResultDocument.Row(merged: mergedHostile, distance: 12.34, favorite: favorite, explain: explain),
            ResultDocument.Row(
                merged: MergedVenue(
                    single: venue(
                        try! VenueID(provider: .openStreetMap, native: "node/1"),
                        name: "東京タワー展望台カフェ・ラウンジ（トップデッキ）\u{202E}",
                        north: 0.001,
                        address: "東京都港区芝公園４丁目２−８",
                        categories: [.cafe]
                    )
                ),
                distance: 111.2,
                favorite: false,
                explain: explain
            ),
        ]
        return .nearbyListing(rows, explain: explain)
    }

    /// What must never reach a terminal: C0 controls (but the line ends a format itself
    /// writes), DEL, C1 controls, and bidirectional controls. Written out here rather than
    /// taken from `TextSanitizer`, so that a gap in the sanitiser shows.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        return [0x061C, 0x200E, 0x200F].contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// The forbidden scalars of `text`, other than the given line ends.
    static func forbidden(in text: String, allowing allowed: Set<Unicode.Scalar> = []) -> [UInt32] {
        text.unicodeScalars.filter { isForbidden($0) && !allowed.contains($0) }.map(\.value)
    }

    /// Every string in a decoded JSON value.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.keys.map { $0 } + object.values.flatMap(strings)
        default: []
        }
    }
}

/// Issue 6: no control character, escape sequence or bidirectional control in provider data
/// reaches the user raw, in any output format.
@Suite struct OutputSafetyTests {
    @Test(arguments: [
        HostileOutput.name, HostileOutput.address, "\u{1B}[31m", "\u{1B}]8;;http://evil\u{7}", "\u{9B}31m",
        "a\u{202E}b", "\u{2066}\u{2067}\u{2068}\u{2069}", "x\u{200E}\u{200F}y", "\u{7F}\u{80}\u{9F}",
    ])
    func sanitizerLeavesNothingForbidden(_ hostile: String) {
        #expect(HostileOutput.forbidden(in: TextSanitizer.clean(hostile)).isEmpty)
    }

    @Test func sanitizerKeepsTheVisibleText() {
        #expect(TextSanitizer.clean("\u{1B}[31mRed\u{1B}[0m") == "[31mRed[0m")
        #expect(TextSanitizer.clean("\u{1B}]8;;http://evil\u{7}Click") == "]8;;http://evilClick")
        #expect(TextSanitizer.clean("\u{202E}gnp.exe\u{202C}") == "gnp.exe")
        #expect(TextSanitizer.clean("line one\r\nline\ttwo") == "line one line two")
        // Scripts and emoji sequences that need joiners are left whole.
        let kept =
            "Café 東京 مقهى\u{200C}نو 👩\u{200D}👩\u{200D}👧 \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(TextSanitizer.clean(kept) == kept)
    }

    /// White space collapses to single spaces and none is left at either end, whichever path
    /// (clean ASCII returned as it is, or the scalar-by-scalar one) the text takes.
    @Test func sanitizerCollapsesAndTrimsSpace() {
        #expect(TextSanitizer.clean("Kaivokatu 1, 00100 Helsinki") == "Kaivokatu 1, 00100 Helsinki")
        #expect(TextSanitizer.clean(" Kaivokatu  1 ") == "Kaivokatu 1")
        #expect(TextSanitizer.clean("\u{1}\u{7F}") == "")
        #expect(TextSanitizer.clean(" \u{A0}Hämeentie\u{2028}\u{3000} 3\u{85}") == "Hämeentie 3")
        #expect(TextSanitizer.clean("a \u{200B} b") == "a b")
        #expect(TextSanitizer.clean("") == "")
    }

    /// The sanitiser agrees with its first, plainly written version (the oracle below) on
    /// random mixtures of clean ASCII, every kind of space and control, and non-ASCII letters.
    @Test func sanitizerAgreesWithThePlainVersion() async {
        @Sendable func oracle(_ text: String) -> String {
            var result = String.UnicodeScalarView()
            var lastWasSpace = false
            for scalar in text.unicodeScalars {
                let isSpace: Bool
                if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == " " {
                    isSpace = true
                } else if scalar.properties.generalCategory == .control
                    || (scalar.properties.generalCategory == .format && !["\u{200C}", "\u{200D}"].contains(scalar))
                {
                    continue
                } else {
                    isSpace = scalar.properties.isWhitespace
                }
                if isSpace {
                    if !lastWasSpace { result.append(" ") }
                    lastWasSpace = true
                } else {
                    result.append(scalar)
                    lastWasSpace = false
                }
            }
            return String(result).trimmingCharacters(in: .whitespaces)
        }
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "0", "~", " ", " ", "\t", "\n", "\r", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}",
            "ä", "東", "\u{2028}", "\u{3000}", "\u{200B}", "\u{200D}", "\u{202E}", "\u{FEFF}", "👩",
        ]
        for draw in SeededGenerator.draws("sanitizerAgreesWithThePlainVersion", seed: 20_261_134) {
            let (seed, seeded) = draw
            // On a thread of its own: the loopback servers of the tests beside it keep answering.
            let differing = await offCooperativePool { () -> [String] in
                var generator = seeded
                var differing: [String] = []
                for _ in 0..<2000 {
                    let length = Int.random(in: 0...12, using: &generator)
                    let text = String(
                        String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                    )
                    if TextSanitizer.clean(text) != oracle(text) { differing.append(text.debugDescription) }
                }
                return differing
            }
            #expect(differing.isEmpty, "seed \(seed): \(differing.prefix(10))")
        }
    }

    /// Invisible format characters (Unicode Cf) that are not bidi controls go too.
    @Test func sanitizerRemovesInvisibleFormatCharacters() {
        #expect(
            TextSanitizer.clean("zero\u{200B}width\u{2060}joiner\u{FEFF}bom\u{00AD}shy\u{FFF9}")
                == "zerowidthjoinerbomshy"
        )
    }

    @Test(arguments: [40, 80, 120])
    func tableHasNoForbiddenCharacters(width: Int) {
        let table = TableRenderer.render(HostileOutput.document(), width: width)
        #expect(HostileOutput.forbidden(in: table, allowing: ["\n"]).isEmpty, "\(table.debugDescription)")
    }

    @Test func csvHasNoForbiddenCharacters() {
        let csv = CSVRenderer.render(HostileOutput.document())
        #expect(HostileOutput.forbidden(in: csv, allowing: ["\r", "\n"]).isEmpty, "\(csv.debugDescription)")
        // The line ends are only the record separators: three records, no stray CR or LF.
        #expect(csv.components(separatedBy: "\r\n").count == 4)
        #expect(!csv.replacingOccurrences(of: "\r\n", with: "").unicodeScalars.contains { $0 == "\r" || $0 == "\n" })
    }

    @Test func jsonAndGeoJSONHaveNoForbiddenCharacters() throws {
        for text in [
            try JSONRenderer.render(HostileOutput.document()), try GeoJSONRenderer.render(HostileOutput.document()),
        ] {
            // Raw: JSON escapes C0 controls itself, but would pass C1 and bidi controls through.
            #expect(HostileOutput.forbidden(in: text, allowing: ["\n"]).isEmpty)
            let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8))
            let strings = HostileOutput.strings(in: decoded)
            #expect(strings.contains { $0.contains("Red") })
            for string in strings {
                #expect(HostileOutput.forbidden(in: string).isEmpty, "\(string.debugDescription)")
            }
        }
    }

    /// The merge ids of `--explain` are provider text too.
    @Test func explainMergeIDsAreSanitised() throws {
        let document = HostileOutput.document(explain: true)
        let merge = try #require(document.rows.first?.merge?.first)
        #expect(merge.first == "fsq:abc123")
        #expect(merge.second == "google:ChIJevil")

        let table = TableRenderer.render(document, width: 120)
        #expect(table.contains("   └ fsq:abc123 + google:ChIJevil: same-name, 12 m, name score 0.95"), "\(table)")

        let json = try JSONSerialization.jsonObject(with: Data(try JSONRenderer.render(document).utf8))
        let venues = try #require((json as? [String: Any])?["venues"] as? [[String: Any]])
        let reasons = try #require(venues.first?["merge"] as? [[String: Any]])
        #expect(reasons.first?["first"] as? String == "fsq:abc123")
        #expect(reasons.first?["second"] as? String == "google:ChIJevil")
    }
}
