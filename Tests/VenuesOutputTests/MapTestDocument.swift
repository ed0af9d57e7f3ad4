import Foundation
import VenuesCore
import VenuesEngine
import VenuesMerge

@testable import VenuesOutput

/// The listing the map tests draw: venues spread around Helsinki Central Station (pins far
/// enough apart to be told apart in a screenshot), with names, ids, addresses and provider
/// messages that try to become markup or script, or to reorder the page.
enum MapTestDocument {
    static let centerLatitude = 60.1710
    static let centerLongitude = 24.9414
    static let radius = 500

    /// What each hostile script would set if it ran.
    static let pwnedGlobal = "__pwned"

    /// (name, metres east, metres north, favourite)
    static let places: [(name: String, east: Double, north: Double, favorite: Bool)] = [
        ("<script>window.__pwned = 'script'</script>Café", 0, 150, false),
        ("\"><img src=x onerror=\"window.__pwned='img'\">", 210, -110, false),
        ("Ravintola 'Quote' & \"Double\" <b>bold</b> &amp;", -260, -40, true),
        ("مطعم \u{202E}lave\u{202C} الشاي", -110, 310, false),
        ("</title></svg><svg onload=\"window.__pwned='svg'\">", 340, 190, false),
        ("Robert's Coffee", -330, -290, true),
        ("Kahvila ' onmouseover='window.__pwned=1", 90, -380, false),
    ]

    /// The names as the page must show them: sanitised (no bidirectional overrides), not escaped.
    static var shownNames: [String] { places.map { TextSanitizer.clean($0.name) } }

    static func coordinate(east: Double, north: Double) -> Coordinate {
        let latitude = centerLatitude + north / 111_320
        let longitude = centerLongitude + east / (111_320 * cos(centerLatitude * .pi / 180))
        return try! Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The rows of ``document(kind:)`` as a browser test expects to find them on the page.
    static var expectedVenues: [MapPageProbe.ExpectedVenue] {
        document().rows.map {
            MapPageProbe.ExpectedVenue(
                id: $0.id,
                name: $0.name,
                latitude: $0.latitude,
                longitude: $0.longitude,
                favorite: $0.favorite
            )
        }
    }

    static func document(kind: ResultDocument.Kind = .nearby) -> ResultDocument {
        let center = try! Coordinate(latitude: centerLatitude, longitude: centerLongitude)
        let rows = places.enumerated().map { index, place in
            let coordinate = coordinate(east: place.east, north: place.north)
            var row = ResultDocument.Row(
                merged: MergedVenue(
                    single: Venue(
                        id: try! VenueID(provider: .openStreetMap, native: "node/\(index + 1)"),
                        name: place.name,
                        coordinate: coordinate,
                        address: index == 1 ? "<b>Kaivokatu</b> 1 & \"2\"" : "Kaivokatu \(index + 1), Helsinki",
                        categories: index == 3 ? [] : [.cafe],
                        providerCategories: index == 3 ? ["amenity=<i>tea_house</i>"] : []
                    )
                ),
                distance: center.distance(to: coordinate),
                favorite: place.favorite,
                explain: false
            )
            if index == 4 {
                // An id no provider should send, to try the attributes that carry ids.
                row.id = "fsq:\"><script>window.__pwned='id'</script>"
                row.sources.append(.init(provider: "fsq", id: row.id))
            }
            if index == 5 { row.note = "<script>window.__pwned='note'</script>" }
            return row
        }
        var document = ResultDocument(
            favorites: rows,
            center: center,
            centerSource: .given,
            radius: radius,
            catalog: ProviderRegistry.standard.catalog
        )
        document.kind = kind
        document.term = kind == .search ? "<script>window.__pwned='term'</script>" : nil
        document.providers = [
            ResultDocument.ProviderStatus(
                provider: "osm",
                ok: true,
                count: rows.count,
                milliseconds: 42,
                warnings: ["<i>partial</i> answer & more"],
                source: "index:helsinki"
            ),
            ResultDocument.ProviderStatus(
                provider: "google",
                ok: false,
                count: 0,
                milliseconds: 7,
                errorKind: "unauthorized",
                errorMessage: "<script>window.__pwned='provider'</script> key refused"
            ),
        ]
        return document
    }
}
