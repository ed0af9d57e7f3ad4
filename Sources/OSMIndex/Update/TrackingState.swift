import VenuesSQLite

/// The `update_*` tables (``OSMIndexSchema``) during an update: rows read when first needed,
/// changed in memory, and written back (or deleted) once at the end.
final class TrackingState {
    typealias Node = TrackingRows.Node
    typealias Way = TrackingRows.Way
    typealias Relation = TrackingRows.Relation

    private let connection: SQLiteConnection
    private let readNode: SQLiteStatement
    private let readWay: SQLiteStatement
    private let readRelation: SQLiteStatement
    /// Rows as read (`nil`: none) and as changed since.
    private var nodes: [Int64: Node?] = [:]
    private var ways: [Int64: Way?] = [:]
    private var relations: [Int64: Relation?] = [:]
    private var changedNodes = Set<Int64>()
    private var changedWays = Set<Int64>()
    private var changedRelations = Set<Int64>()

    init(connection: SQLiteConnection) throws(SQLiteError) {
        self.connection = connection
        readNode = try connection.prepare("SELECT latitude, longitude, users FROM update_node WHERE node = ?")
        readWay = try connection.prepare("SELECT nodes, relations, selected FROM update_way WHERE way = ?")
        readRelation = try connection.prepare("SELECT nodes, ways FROM update_relation WHERE relation = ?")
    }

    // MARK: Reading

    func node(_ id: Int64) throws(SQLiteError) -> Node? {
        if let known = nodes[id] { return known }
        try readNode.bind(id, at: 1)
        defer { readNode.reset() }
        var row: Node?
        if try readNode.step() {
            row = Node(
                id: id,
                latitude: Int32(truncatingIfNeeded: readNode.int64(0)),
                longitude: Int32(truncatingIfNeeded: readNode.int64(1)),
                users: try Self.ids(readNode, column: 2)
            )
        }
        nodes[id] = .some(row)
        return row
    }

    func way(_ id: Int64) throws(SQLiteError) -> Way? {
        if let known = ways[id] { return known }
        try readWay.bind(id, at: 1)
        defer { readWay.reset() }
        var row: Way?
        if try readWay.step() {
            row = Way(
                id: id,
                nodes: try Self.ids(readWay, column: 0),
                relations: try Self.ids(readWay, column: 1),
                selected: readWay.int64(2) != 0
            )
        }
        ways[id] = .some(row)
        return row
    }

    func relation(_ id: Int64) throws(SQLiteError) -> Relation? {
        if let known = relations[id] { return known }
        try readRelation.bind(id, at: 1)
        defer { readRelation.reset() }
        var row: Relation?
        if try readRelation.step() {
            row = Relation(
                id: id,
                nodes: try Self.ids(readRelation, column: 0),
                ways: try Self.ids(readRelation, column: 1)
            )
        }
        relations[id] = .some(row)
        return row
    }

    private static func ids(_ statement: SQLiteStatement, column: Int32) throws(SQLiteError) -> [Int64] {
        guard let ids = statement.withBlob(column, { IDListCoding.decode($0) }) else {
            throw SQLiteError(code: 11, message: "a damaged id list in the update tables")
        }
        return ids
    }

    // MARK: Changing

    func setNode(_ id: Int64, _ row: Node?) {
        nodes[id] = .some(row)
        changedNodes.insert(id)
    }

    func setWay(_ id: Int64, _ row: Way?) {
        ways[id] = .some(row)
        changedWays.insert(id)
    }

    func setRelation(_ id: Int64, _ row: Relation?) {
        relations[id] = .some(row)
        changedRelations.insert(id)
    }

    /// Adds or removes `user` among the users of `node`; a node with no users left is
    /// deleted. A node not stored gets a row at `position`, or none when that is unknown (then
    /// `false`).
    @discardableResult
    func link(
        node: Int64,
        user: Int64,
        _ present: Bool,
        position: (latitude: Int32, longitude: Int32)?
    ) throws(SQLiteError) -> Bool {
        if var row = try self.node(node) {
            if present {
                guard !row.users.contains(user) else { return true }
                row.users.append(user)
                row.users.sort()
            } else {
                row.users.removeAll { $0 == user }
            }
            setNode(node, row.users.isEmpty ? nil : row)
            return true
        }
        guard present else { return true }
        guard let position else { return false }
        setNode(node, Node(id: node, latitude: position.latitude, longitude: position.longitude, users: [user]))
        return true
    }

    // MARK: Writing

    /// Writes every changed row back, and deletes those set to `nil`.
    func write() throws(SQLiteError) {
        let writer = try TrackingTableWriter(connection: connection)
        var rows = TrackingRows()
        let deleteNode = try connection.prepare("DELETE FROM update_node WHERE node = ?")
        let deleteWay = try connection.prepare("DELETE FROM update_way WHERE way = ?")
        let deleteRelation = try connection.prepare("DELETE FROM update_relation WHERE relation = ?")
        func delete(_ id: Int64, with statement: SQLiteStatement) throws(SQLiteError) {
            try statement.bind(id, at: 1)
            try statement.run()
            statement.reset()
        }
        for id in changedNodes.sorted() {
            if let row = nodes[id] ?? nil { rows.nodes.append(row) } else { try delete(id, with: deleteNode) }
        }
        for id in changedWays.sorted() {
            if let row = ways[id] ?? nil { rows.ways.append(row) } else { try delete(id, with: deleteWay) }
        }
        for id in changedRelations.sorted() {
            if let row = relations[id] ?? nil {
                rows.relations.append(row)
            } else {
                try delete(id, with: deleteRelation)
            }
        }
        try writer.write(rows)
    }
}
