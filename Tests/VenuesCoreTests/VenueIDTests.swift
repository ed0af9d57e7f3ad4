import Testing
import VenuesCore

@Suite struct VenueIDTests {
    @Test(arguments: [
        "fsq:4b0588f4f964a520bdc522e3", "google:ChIJ53I1Yn2AhYAR_Vl1vNygfMg", "osm:node/59622323", "osm:way/1",
        "osm:relation/23092",
    ])
    func roundTrips(_ text: String) throws {
        let id = try VenueID(parsing: text)
        #expect(id.description == text)
    }

    @Test func splitsProviderAndNative() throws {
        let id = try VenueID(parsing: "osm:way/225576797")
        #expect(id.provider == .openStreetMap)
        #expect(id.native == "way/225576797")
    }

    @Test(arguments: [
        "nocolon", ":abc", "FSQ:abc", "fsq:", "osm:node/", "osm:node/abc", "osm:area/1", "osm:123", "osm:node/-1",
        "osm:node/0", "osm:node/+5", "osm:node/1/2", "osm:way/18446744073709551616", "osm:nodes/1", "fsq:has space",
        "fsq:a\u{1B}b",
    ])
    func rejectsMalformed(_ text: String) {
        #expect(throws: VenueIDError.self) { try VenueID(parsing: text) }
    }

    @Test func messageListsAcceptedForms() {
        do {
            _ = try VenueID(parsing: "osm:shop/1")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("osm:node/123"))
        }
    }
}
