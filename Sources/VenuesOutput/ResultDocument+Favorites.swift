import Foundation
public import VenuesCore
public import VenuesFavorites
import VenuesOpenState

extension ResultDocument {
    /// The listing of favourites (`venues favorites list`, `GET /v1/favorites`): nearest first
    /// around `center` (only those within `radius` metres when given), else in the order they
    /// were added; each row with its note, when it was added and its opening hours now (from
    /// the snapshot the favourite keeps). `catalog` gives the
    /// attribution lines.
    public init(favorites: [Favorite], center: Coordinate?, radius: Int?, catalog: ProviderCatalog) {
        var rows: [(Favorite, Double?)] = favorites.map { ($0, center.map($0.coordinate.distance(to:))) }
        if let radius { rows = rows.filter { ($0.1 ?? 0) <= Double(radius) } }
        if center != nil {
            rows.sort { $0.1 != $1.1 ? ($0.1 ?? 0) < ($1.1 ?? 0) : $0.0.id < $1.0.id }
        } else {
            rows.sort { $0.0.addedAt != $1.0.addedAt ? $0.0.addedAt < $1.0.addedAt : $0.0.id < $1.0.id }
        }
        let formatter = ISO8601DateFormatter()
        let now = HoursMoment()
        let documentRows = rows.map { favorite, distance in
            var row = Row(merged: favorite.mergedVenue, distance: distance, favorite: true, explain: false)
            row.hours = Hours(now.state(of: favorite.mergedVenue.venue))
            row.note = TextSanitizer.clean(favorite.note)
            row.addedAt = formatter.string(from: favorite.addedAt)
            return row
        }
        self.init(
            favorites: documentRows,
            center: center ?? .amsterdamCentraal,
            centerSource: center == nil ? .fallback : .given,
            radius: radius ?? 0,
            catalog: catalog
        )
    }
}
