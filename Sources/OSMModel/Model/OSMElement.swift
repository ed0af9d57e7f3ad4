package import VenuesCore

/// One `<node>`, `<way>` or `<relation>` as read from OSM XML, reused between elements by the
/// reader to avoid allocations.
package struct OSMElement: Sendable {
    /// The element type, which is also the first part of its id (`node/123`).
    package enum Kind: UInt8, Sendable, Hashable {
        case node, way, relation

        /// `node`, `way` or `relation`.
        package var name: String {
            switch self {
            case .node: "node"
            case .way: "way"
            case .relation: "relation"
            }
        }

        /// The venue id of element `id` of this type (`osm:node/123`), or `nil` when `id` is not
        /// positive (no OpenStreetMap element has such an id).
        package func venueID(_ id: Int64) -> VenueID? {
            guard id > 0 else { return nil }
            return VenueID(provider: .openStreetMap, wellFormedNative: name + "/" + String(id))
        }
    }

    package var kind: Kind = .node
    package var id: Int64 = 0
    /// The `version` attribute, when the reader is asked for versions and the element has a
    /// numeric one (OsmChange files always ask).
    package var version: Int64?
    /// A node's `lat`/`lon`, or a way's or relation's `<center lat lon/>` (Overpass `out center`).
    package var latitude: Double?
    package var longitude: Double?
    /// Whether a `<center>` child was present, even an empty one.
    package var hasCenter = false
    /// A way's or relation's `<bounds minlat minlon maxlat maxlon/>` (Overpass `out bb`).
    package var bounds: BoundingBox?
    package var tags = OSMTags()
    /// A way's `<nd ref/>` list (only when the reader is asked for references).
    package var nodeRefs: [Int64] = []
    /// A relation's node members (only when the reader is asked for references).
    package var memberNodes: [Int64] = []
    /// A relation's way members (only when the reader is asked for references).
    package var memberWays: [Int64] = []

    /// An empty node, to be filled by a reader.
    package init() {}

    /// Clears the element for the next one, keeping buffer capacity.
    package mutating func reset(kind: Kind) {
        self.kind = kind
        id = 0
        version = nil
        latitude = nil
        longitude = nil
        hasCenter = false
        bounds = nil
        tags.removeAll()
        nodeRefs.removeAll(keepingCapacity: true)
        memberNodes.removeAll(keepingCapacity: true)
        memberWays.removeAll(keepingCapacity: true)
    }
}
