import VenuesCore
import VenuesEngine

@testable import VenuesCLI
@testable import VenuesOutput

extension ResultDocument {
    /// A `nearby` listing of `rows` within 1000 m of a given centre in Helsinki, for renderer
    /// tests that build their rows by hand.
    static func nearbyListing(_ rows: [Row], explain: Bool = false) -> ResultDocument {
        var document = ResultDocument(
            favorites: rows,
            center: try! Coordinate(latitude: 60.17, longitude: 24.94),
            centerSource: .given,
            radius: 1000,
            catalog: ProviderRegistry.standard.catalog
        )
        document.kind = .nearby
        document.explain = explain
        return document
    }
}
