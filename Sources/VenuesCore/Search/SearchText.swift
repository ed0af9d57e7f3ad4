/// The text a venue is searched by: its folded (``TextFolding``) name, brand, cuisine and other
/// names, in that order, separated by U+001F, without empty fields at the end.
///
/// The local OSM index stores it for every venue (`venue.search`), a scan of an OSM file makes
/// it from the tags, and the ranking of every provider's venues makes it from the ``Venue``:
/// all three give the same text for the same OSM element, so they match it alike.
package enum SearchText {
    /// Between two fields: a control character, never part of a word or a term.
    package static let separator: Character = "\u{1F}"

    /// The fields' numbers: 0 name, 1 brand, 2 cuisine, then other names.
    package static func field(at index: Int) -> VenueMatch.Field {
        switch index {
        case 0: .name
        case 1: .brand
        case 2: .cuisine
        default: .otherName
        }
    }

    /// The search text of these fields (`nil` or empty ones left empty).
    package static func folded(name: String?, brand: String?, cuisine: String?, otherNames: [String]) -> String {
        var text = ""
        // Separators owed for the fields passed over since the last one written.
        var separators = 0
        func append(_ value: String?, first: Bool = false) {
            if !first { separators += 1 }
            guard let value else { return }
            let folded = TextFolding.folded(value)
            guard !folded.isEmpty else { return }
            for _ in 0..<separators { text.append(separator) }
            separators = 0
            text += folded
        }
        append(name, first: true)
        append(brand)
        append(cuisine)
        for other in otherNames { append(other) }
        return text
    }

    /// The search text of a venue: its ``Venue/name``, `brand` and `cuisine` extras, and its
    /// other ``Venue/names`` (those from `brand` are the brand already).
    package static func folded(_ venue: Venue) -> String {
        folded(
            name: venue.name,
            brand: venue.extras["brand"],
            cuisine: venue.extras["cuisine"],
            otherNames: venue.names.filter { $0.text != venue.name && $0.source != "brand" }.map(\.text)
        )
    }
}
