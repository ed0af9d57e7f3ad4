import Foundation
import Testing
import VenuesAggregator
import VenuesCore
import VenuesMerge

@testable import VenuesCLI
@testable import VenuesOutput

/// `--format csv`: RFC 4180 records with CRLF line ends, quoting where needed, cells that a
/// spreadsheet would run as a formula neutralised, and favourites' note and date.
@Suite struct CSVRendererTests {
    /// Parses RFC 4180 text into records of fields (quoted fields may hold commas, doubled
    /// quotes and line breaks; records end in CRLF).
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.unicodeScalars.append(scalars.removeFirst())
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"", field.isEmpty {
                quoted = true
            } else if scalar == "," {
                record.append(field)
                field = ""
            } else if scalar == "\r", scalars.first == "\n" {
                scalars.removeFirst()
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty { records.append(record + [field]) }
        return records
    }

    static func document(names: [String], longitude: Double = 24.94) -> ResultDocument {
        let rows = names.enumerated().map { index, name in
            ResultDocument.Row(
                merged: MergedVenue(
                    single: Venue(
                        id: try! VenueID(provider: .openStreetMap, native: "node/\(index + 1)"),
                        name: name,
                        coordinate: try! Coordinate(latitude: 60.17, longitude: longitude),
                        address: "Mannerheimintie \(index + 1), Helsinki",
                        categories: [.cafe, .bar],
                        phone: "+358 9 123",
                        website: "-https://x.example"
                    )
                ),
                distance: 12.5,
                favorite: false,
                explain: false
            )
        }
        return .nearbyListing(rows)
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://evil\",\"x\")", "'=HYPERLINK(\"http://evil\",\"x\")"),
        ("+1+2", "'+1+2"), ("-2+3", "'-2+3"), ("@SUM(A1:A2)", "'@SUM(A1:A2)"), ("Café = good", "Café = good"),
    ])
    func formulaCellsAreNeutralised(_ name: String, _ expected: String) throws {
        let records = Self.parse(CSVRenderer.render(Self.document(names: [name])))
        #expect(records.count == 2)
        let row = try #require(records.last)
        #expect(row.count == CSVRenderer.header.count)
        #expect(row[1] == expected)
        // Other text cells too; numbers (a negative longitude included) are left as numbers.
        #expect(row[8] == "'-https://x.example")
        #expect(row[7] == "'+358 9 123")
    }

    @Test func negativeNumbersAreNotNeutralised() throws {
        let row = try #require(Self.parse(CSVRenderer.render(Self.document(names: ["A"], longitude: -0.125))).last)
        #expect(row[3] == "-0.125")
    }

    /// Tab and CR never survive sanitising into a row, so the cell function is tested directly.
    @Test func tabAndCarriageReturnAtTheStartAreNeutralised() {
        #expect(CSVRenderer.text("\tcmd") == "'\tcmd")
        #expect(CSVRenderer.text("\rcmd") == "\"'\rcmd\"")
        #expect(CSVRenderer.text("") == "")
        #expect(CSVRenderer.text(nil) == "")
    }

    @Test func fieldsAreQuotedPerRFC4180() {
        #expect(CSVRenderer.field("plain") == "plain")
        #expect(CSVRenderer.field("a,b") == "\"a,b\"")
        #expect(CSVRenderer.field("Bar \"Moe\"") == "\"Bar \"\"Moe\"\"\"")
        #expect(CSVRenderer.field("a\nb") == "\"a\nb\"")
        #expect(CSVRenderer.field("a\rb") == "\"a\rb\"")
        // "\r\n" is a single Character in Swift, equal to neither "\r" nor "\n".
        #expect(CSVRenderer.field("a\r\nb") == "\"a\r\nb\"")
    }

    @Test func recordsEndInCRLFAndRoundTrip() throws {
        let names = ["Bar \"Moe\", Springfield", "Kahvila, \"Aurinko\"", "東京 カフェ"]
        let csv = CSVRenderer.render(Self.document(names: names))
        #expect(csv.hasSuffix("\r\n"))
        #expect(!csv.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let records = Self.parse(csv)
        #expect(records.first == CSVRenderer.header)
        #expect(records.dropFirst().map { $0[1] } == names)
        #expect(records.dropFirst().allSatisfy { $0.count == CSVRenderer.header.count })
        #expect(records.dropFirst().first?[5] == "Mannerheimintie 1, Helsinki")
        #expect(records.dropFirst().first?[6] == "cafe;bar")
    }

    /// The documented header of nearby and search listings is unchanged.
    @Test func listingHeaderIsTheDocumentedOne() {
        let csv = CSVRenderer.render(Self.document(names: ["A"]))
        #expect(
            csv.hasPrefix(
                "id,name,latitude,longitude,distance,address,categories,phone,website,rating,favorite,open,sources,attribution\r\n"
            )
        )
    }

    /// Favourites listings carry the note and date of the JSON output, the note neutralised.
    @Test func favoritesHaveNoteAndAddedAt() throws {
        var document = Self.document(names: ["Kahvila", "Baari"])
        document.kind = .favorites
        document.rows[0].note = "=cmd|' /C calc'!A0, \"best\" coffee"
        document.rows[0].addedAt = "2025-01-02T03:04:05Z"
        let records = Self.parse(CSVRenderer.render(document))
        #expect(records.first == CSVRenderer.header + ["note", "addedAt"])
        #expect(records.count == 3)
        #expect(records[1].suffix(2) == ["'=cmd|' /C calc'!A0, \"best\" coffee", "2025-01-02T03:04:05Z"])
        #expect(records[2].suffix(2) == ["", ""])
        #expect(records.allSatisfy { $0.count == CSVRenderer.header.count + 2 })
    }
}
