import Foundation
import OSMFiles
import OSMModel
import VenuesCore

/// Turns an Overpass `out bb tags` (or `out center tags`) answer (OSM XML) into venues.
///
/// Nodes are placed by `lat`/`lon`, ways and relations by `<center lat lon/>` or, with `bb`,
/// at the centre of their `<bounds …/>` (which is how Overpass computes `center`), the bounds
/// becoming the venue's extent. Elements without a name, and ways or relations with neither a
/// usable centre nor bounds, are skipped and counted in the notes.
enum OverpassResponseDecoder {
    /// The venues in document order (only those whose tags `keeping` accepts, when given), notes
    /// on what was skipped, and how many elements the answer held in all.
    static func decode(
        _ body: Data,
        keeping: ((OSMTags) -> Bool)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws(ProviderError) -> (venues: [Venue], notes: [String], elements: Int) {
        var venues: [Venue] = []
        var elements = 0
        var unnamed = 0
        var withoutCentre = 0
        var withoutCoordinates = 0
        let reader = OSMXMLReader(options: .init(tags: true, references: false), cancellation: cancellation)
        let visit = { (element: inout OSMElement) -> OSMVisit in
            elements += 1
            if let keeping, !keeping(element.tags) { return .next }
            let extent = element.kind == .node ? nil : element.bounds
            var position: Coordinate?
            if let latitude = element.latitude, let longitude = element.longitude {
                position = try? Coordinate(latitude: latitude, longitude: longitude)
            }
            guard let coordinate = position ?? extent?.center else {
                if element.kind == .node { withoutCoordinates += 1 } else { withoutCentre += 1 }
                return .next
            }
            guard
                let venue = OSMVenueMapper.venue(
                    kind: element.kind,
                    id: element.id,
                    coordinate: coordinate,
                    tags: element.tags,
                    extent: extent
                )
            else {
                unnamed += 1
                return .next
            }
            venues.append(venue)
            return .next
        }
        do throws(OSMFileError) {
            _ = try reader.read(.memory(body), visit: visit)
        } catch {
            throw ProviderError(error)
        }
        var notes: [String] = []
        if withoutCentre > 0 {
            notes.append("skipped \(withoutCentre) way(s)/relation(s) without a usable <center> or <bounds>")
        }
        if withoutCoordinates > 0 { notes.append("skipped \(withoutCoordinates) node(s) without lat/lon") }
        if unnamed > 0 { notes.append("skipped \(unnamed) element(s) without a name") }
        return (venues, notes, elements)
    }
}
