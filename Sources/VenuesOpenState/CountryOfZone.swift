/// The country a time zone lies in, for the public holidays of a venue's hours (`PH`): the
/// zones of the countries whose holidays the hours engine knows. A zone shared by several
/// countries, or of a country the engine does not know, gives `nil`, and a rule that needs a
/// holiday is then unknown (never guessed). `--country` says it outright.
public enum CountryOfZone {
    /// The ISO 3166-1 code of the country of `identifier`, when one country's holidays apply.
    public static func country(of identifier: String) -> String? {
        if let country = countries[identifier] { return country }
        if identifier.hasPrefix("America/"), usZones.contains(String(identifier.dropFirst("America/".count))) {
            return "US"
        }
        if identifier.hasPrefix("US/") || identifier.hasPrefix("Pacific/Honolulu") { return "US" }
        return nil
    }

    private static let countries: [String: String] = [
        "Europe/Helsinki": "FI", "Europe/Mariehamn": "FI", "Europe/Stockholm": "SE", "Europe/Oslo": "NO",
        "Europe/Copenhagen": "DK", "Europe/Tallinn": "EE", "Europe/Berlin": "DE", "Europe/Busingen": "DE",
        "Europe/Amsterdam": "NL", "Europe/London": "GB", "Europe/Paris": "FR", "Europe/Riga": "LV",
        "Europe/Vilnius": "LT", "Europe/Warsaw": "PL", "Europe/Vienna": "AT", "Europe/Zurich": "CH",
        "Europe/Brussels": "BE", "Europe/Madrid": "ES", "Europe/Rome": "IT", "Europe/Dublin": "IE",
        "Europe/Lisbon": "PT", "Europe/Prague": "CZ",
    ]

    /// The zones of the United States under `America/` (tzdata's zone1970.tab, country US).
    private static let usZones: Set<String> = [
        "New_York", "Detroit", "Kentucky/Louisville", "Kentucky/Monticello", "Indiana/Indianapolis",
        "Indiana/Vincennes", "Indiana/Winamac", "Indiana/Marengo", "Indiana/Petersburg", "Indiana/Vevay",
        "Chicago", "Indiana/Tell_City", "Indiana/Knox", "Menominee", "North_Dakota/Center",
        "North_Dakota/New_Salem", "North_Dakota/Beulah", "Denver", "Boise", "Phoenix", "Los_Angeles",
        "Anchorage", "Juneau", "Sitka", "Metlakatla", "Yakutat", "Nome", "Adak",
    ]
}
