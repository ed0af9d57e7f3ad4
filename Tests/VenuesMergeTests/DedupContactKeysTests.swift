import Testing
import VenuesCore
import VenuesMerge
import VenuesTestSupport

@Suite("Phone, website and address keys")
struct DedupContactKeysTests {
    @Test(
        "international and national forms of one number agree",
        arguments: [
            ("+358 9 632 223", "09 632 223"),
            ("+358-9-632223", "(09) 632223"),
            ("00358 44 945 9423", "044 945 9423"),
            ("+358449459423", "044-945-9423"),
            ("+31 20 123 4567", "020 123 4567"),
            ("+49 30 1234567", "030 1234567"),
        ]
    )
    func phonesAgree(first: String, second: String) {
        #expect(ContactKeys.phone(first) != nil)
        #expect(ContactKeys.phone(first) == ContactKeys.phone(second))
    }

    @Test("different or too short numbers do not agree")
    func phonesDiffer() {
        #expect(ContactKeys.phone("+358 9 632 223") != ContactKeys.phone("+358 9 632 224"))
        #expect(ContactKeys.phone("112") == nil)
        #expect(ContactKeys.phone("n/a") == nil)
    }

    @Test("registrable domain without www, scheme, path or port")
    func domains() {
        #expect(ContactKeys.domain("https://www3.hilton.com/en/hotels/x?y=1") == "hilton.com")
        #expect(ContactKeys.domain("http://www.maya.fi/") == "maya.fi")
        #expect(ContactKeys.domain("maya.fi") == "maya.fi")
        #expect(ContactKeys.domain("HTTPS://Shop.Example.co.uk:8443/a") == "example.co.uk")
        #expect(ContactKeys.domain("https://www.facebook.com/RavintolalaivaMaria") == nil)
        #expect(ContactKeys.domain("https://sites.google.com/view/x") == nil)
        #expect(ContactKeys.domain("not a url") == nil)
    }

    @Test("a domain read from bytes is the one read character by character")
    func domainsAgreeWithAReadingByCharacters() {
        // Pieces of web addresses as people type them, and stray text.
        let pieces = [
            "https://", "http://", "HTTP://", " ", "www.", "www3.", "shop.", "Example", "maya", "co", "com", "uk",
            "fi", "org", ".", "..", ":8443", "/", "/en/x", "?y=1", "#top", "facebook.com", "sites.google.com",
            "linktr.ee", "ä", "Ω", "рф", "中", "-", "a:b", "://",
        ]
        for (seed, generator) in SeededGenerator.draws("DedupContactKeysTests.domains", seed: 11) {
            var random = generator
            for _ in 0..<2_000 {
                let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)!
                }
                .joined()
                #expect(ContactKeys.domain(text) == Self.domainByCharacters(text), "seed \(seed): \(text)")
            }
        }
    }

    /// The registrable domain as `ContactKeys.domain` first read it, character by character.
    static func domainByCharacters(_ text: String) -> String? {
        var rest = Substring(text.lowercased())
        rest = rest.drop { $0 == " " }
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        let labels = host.split(separator: ".").map(String.init)
        guard labels.count >= 2 else { return nil }
        let secondLevel: Set = ["co", "com", "org", "net", "ac", "gov", "edu", "ltd", "plc"]
        let take =
            labels.count >= 3 && labels[labels.count - 1].count == 2 && secondLevel.contains(labels[labels.count - 2])
            ? 3 : 2
        let registrable = labels.suffix(take).joined(separator: ".")
        let shared = ContactKeys.sharedHosts
        return shared.contains(registrable) || shared.contains(labels.joined(separator: ".")) ? nil : registrable
    }

    @Test("street and number of an address")
    func addresses() {
        #expect(ContactKeys.address("Kaivokatu 1, 00100 Helsinki, Finland") == "kaivokatu 1")
        #expect(ContactKeys.address("Kaivokatu 1") == ContactKeys.address("KAIVOKATU 1, 00100 Helsinki"))
        #expect(ContactKeys.address("Rautatientori, 00100 Helsinki") == nil)
        // The part that names a street and a number, wherever it is; a postcode is not one.
        #expect(ContactKeys.address("Asemahalli, Kaivokatu 1, 00100 Helsinki") == "kaivokatu 1")
        #expect(ContactKeys.address("00100 Helsinki") == nil)
        #expect(ContactKeys.address("00100 Helsinki, Finland") == nil)
    }

    @Test(
        "a street and a house number, not a postcode and a town",
        arguments: [
            ("Mikonkatu 18, 00100 Helsinki", true), ("Mikonkatu 18", true), ("Damrak 1-5", true),
            ("Aleksanterinkatu 13 B", true), ("Fredrikinkatu 18a", true), ("18 Main Street", true),
            ("5 rue Royale, 75008 Paris", true), ("00100 Helsinki", false), ("00100 Helsinki, Finland", false),
            ("Helsinki 00100", false), ("1012 AB Amsterdam", false), ("1000 København", false),
            ("Rautatientori", false), ("", false),
        ]
    )
    func streetAndNumber(address: String, expected: Bool) {
        #expect(ContactKeys.hasStreetAndNumber(address) == expected)
    }

    /// Issue 17: the merge promised "an address with a house number" but took any digit, so a
    /// postcode won.
    @Test("the merged address is one with a street and number, not the first with a digit")
    func mergedAddressPrefersStreetAndNumber() throws {
        let google = DedupFixture.venue(.google, "g", "Maya Bar & Grill", address: "00100 Helsinki, Finland")
        let osm = DedupFixture.venue(.openStreetMap, "1", "Maya Bar & Grill", address: "Mikonkatu 18, 00100 Helsinki")
        let merged = Deduplicator().merged([osm, google])
        #expect(merged.venue.id == google.id)
        #expect(merged.venue.address == "Mikonkatu 18, 00100 Helsinki")
        // With no street and number anywhere, the most trusted address stays.
        let vague = DedupFixture.venue(.openStreetMap, "1", "Maya Bar & Grill", address: "Helsinki")
        #expect(Deduplicator().merged([vague, google]).venue.address == "00100 Helsinki, Finland")
    }
}
