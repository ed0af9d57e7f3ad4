import Foundation
import OSMFiles
import Testing
import VenuesCore

@testable import OverpassProvider

/// Documents with a DOCTYPE (the only place entities can be declared) are refused before
/// libxml2 parses them, in the remote decode path and in the local extract mode, so no entity
/// is ever expanded or loaded.
@Suite("Overpass XML: DOCTYPE and entity refusal")
struct EntityRefusalTests {
    static let venue =
        #"<node id="1" lat="60.17" lon="24.94"><tag k="amenity" v="cafe"/><tag k="name" v="X &e; Y"/></node>"#

    static let internalEntity = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE osm [<!ENTITY e "Expanded">]>
        <osm version="0.6">\(venue)</osm>
        """

    static let externalEntity = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE osm [<!ENTITY e SYSTEM "file:///etc/passwd">]>
        <osm version="0.6">\(venue)</osm>
        """

    /// Three levels of ten: 1,000 copies of "lol" if expanded (fast either way; the refusal does
    /// not depend on the depth).
    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE osm [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY e "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
        ]>
        <osm version="0.6">\(venue)</osm>
        """

    /// The same internal entity hidden by a declared UTF-7 encoding: `+ADwAIQ-` is `<!`. libxml2
    /// honours the declaration unless told to ignore it, and then expands the entity.
    static let utf7Entity =
        #"<?xml version="1.0" encoding="UTF-7"?>+ADwAIQ-DOCTYPE osm +AFsAPAAh-ENTITY e +ACI-Expanded+ACIAPgBdAD4-"#
        + #"<osm version="0.6">\#(venue)</osm>"#

    static let documents: [(label: String, xml: String)] = [
        ("internal entity", internalEntity),
        ("external SYSTEM entity", externalEntity),
        ("billion laughs", billionLaughs),
    ]

    static func isDoctypeRefusal(_ error: any Error) -> Bool {
        guard case ProviderError.invalidResponse(let message) = error else { return false }
        return message.contains("DOCTYPE")
    }

    @Test(arguments: documents)
    func decodeRefusesTheDoctype(label: String, xml: String) {
        #expect {
            try OverpassProvider.decode(overpassXML: Data(xml.utf8))
        } throws: { error in
            Self.isDoctypeRefusal(error)
        }
    }

    @Test(arguments: documents)
    func localExtractRefusesTheDoctype(label: String, xml: String) async throws {
        try await withTemporaryFile(Data(xml.utf8)) { url in
            let provider = OverpassProvider(configuration: .init(endpoint: .file(url)), httpClient: FailingHTTPClient())
            await #expect {
                try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 1000))
            } throws: { error in
                Self.isDoctypeRefusal(error) && "\(error)".contains("is not readable OSM XML")
            }
            await #expect {
                try await provider.search(VenueQuery(center: OverpassTest.helsinki, radius: 1000, term: "X"))
            } throws: { error in Self.isDoctypeRefusal(error) }
        }
    }

    /// A DOCTYPE without an internal subset (an external DTD) is refused as well.
    @Test func externalDTDIsRefused() {
        let xml = #"<!DOCTYPE osm SYSTEM "http://example.com/osm.dtd"><osm version="0.6"/>"#
        #expect {
            try OverpassProvider.decode(overpassXML: Data(xml.utf8))
        } throws: { error in
            Self.isDoctypeRefusal(error)
        }
    }

    @Test func declaredEncodingCannotHideTheDoctype() async throws {
        #expect(throws: ProviderError.self) { try OverpassProvider.decode(overpassXML: Data(Self.utf7Entity.utf8)) }
        try await withTemporaryFile(Data(Self.utf7Entity.utf8)) { url in
            let provider = OverpassProvider(configuration: .init(endpoint: .file(url)), httpClient: FailingHTTPClient())
            await #expect(throws: ProviderError.self) {
                try await provider.nearby(VenueQuery(center: OverpassTest.helsinki, radius: 1000))
            }
        }
    }

    /// In UTF-16 the bytes of `<!DOCTYPE` are interleaved with NULs, invisible to a byte scan:
    /// such documents are refused (OSM XML is UTF-8).
    @Test func utf16DocumentIsRefused() {
        var data = Data([0xFF, 0xFE])
        data.append(Self.internalEntity.data(using: .utf16LittleEndian)!)
        #expect {
            try OverpassProvider.decode(overpassXML: data)
        } throws: { error in
            guard case ProviderError.invalidResponse(let message) = error else { return false }
            return message.contains("not OSM XML") && message.contains("0xFF")
        }
    }

    /// Comments, processing instructions and a byte order mark before the root are fine, even
    /// when they mention a DOCTYPE.
    @Test func ordinaryProlog() throws {
        let xml =
            "\u{FEFF}<?xml version='1.0' encoding='UTF-8'?>\n<!-- a <!DOCTYPE x> in a comment - -->\n"
            + "<?note <!DOCTYPE in a PI ?>\n<osm version=\"0.6\">"
            + #"<node id="1" lat="60.17" lon="24.94"><tag k="amenity" v="cafe"/><tag k="name" v="A &amp; B"/></node></osm>"#
        let response = try OverpassProvider.decode(overpassXML: Data(xml.utf8))
        #expect(response.venues.map(\.name) == ["A & B"])
    }

    @Test func guardVerdictsByteByByte() {
        func verdict(_ text: String) -> XMLPrologGuard.Verdict {
            var check = XMLPrologGuard()
            var result = XMLPrologGuard.Verdict.undecided
            for byte in Array(text.utf8) {
                result = [byte].withUnsafeBytes { check.inspect($0) }
            }
            return result
        }
        #expect(verdict("<?xml version=\"1.0\"?>\n<osm") == .safe)
        #expect(verdict("<!-- <!DOCTYPE - --><?pi ?? <!DOCTYPE ?>\n<osm") == .safe)
        #expect(verdict("<?xml version=\"1.0\"?>") == .undecided)
        #expect(verdict("\u{FEFF}<osm>") == .safe)
        for refused in ["<!DOCTYPE osm>", "<?xml?><!ENTITY x 'y'>", "<![CDATA[x]]>", "\0<osm>", "<\0o", "Losm", "{}"] {
            guard case .refused = verdict(refused) else {
                Issue.record("not refused: \(refused.debugDescription)")
                continue
            }
        }
        guard case .refused(let message) = verdict("<?xml?>\n<!DOCTYPE osm>") else {
            Issue.record("a DOCTYPE after the declaration must be refused")
            return
        }
        #expect(message.contains("DOCTYPE"))
    }

    private func withTemporaryFile(_ data: Data, _ body: (URL) async throws -> Void) async throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("venues-test-\(UUID()).osm")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try await body(url)
    }
}
