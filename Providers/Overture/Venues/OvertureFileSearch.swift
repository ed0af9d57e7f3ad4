import Foundation
import OSMModel
import VenuesCore

/// A search of an Overture file read directly (the endpoint names a `.geojsonseq` file): every
/// place is read, and those inside the circle, in the categories and matching the term are
/// kept — matched as an index matches them (``SearchTerm`` on the same ``OSMSearchText``).
enum OvertureFileSearch {
    /// The places of `file` in the circle that `selection` and `filter` accept (in file order),
    /// and how many the filter left out.
    static func places(
        in file: URL,
        center: Coordinate,
        radius: Double,
        selection: OSMSelection,
        filter: OverturePlaceFilter,
        cancellation: CancellationFlag
    ) throws(ProviderError) -> (venues: [Venue], leftOut: Int) {
        var venues: [Venue] = []
        var leftOut = 0
        do throws(OSMFileError) {
            try OvertureFileReader(url: file, cancellation: cancellation).forEachPlace { place in
                guard let coordinate = try? Coordinate(latitude: place.latitude, longitude: place.longitude),
                    coordinate.distance(to: center) <= radius
                else { return true }
                let tags = OvertureTags.tags(of: place.properties, id: place.id, geometryType: place.geometryType)
                if let term = selection.searchTerm, term.match(searchText: OSMSearchText.folded(tags)) == nil {
                    return true
                }
                guard let venue = OvertureVenueMapper.venue(coordinate: coordinate, tags: tags) else { return true }
                if filter.admits(venue) { venues.append(venue) } else { leftOut += 1 }
                return true
            }
        } catch {
            throw ProviderError(overtureFile: error)
        }
        return (venues, leftOut)
    }

    /// The place with this id in `file`, whatever the filter says.
    static func venue(_ id: VenueID, in file: URL) throws(ProviderError) -> Venue? {
        var found: Venue?
        do throws(OSMFileError) {
            try OvertureFileReader(url: file).forEachPlace { place in
                guard place.id == id.native,
                    let coordinate = try? Coordinate(latitude: place.latitude, longitude: place.longitude)
                else { return true }
                let tags = OvertureTags.tags(of: place.properties, id: place.id, geometryType: place.geometryType)
                found = OvertureVenueMapper.venue(coordinate: coordinate, tags: tags)
                return false
            }
        } catch {
            throw ProviderError(overtureFile: error)
        }
        return found
    }
}
