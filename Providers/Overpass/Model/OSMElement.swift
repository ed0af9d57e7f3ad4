import VenuesCore

/// One `<node>`, `<way>` or `<relation>` as read from OSM XML, reused between elements by the
/// reader to avoid allocations.
struct OSMElement: Sendable {
    /// The element type, which is also the first part of its id (`node/123`).
    enum Kind: UInt8, Sendable, Hashable {
        case node, way, relation

        /// `node`, `way` or `relation`.
        var name: String {
            switch self {
            case .node: "node"
            case .way: "way"
            case .relation: "relation"
            }
        }
    }

    var kind: Kind = .node
    var id: Int64 = 0
    /// A node's `lat`/`lon`, or a way's or relation's `<center lat lon/>` (Overpass `out center`).
    var latitude: Double?
    var longitude: Double?
    /// Whether a `<center>` child was present, even an empty one.
    var hasCenter = false
    /// A way's or relation's `<bounds minlat minlon maxlat maxlon/>` (Overpass `out bb`).
    var bounds: BoundingBox?
    var tags = OSMTags()
    /// A way's `<nd ref/>` list (only when the reader is asked for references).
    var nodeRefs: [Int64] = []
    /// A relation's node members (only when the reader is asked for references).
    var memberNodes: [Int64] = []
    /// A relation's way members (only when the reader is asked for references).
    var memberWays: [Int64] = []

    /// Clears the element for the next one, keeping buffer capacity.
    mutating func reset(kind: Kind) {
        self.kind = kind
        id = 0
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
