/// The lines Overture's attribution guidance asks for, per source dataset of the places shown.
///
/// Every answer with Overture places carries the provider's own line (``line``, through its
/// descriptor); each place adds one line per dataset it comes from, which the listings join
/// (``Venue/extras`` `attribution`: see `ResultDocument.attribution`). The data of OpenStreetMap
/// is credited with OpenStreetMap's own line, as the OSM provider's is.
package enum OvertureAttribution {
    /// The provider's line: the Overture Maps Foundation and the licence of the places theme.
    package static let line = "© Overture Maps Foundation (CDLA-Permissive-2.0)"

    /// Known datasets, by their name in `sources[].dataset`, and their licences.
    static let known: [String: String] = [
        "meta": "Contains data from Meta (CDLA-Permissive-2.0)",
        "microsoft": "Contains data from Microsoft (CDLA-Permissive-2.0)",
        "foursquare": "Contains data from Foursquare Open Source Places (Apache-2.0)",
        "alltheplaces": "Contains data from AllThePlaces (CC0-1.0)",
        "openstreetmap": "© OpenStreetMap contributors (ODbL)",
    ]

    /// The line a dataset needs; `license` (the source's own `license`) names the licence of a
    /// dataset this table does not know.
    package static func line(dataset: String, license: String?) -> String {
        if let known = known[dataset.lowercased()] { return known }
        if let license, !license.isEmpty { return "Contains data from \(dataset) (\(license))" }
        return "Contains data from \(dataset)"
    }
}
