import Foundation
import OSMModel
import Testing
import VenuesCore

@testable import OverpassProvider

@Suite("Overpass query builder")
struct QueryBuilderTests {
    @Test func nearbyQueryIsTheUnionOfTheFourVenueKeys() throws {
        let selection = try OSMSelection(categories: [], term: nil)
        let query = OverpassQueryBuilder.query(
            center: OverpassTest.helsinki,
            radius: 500,
            selection: selection,
            timeout: 10
        )
        #expect(
            query == """
                [out:xml][timeout:10];
                (
                  nwr(around:500,60.171634,24.944295)["name"]["amenity"];
                  nwr(around:500,60.171634,24.944295)["name"]["shop"];
                  nwr(around:500,60.171634,24.944295)["name"]["tourism"];
                  nwr(around:500,60.171634,24.944295)["name"]["leisure"];
                );
                out bb tags;

                """
        )
    }

    @Test func timeoutIsRoundedUpToWholeSeconds() throws {
        let selection = try OSMSelection(categories: [], term: nil)
        let query = OverpassQueryBuilder.query(
            center: OverpassTest.helsinki,
            radius: 1,
            selection: selection,
            timeout: 2.2
        )
        #expect(query.hasPrefix("[out:xml][timeout:3];"))
        #expect(OverpassQueryBuilder.serverTimeout(0.1) == 1)
        #expect(OverpassQueryBuilder.serverTimeout(.infinity) == 1)
    }

    @Test func coordinatesArePlainDecimals() {
        #expect(OverpassQueryBuilder.decimal(0.00001) == "0.00001")
        #expect(OverpassQueryBuilder.decimal(-33.8688) == "-33.8688")
        #expect(OverpassQueryBuilder.decimal(52) == "52")
        #expect(OverpassQueryBuilder.decimal(-0.00000001) == "0")
    }

    @Test func categoriesBecomeTagFilters() throws {
        let selection = try OSMSelection(
            categories: [.cafe, .restaurant, .museum, .shop, .supermarket, .park],
            term: nil
        )
        let query = OverpassQueryBuilder.query(
            center: OverpassTest.helsinki,
            radius: 300,
            selection: selection,
            timeout: 10
        )
        let statements = query.split(separator: "\n").filter { $0.hasPrefix("  nwr") }.map { String($0.dropFirst(2)) }
        let around = "nwr(around:300,60.171634,24.944295)[\"name\"]"
        #expect(
            statements == [
                around + "[\"amenity\"~\"^(cafe|restaurant)$\"];",
                around + "[\"leisure\"~\"^(garden|park)$\"];",
                around + "[\"shop\"];",  // shop (any) includes supermarket
                around + "[\"tourism\"=\"museum\"];",
            ]
        )
    }

    @Test func termIsMatchedInNameBrandAndCuisine() throws {
        let selection = try OSMSelection(categories: [.cafe], term: "  Fazer  ")
        let query = OverpassQueryBuilder.query(
            center: OverpassTest.helsinki,
            radius: 500,
            selection: selection,
            timeout: 10
        )
        let around = "nwr(around:500,60.171634,24.944295)"
        #expect(query.contains(around + "[\"name\"~\"F[aáàâäåÁÀÂÄÅ][zžŽ][eéèêëÉÈÊË]r\",i][\"amenity\"=\"cafe\"];"))
        #expect(
            query.contains(
                around + "[\"name\"][\"brand\"~\"F[aáàâäåÁÀÂÄÅ][zžŽ][eéèêëÉÈÊË]r\",i][\"amenity\"=\"cafe\"];"
            )
        )
        #expect(
            query.contains(
                around + "[\"name\"][\"cuisine\"~\"F[aáàâäåÁÀÂÄÅ][zžŽ][eéèêëÉÈÊË]r\",i][\"amenity\"=\"cafe\"];"
            )
        )
    }

    @Test(arguments: [
        ("a.b", #""a\\.b""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"back\slash"#, #""back\\\\slash""#),
        ("\"];out;", #""\"];out;""#),
        ("(x)|[y]{2}*+?^$", #""\\(x\\)\\|\\[y]\\{2}\\*\\+\\?\\^\\$""#),
        ("line\nbreak\ttab", #""line\nbreak\ttab""#),
        ("it's", #""it\'s""#),
        ("Kahvila Ä", "\"Kahvila Ä\""),
    ])
    func termIsEscapedForRegexAndString(term: String, literal: String) {
        #expect(OverpassQueryBuilder.stringLiteral(OverpassQueryBuilder.regexLiteral(term)) == literal)
    }

    @Test func emptyAndControlCharacterTermsAreRejected() {
        #expect(throws: ProviderError.badRequest("the search term is empty")) {
            try OSMSelection(categories: [], term: "  \n ")
        }
        #expect(throws: ProviderError.self) { try OSMSelection(categories: [], term: "a\u{0}b") }
        #expect(throws: ProviderError.self) { try OSMSelection(categories: [], term: "a\rb") }
    }

    @Test func formBodyEncodesEveryReservedByte() {
        let body = String(decoding: OverpassRequestFactory.formBody("a+b c&d=e;\"ä\""), as: UTF8.self)
        #expect(body == "data=a%2Bb%20c%26d%3De%3B%22%C3%A4%22")
    }
}
