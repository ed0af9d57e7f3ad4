import OSMModel

/// The ways and relations an index keeps for its updates (``TrackingRows``), gathered while an
/// import places them: which are tracked, their nodes and members, and which tracked elements
/// use each node.
struct TrackedElements {
    /// Whether an update needs this way's or relation's nodes: the venue rules select it, named
    /// or not (a venue once it has a name), and its id fits a `venue.element`.
    static func isTracked(id: Int64, tags: OSMTags, selection: OSMSelection) -> Bool {
        !tags.isEmpty && id > 0 && id <= OSMIndexSchema.maximumID && selection.passesRules(tags)
    }

    /// Whether an OpenStreetMap element is a venue: the venue rules select it, it has a name and
    /// its id fits a `venue.element` (as a search of the file decides).
    static func isVenue(id: Int64, tags: OSMTags, selection: OSMSelection) -> Bool {
        !tags.isEmpty && id > 0 && id <= OSMIndexSchema.maximumID && selection.matches(tags)
            && tags.first("name") != nil
    }

    private var ways: [Int64: TrackingRows.Way] = [:]
    private var relations: [TrackingRows.Relation] = []

    /// A node and a tracked element that uses it (its `venue.element` code).
    private struct NodeUse: Comparable {
        var node: Int64
        var user: Int64

        static func < (lhs: NodeUse, rhs: NodeUse) -> Bool {
            (lhs.node, lhs.user) < (rhs.node, rhs.user)
        }
    }

    /// A tracked way and its nodes; `selected` when the rules select the way itself (else it is
    /// a member of a tracked relation).
    mutating func addWay(id: Int64, nodes: [Int64], selected: Bool = true) {
        ways[id, default: TrackingRows.Way(id: id, nodes: nodes, relations: [], selected: selected)].nodes = nodes
        if selected { ways[id]?.selected = true }
    }

    /// A tracked relation, its member nodes and ways; `nodesOfWay` gives a member way's nodes
    /// (`nil` for a way the file does not have: it is left out).
    mutating func addRelation(id: Int64, nodes: [Int64], ways members: [Int64], nodesOfWay: (Int64) -> [Int64]?) {
        relations.append(TrackingRows.Relation(id: id, nodes: nodes, ways: members))
        for way in members {
            if ways[way] == nil {
                guard let wayNodes = nodesOfWay(way) else { continue }
                addWay(id: way, nodes: wayNodes, selected: false)
            }
            if ways[way]?.relations.last != id { ways[way]?.relations.append(id) }
        }
    }

    /// Calls `visit` with every (node, user) pair: each tracked way's nodes, each tracked
    /// relation's member nodes.
    private func forEachUse(_ visit: (Int64, Int64) -> Void) {
        for way in ways.values {
            let code = OSMIndexSchema.element(kind: .way, id: way.id)
            for node in way.nodes { visit(node, code) }
        }
        for relation in relations {
            let code = OSMIndexSchema.element(kind: .relation, id: relation.id)
            for node in relation.nodes { visit(node, code) }
        }
    }

    /// Calls `body` with each node used and its users, by node id, each once. The pairs are
    /// gathered a slice of the node ids at a time, at most about `slicePairs` of them (a
    /// country's ways use millions of nodes: all their pairs at once were the largest array of
    /// an import).
    func forEachNode(slicePairs: Int = 1 << 20, _ body: (_ node: Int64, _ users: [Int64]) -> Void) {
        var total = 0
        var low = Int64.max
        var high = Int64.min
        forEachUse { node, _ in
            total += 1
            low = min(low, node)
            high = max(high, node)
        }
        guard total > 0 else { return }
        let slices = max(1, (total + slicePairs - 1) / slicePairs)
        let width = (high - low) / Int64(slices) + 1
        var uses: [NodeUse] = []
        for slice in 0..<slices {
            let first = low + Int64(slice) * width
            let last = slice == slices - 1 ? high : first + width - 1
            uses.removeAll(keepingCapacity: true)
            forEachUse { node, user in
                if node >= first && node <= last { uses.append(NodeUse(node: node, user: user)) }
            }
            uses.sort()
            var index = 0
            while index < uses.count {
                let node = uses[index].node
                var users: [Int64] = []
                while index < uses.count, uses[index].node == node {
                    if users.last != uses[index].user { users.append(uses[index].user) }
                    index += 1
                }
                body(node, users)
            }
        }
    }

    /// Hands over the `update_way` rows by id, each let go of once handed over.
    mutating func takeWayRows(_ body: (TrackingRows.Way) -> Void) {
        for id in ways.keys.sorted() {
            guard var way = ways.removeValue(forKey: id) else { continue }
            way.relations = Array(Set(way.relations)).sorted()
            body(way)
        }
    }

    /// The `update_relation` rows.
    func relationRows() -> [TrackingRows.Relation] { relations }
}
