package import Foundation
package import OSMModel
import Synchronization

/// An Overture file as the OSM index engine reads a source (``OSMElementSource``): each place a
/// node whose id is ``OvertureTags/elementID(of:)`` and whose tags are ``OvertureTags``.
package struct OvertureElementSource: OSMElementSource {
    private let reader: OvertureFileReader
    /// What the pass saw beyond the places: read after it.
    package let counts: Counts

    /// What a pass saw, shared with whoever reads the summary.
    package final class Counts: Sendable {
        private let state = Mutex(State())

        struct State {
            var places = 0
            var unnamed = 0
            var derived: [String: Int] = [:]
        }

        /// Places read.
        package var places: Int { state.withLock { $0.places } }
        /// Places without a primary name (not venues: left out).
        package var unnamed: Int { state.withLock { $0.unnamed } }

        func add(place: OvertureFileReader.Place, named: Bool) {
            state.withLock { state in
                state.places += 1
                if !named { state.unnamed += 1 }
                if place.geometryType != "Point" { state.derived[place.geometryType, default: 0] += 1 }
            }
        }

        /// The notes of the summary: places placed at a shape's centroid, places left out.
        package var notes: [String] {
            state.withLock { state in
                var notes: [String] = []
                for (type, count) in state.derived.sorted(by: { $0.key < $1.key }) {
                    let how = type.hasSuffix("Polygon") ? "centroid" : "mean position"
                    notes.append("\(count) place(s) with a \(type) geometry placed at its \(how)")
                }
                if state.unnamed > 0 {
                    notes.append("left out \(state.unnamed) place(s) without a primary name")
                }
                return notes
            }
        }
    }

    package init(url: URL, cancellation: CancellationFlag? = nil) {
        reader = OvertureFileReader(url: url, cancellation: cancellation)
        counts = Counts()
    }

    package var displayName: String { reader.url.lastPathComponent }

    package func read(
        header: (OSMHeader) -> Void,
        progress: (OSMReadProgress) -> Void,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary {
        header(OSMHeader())
        var element = OSMElement()
        var summary = OSMReadSummary()
        var stopped = false
        summary.bytesRead = try reader.forEachPlace(
            progress: { places, bytes in progress(OSMReadProgress(elements: places, bytesRead: bytes)) },
            { place in
                element.reset(kind: .node)
                element.id = OvertureTags.elementID(of: place.id)
                element.latitude = place.latitude
                element.longitude = place.longitude
                element.tags = OvertureTags.tags(of: place.properties, id: place.id, geometryType: place.geometryType)
                counts.add(place: place, named: element.tags["name"] != nil)
                summary.elements += 1
                if visit(&element) == .stop {
                    stopped = true
                    return false
                }
                return true
            }
        )
        summary.stoppedEarly = stopped
        return summary
    }
}
