import Testing
import VenuesCore
import VenuesMerge

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
