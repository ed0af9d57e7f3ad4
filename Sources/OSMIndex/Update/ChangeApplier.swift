import OSMModel
import VenuesCore
import VenuesSQLite

/// Applies an ``OSMChangeSet`` to an open index, inside the update's transaction, so that the
/// index comes out as an import of the newer data would make it:
///
/// 1. The tracked elements (``TrackingState``): relations first (their members may start or
///    stop being tracked), then ways, then the positions of their nodes.
/// 2. The venues: every changed node; every changed way and relation, and every tracked one
///    whose nodes moved (the change file then holds the nodes, not the way) or whose member
///    ways changed. Each is placed as an import places it (the centre of its nodes' bounding
///    box, `out center`) and written, rewritten or deleted.
///
/// An element the index does not hold becomes a venue only inside the index's area: a node
/// there, a way or relation with a node there (as `osmium extract` cuts). A way that becomes a
/// venue with nodes the index never kept (an untagged building given a shop and a name) is
/// placed from those of its nodes it knows — the change file's and the index's — or skipped;
/// ``incomplete`` counts them.
final class ChangeApplier {
    private let changes: OSMChangeSet
    private let tracking: TrackingState
    private let rows: VenueRowEditor
    private let area: OSMBounds?
    private let selection = try! OSMSelection(categories: [], term: nil)
    /// Elements placed or tracked without some of their nodes (positions unknown to the index
    /// and the change files).
    private(set) var incomplete = Set<Int64>()
    /// Venues skipped because none of their nodes has a known position.
    private(set) var withoutNodes = 0

    init(changes: OSMChangeSet, tracking: TrackingState, rows: VenueRowEditor, area: OSMBounds?) {
        self.changes = changes
        self.tracking = tracking
        self.rows = rows
        self.area = area
    }

    func apply() throws(SQLiteError) {
        // What the changed nodes and ways move, by the links as they were.
        var waysToPlace = Set(changes.ways.keys)
        var relationsToPlace = Set(changes.relations.keys)
        for id in changes.nodes.keys {
            for user in try tracking.node(id)?.users ?? [] {
                if user & 3 == 1 {
                    waysToPlace.insert(user >> 2)
                } else if user & 3 == 2 {
                    relationsToPlace.insert(user >> 2)
                }
            }
        }
        for id in waysToPlace {
            relationsToPlace.formUnion(try tracking.way(id)?.relations ?? [])
        }

        for (id, change) in changes.relations.sorted(by: { $0.key < $1.key }) { try track(relation: id, change) }
        for (id, change) in changes.ways.sorted(by: { $0.key < $1.key }) { try track(way: id, change) }
        for (id, change) in changes.nodes.sorted(by: { $0.key < $1.key }) { try move(node: id, change) }

        for (id, change) in changes.nodes.sorted(by: { $0.key < $1.key }) { try place(node: id, change) }
        for id in waysToPlace.sorted() { try place(way: id) }
        for id in relationsToPlace.sorted() { try place(relation: id) }
        try rows.finish()
        try tracking.write()
    }

    // MARK: Final state

    /// A node's position once the changes apply: the change file's, else the index's.
    private func position(_ node: Int64) throws(SQLiteError) -> (latitude: Int32, longitude: Int32)? {
        if let change = changes.nodes[node] { return change.position }
        return try tracking.node(node).map { ($0.latitude, $0.longitude) }
    }

    /// A way's nodes once the changes apply, when known.
    private func nodes(ofWay way: Int64) throws(SQLiteError) -> [Int64]? {
        if let change = changes.ways[way] { return change.deleted ? nil : change.nodes }
        return try tracking.way(way)?.nodes
    }

    // MARK: Tracking

    private func track(relation id: Int64, _ change: OSMChangeSet.Change) throws(SQLiteError) {
        let code = OSMIndexSchema.element(kind: .relation, id: id)
        let old = try tracking.relation(id)
        let selected = !change.deleted && TrackedElements.isTracked(id: id, tags: change.tags, selection: selection)
        let new = selected ? TrackingRows.Relation(id: id, nodes: change.nodes, ways: change.ways) : nil
        try relink(user: code, from: old?.nodes ?? [], to: new?.nodes ?? [])
        let oldWays = Set(old?.ways ?? [])
        let newWays = Set(new?.ways ?? [])
        for way in oldWays.subtracting(newWays).sorted() { try removeMembership(way: way, relation: id) }
        for way in newWays.subtracting(oldWays).sorted() { try addMembership(way: way, relation: id) }
        if old != nil || new != nil { tracking.setRelation(id, new) }
    }

    private func track(way id: Int64, _ change: OSMChangeSet.Change) throws(SQLiteError) {
        let code = OSMIndexSchema.element(kind: .way, id: id)
        let old = try tracking.way(id)
        let selected = !change.deleted && TrackedElements.isTracked(id: id, tags: change.tags, selection: selection)
        let relations = change.deleted ? [] : old?.relations ?? []
        let new =
            selected || !relations.isEmpty
            ? TrackingRows.Way(id: id, nodes: change.nodes, relations: relations, selected: selected) : nil
        try relink(user: code, from: old?.nodes ?? [], to: new?.nodes ?? [])
        if old != nil || new != nil { tracking.setWay(id, new) }
    }

    private func removeMembership(way: Int64, relation: Int64) throws(SQLiteError) {
        guard var row = try tracking.way(way) else { return }
        row.relations.removeAll { $0 == relation }
        if row.relations.isEmpty, !row.selected {
            try relink(user: OSMIndexSchema.element(kind: .way, id: way), from: row.nodes, to: [])
            tracking.setWay(way, nil)
        } else {
            tracking.setWay(way, row)
        }
    }

    private func addMembership(way: Int64, relation: Int64) throws(SQLiteError) {
        if var row = try tracking.way(way) {
            if !row.relations.contains(relation) {
                row.relations.append(relation)
                row.relations.sort()
            }
            tracking.setWay(way, row)
            return
        }
        guard let change = changes.ways[way], !change.deleted else {
            // A way the index never kept and the changes do not hold: its nodes are unknown.
            incomplete.insert(OSMIndexSchema.element(kind: .relation, id: relation))
            return
        }
        let row = TrackingRows.Way(id: way, nodes: change.nodes, relations: [relation], selected: false)
        try relink(user: OSMIndexSchema.element(kind: .way, id: way), from: [], to: row.nodes)
        tracking.setWay(way, row)
    }

    /// Moves `user` from the nodes `old` to the nodes `new`.
    private func relink(user: Int64, from old: [Int64], to new: [Int64]) throws(SQLiteError) {
        let before = Set(old)
        let after = Set(new)
        guard before != after else { return }
        for node in before.subtracting(after).sorted() {
            try tracking.link(node: node, user: user, false, position: nil)
        }
        for node in after.subtracting(before).sorted() {
            if !(try tracking.link(node: node, user: user, true, position: position(node))) {
                incomplete.insert(user)
            }
        }
    }

    /// A changed node's tracked position: moved, or dropped when the node is deleted.
    private func move(node id: Int64, _ change: OSMChangeSet.Change) throws(SQLiteError) {
        guard var row = try tracking.node(id) else { return }
        guard let position = change.position else {
            tracking.setNode(id, nil)
            return
        }
        guard row.latitude != position.latitude || row.longitude != position.longitude else { return }
        row.latitude = position.latitude
        row.longitude = position.longitude
        tracking.setNode(id, row)
    }

    // MARK: Venues

    private func place(node id: Int64, _ change: OSMChangeSet.Change) throws(SQLiteError) {
        let code = OSMIndexSchema.element(kind: .node, id: id)
        guard let degrees = change.degrees,
            (try? Coordinate(latitude: degrees.latitude, longitude: degrees.longitude)) != nil,
            TrackedElements.isVenue(id: id, tags: change.tags, selection: selection),
            isInside(latitude: change.latitude, longitude: change.longitude)
        else {
            try rows.delete(code)
            return
        }
        try rows.write(
            VenueRow(element: code, latitude: degrees.latitude, longitude: degrees.longitude, extent: nil),
            tags: change.tags
        )
    }

    private func place(way id: Int64) throws(SQLiteError) {
        let code = OSMIndexSchema.element(kind: .way, id: id)
        guard let tags = try tags(of: code, change: changes.ways[id]) else { return }
        guard TrackedElements.isVenue(id: id, tags: tags, selection: selection), let nodes = try nodes(ofWay: id) else {
            try rows.delete(code)
            return
        }
        try place(code, nodes: nodes, ways: [], tags: tags)
    }

    private func place(relation id: Int64) throws(SQLiteError) {
        let code = OSMIndexSchema.element(kind: .relation, id: id)
        guard let tags = try tags(of: code, change: changes.relations[id]) else { return }
        let members: (nodes: [Int64], ways: [Int64])?
        if let change = changes.relations[id] {
            members = change.deleted ? nil : (change.nodes, change.ways)
        } else {
            members = try tracking.relation(id).map { ($0.nodes, $0.ways) }
        }
        guard TrackedElements.isVenue(id: id, tags: tags, selection: selection), let members else {
            try rows.delete(code)
            return
        }
        try place(code, nodes: members.nodes, ways: members.ways, tags: tags)
    }

    /// The tags an element has once the changes apply: the change's, or (for one moved by its
    /// nodes) its stored row's; `nil` when it is neither changed nor a venue (nothing to do).
    private func tags(of code: Int64, change: OSMChangeSet.Change?) throws(SQLiteError) -> OSMTags? {
        if let change { return change.deleted ? OSMTags() : change.tags }
        return try rows.stored(code)?.tags
    }

    /// Places a way or relation at the centre of its nodes' (and member ways' nodes')
    /// bounding box, as an import does, and writes its row; deletes it when it has no known
    /// node or lies wholly outside the index's area.
    private func place(_ code: Int64, nodes: [Int64], ways: [Int64], tags: OSMTags) throws(SQLiteError) {
        var box = ExtentBuilder()
        var inside = area == nil
        func add(_ node: Int64) throws(SQLiteError) {
            guard let position = try position(node) else { return }
            box.add(position)
            if !inside, isInside(latitude: position.latitude, longitude: position.longitude) { inside = true }
        }
        for node in nodes { try add(node) }
        for way in ways {
            for node in try self.nodes(ofWay: way) ?? [] { try add(node) }
        }
        guard let extent = box.extent else {
            withoutNodes += 1
            try rows.delete(code)
            return
        }
        let (latitude, longitude) = extent.center
        guard inside, (try? Coordinate(latitude: latitude, longitude: longitude)) != nil else {
            try rows.delete(code)
            return
        }
        try rows.write(VenueRow(element: code, latitude: latitude, longitude: longitude, extent: extent), tags: tags)
    }

    private func isInside(latitude: Int32?, longitude: Int32?) -> Bool {
        guard let area else { return true }
        guard let latitude, let longitude else { return false }
        return area.contains(latitude: FixedPoint.degrees(latitude), longitude: FixedPoint.degrees(longitude))
    }
}
