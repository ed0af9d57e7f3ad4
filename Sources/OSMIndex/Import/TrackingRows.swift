/// Rows of the `update_*` tables (``OSMIndexSchema``), as an import or an update makes them:
/// what a later update needs to place the ways and relations whose nodes it moves.
struct TrackingRows: Sendable {
    /// An `update_node` row.
    struct Node: Sendable, Hashable {
        var id: Int64
        /// 1e-7 degrees.
        var latitude: Int32
        var longitude: Int32
        /// The tracked elements that use the node (`venue.element` codes), ascending.
        var users: [Int64]
    }

    /// An `update_way` row.
    struct Way: Sendable, Hashable {
        var id: Int64
        var nodes: [Int64]
        /// The tracked relations it is a member of, ascending.
        var relations: [Int64]
        /// Whether the rules select the way itself (else it is tracked as a member only).
        var selected: Bool
    }

    /// An `update_relation` row.
    struct Relation: Sendable, Hashable {
        var id: Int64
        var nodes: [Int64]
        var ways: [Int64]
    }

    var nodes: [Node] = []
    var ways: [Way] = []
    var relations: [Relation] = []

    var isEmpty: Bool { nodes.isEmpty && ways.isEmpty && relations.isEmpty }
    var count: Int { nodes.count + ways.count + relations.count }
}
