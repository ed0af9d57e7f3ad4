import Foundation
import Testing
import VenuesAggregator
import VenuesCore
import VenuesMerge

@testable import VenuesCLI
@testable import VenuesOutput

/// `--format table`: every line fits the terminal, counted in terminal columns (CJK twice as
/// wide); narrow terminals lose columns rather than overflow; ★ marks favourites; `--explain`
/// shows why sources were merged.
@Suite struct TableRendererTests {
    /// Terminal columns of test text, counted independently of `DisplayWidth`: the test data
    /// holds only ASCII, Latin-1, `★`, `…`, `·`, `©`, `└` (one column each) and CJK from the
    /// ranges below (two).
    static func columns(_ line: some StringProtocol) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x3000...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60: total + 2
            default: total + 1
            }
        }
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    /// Rows whose natural table is far wider than any terminal: long Latin, CJK and Hangul
    /// names and addresses, three sources.
    static func wideDocument(explain: Bool = false) -> ResultDocument {
        let names = [
            "Ravintola Pikkulintu ja Kumppanit Oy, Helsingin Keskustan Toimipiste",
            "東京タワー展望台カフェ・ラウンジ（トップデッキ）",
            "서울 한강 카페 라운지 전망대",
            "Short",
        ]
        let rows = names.enumerated().map { index, name in
            let venue = Venue(
                id: try! VenueID(provider: .openStreetMap, native: "node/\(index + 1)"),
                name: name,
                coordinate: try! Coordinate(latitude: 60.17, longitude: 24.94),
                address: index == 1 ? "東京都港区芝公園４丁目２−８ 東京タワー" : "Pohjoisesplanadi \(index + 11), 00100 Helsinki",
                categories: [.fastFood]
            )
            let google = Venue(
                id: try! VenueID(provider: .google, native: "ChIJ\(index)"),
                name: name,
                coordinate: venue.coordinate
            )
            let foursquare = Venue(
                id: try! VenueID(provider: .foursquare, native: "4b0\(index)"),
                name: name,
                coordinate: venue.coordinate
            )
            return ResultDocument.Row(
                merged: MergedVenue(venue: venue, sources: [venue, google, foursquare]),
                distance: Double(index) * 450.5,
                favorite: index == 1,
                explain: explain
            )
        }
        return .nearbyListing(rows, explain: explain)
    }

    @Test func displayWidthCountsTerminalColumns() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("東京タワー") == 10)
        #expect(DisplayWidth.of("서울") == 4)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}") == 2)
        #expect(DisplayWidth.of("\u{1F1EB}\u{1F1EE}") == 2)
        #expect(DisplayWidth.of("★…·") == 3)
        #expect(DisplayWidth.truncate("東京タワー", to: 6) == "東京…")
        #expect(DisplayWidth.truncate("東京タワー", to: 10) == "東京タワー")
        #expect(DisplayWidth.pad("東京", to: 7) == "東京   ")
        #expect(DisplayWidth.pad("東京タワー", to: 4, alignRight: true) == " 東…")
    }

    /// ASCII only, so `count` is the width: the arithmetic of the columns is right.
    @Test(arguments: [60, 80, 100, 120])
    func asciiLinesFitTheWidth(width: Int) {
        var document = Self.wideDocument()
        document.rows = document.rows.filter { $0.name.allSatisfy(\.isASCII) }
        let lines = Self.lines(TableRenderer.render(document, width: width))
        #expect(lines.count >= 1 + 2 + 1)
        #expect(lines[1].contains("Ravintola") && lines[2].contains("Short"))
        for line in lines {
            #expect(line.count <= width, "\(line.count) > \(width): \(line)")
        }
        // The room is used: the widest line is close to the width.
        #expect((lines.map(\.count).max() ?? 0) >= width - 4)
    }

    @Test(arguments: [40, 41, 50, 60, 72, 80, 100, 120, 200])
    func cjkAndHostileLinesFitTheWidth(width: Int) {
        var document = Self.wideDocument(explain: true)
        document.rows.append(
            ResultDocument.Row(merged: HostileOutput.mergedHostile, distance: 3, favorite: true, explain: true)
        )
        let lines = Self.lines(TableRenderer.render(document, width: width))
        #expect(lines.count > document.rows.count)
        for line in lines {
            #expect(Self.columns(line) <= width, "\(Self.columns(line)) > \(width): \(line)")
        }
        // Names are never cut to nothing: each row shows its name's beginning.
        #expect(lines.contains { $0.contains("東京タ") })
        #expect(lines.contains { $0.contains("Ravintola Pik") })
    }

    @Test(arguments: [-5, 0, 1, 5, 12, 20, 30, 39])
    func narrowerThanFortyIsBestEffort(width: Int) {
        let lines = Self.lines(TableRenderer.render(Self.wideDocument(explain: true), width: width))
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(Self.columns(line) <= max(1, width), "\(line)")
        }
    }

    @Test func narrowTerminalsDropAddressThenSources() throws {
        let header = { (width: Int) in
            String(Self.lines(TableRenderer.render(Self.wideDocument(), width: width)).first ?? "")
        }
        #expect(header(120).contains("Address") && header(120).contains("Sources"))
        #expect(!header(40).contains("Address") && !header(40).contains("Sources"))
        #expect(header(40).contains("Category"))
        // In between, the address goes before the sources.
        let middle = try #require((40...120).map(header).first { $0.contains("Sources") })
        #expect(!middle.contains("Address"))
        // The name and address shrink before a column is dropped: at the narrowest width
        // that keeps the address, the long name is cut.
        let narrowest = try #require((40...200).first { header($0).contains("Address") })
        let lines = Self.lines(TableRenderer.render(Self.wideDocument(), width: narrowest))
        #expect(lines.contains { $0.contains("Ravintola") && $0.contains("…") })
    }

    @Test func wideTerminalsShowWholeNames() {
        let table = TableRenderer.render(Self.wideDocument(), width: 200)
        #expect(table.contains("Ravintola Pikkulintu ja Kumppanit Oy, Helsingin Keskustan Toimipiste"))
        #expect(table.contains("東京タワー展望台カフェ・ラウンジ（トップデッキ）"))
        #expect(table.contains("fast food"))
        #expect(table.contains("osm+google+fsq"))
    }

    @Test func favouritesAreStarred() {
        let lines = Self.lines(TableRenderer.render(Self.wideDocument(), width: 120))
        #expect(lines[0].hasPrefix("   Name"))
        #expect(lines[1].hasPrefix("   Ravintola"))
        #expect(lines[2].hasPrefix("★  東京"))
        #expect(lines.filter { $0.hasPrefix("★") }.count == 1)
    }

    @Test func explainIsShownUnderEachVenue() throws {
        var document = Self.wideDocument(explain: true)
        document.rows[0].merge = [
            ResultDocument.Merge(
                rule: "similar-name",
                first: "osm:node/1",
                second: "google:ChIJ0",
                distance: 7.6,
                nameScore: 0.91
            )
        ]
        let lines = Self.lines(TableRenderer.render(document, width: 120))
        let first = try #require(lines.firstIndex { $0.contains("Ravintola") })
        #expect(lines[first + 1] == "   └ osm:node/1 + google:ChIJ0: similar-name, 8 m, name score 0.91")
        #expect(lines[first + 3] == "   └ osm:node/2: single source")

        let plain = TableRenderer.render(Self.wideDocument(explain: false), width: 120)
        #expect(!plain.contains("└"))
    }

    /// The evidence of a merge goes under its summary, wrapped to the width, never cut.
    @Test func explainShowsTheEvidenceWrapped() throws {
        var document = Self.wideDocument(explain: true)
        let evidence =
            "name:en \"The Lantern Carriers\" of osm:node/1 = displayName (en) \"The Lantern Carriers\" of google:ChIJ0, 7 m"
        document.rows[0].merge = [
            ResultDocument.Merge(
                rule: "other-name",
                first: "google:ChIJ0",
                second: "osm:node/1",
                distance: 7.2,
                nameScore: 1,
                evidence: evidence
            )
        ]
        let lines = Self.lines(TableRenderer.render(document, width: 60))
        let summary = try #require(lines.firstIndex { $0.hasPrefix("   └ google:ChIJ0 + osm:node/1: other-name, 7 m") })
        let wrapped = lines[(summary + 1)...].prefix { $0.hasPrefix("     ") && !$0.hasPrefix("   └") }
        #expect(wrapped.count > 1)
        #expect(wrapped.map { $0.dropFirst(5) }.joined(separator: " ") == evidence)
        #expect(lines.allSatisfy { Self.columns($0) <= 60 })
    }

    /// The attribution is wrapped, never cut, on narrow terminals.
    @Test func attributionWrapsToTheWidth() {
        let lines = Self.lines(TableRenderer.render(HostileOutput.document(), width: 40))
        let start = lines.firstIndex { $0.hasPrefix("Data: ") } ?? lines.endIndex
        let footer = lines[start...].joined(separator: " ")
        #expect(footer.contains("© OpenStreetMap contributors (ODbL)"))
        #expect(footer.contains("Google Maps"))
        #expect(footer.contains("Powered by Foursquare"))
        #expect(lines.allSatisfy { Self.columns($0) <= 40 })
    }

    @Test func emptyTableSaysWhereItLooked() {
        var document = Self.wideDocument()
        document.rows = []
        #expect(TableRenderer.render(document, width: 80) == "No venues found within 1000 m of 60.17,24.94.\n")
    }

    @Test func emptyTableAtTheDefaultCentreSaysHowToSearchElsewhere() {
        var document = Self.wideDocument()
        document.rows = []
        document.center = .amsterdamCentraal
        document.centerSource = .fallback
        let text = TableRenderer.render(document, width: 80)
        #expect(text.hasPrefix("No venues found within 1000 m of 52.3791,4.9003.\n"), "\(text)")
        #expect(
            text.split(separator: "\n").joined(separator: " ").contains(
                "give --near LAT,LON, or set defaultLocation in your configuration."
            ),
            "\(text)"
        )
        #expect(text.split(separator: "\n").allSatisfy { Self.columns($0) <= 80 }, "\(text)")
    }
}
