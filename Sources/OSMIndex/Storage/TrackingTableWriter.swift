import VenuesSQLite

/// Writes and deletes rows of the `update_*` tables (``OSMIndexSchema``) on a connection: an
/// import inserts them, an update replaces and deletes them.
struct TrackingTableWriter {
    private let node: SQLiteStatement
    private let way: SQLiteStatement
    private let relation: SQLiteStatement
    private let connection: SQLiteConnection

    init(connection: SQLiteConnection) throws(SQLiteError) {
        self.connection = connection
        node = try connection.prepare(
            "INSERT OR REPLACE INTO update_node(node, latitude, longitude, users) VALUES (?, ?, ?, ?)",
            persistent: true
        )
        way = try connection.prepare(
            "INSERT OR REPLACE INTO update_way(way, nodes, relations, selected) VALUES (?, ?, ?, ?)",
            persistent: true
        )
        relation = try connection.prepare(
            "INSERT OR REPLACE INTO update_relation(relation, nodes, ways) VALUES (?, ?, ?)",
            persistent: true
        )
    }

    /// Inserts the rows, replacing rows of the same ids.
    func write(_ rows: TrackingRows) throws(SQLiteError) {
        for row in rows.nodes {
            try node.bind(row.id, at: 1)
            try node.bind(Int64(row.latitude), at: 2)
            try node.bind(Int64(row.longitude), at: 3)
            try node.bind(blob: IDListCoding.encode(row.users), at: 4)
            try node.run()
        }
        for row in rows.ways {
            try way.bind(row.id, at: 1)
            try way.bind(blob: IDListCoding.encode(row.nodes), at: 2)
            try way.bind(blob: IDListCoding.encode(row.relations), at: 3)
            try way.bind(row.selected ? 1 : 0, at: 4)
            try way.run()
        }
        for row in rows.relations {
            try relation.bind(row.id, at: 1)
            try relation.bind(blob: IDListCoding.encode(row.nodes), at: 2)
            try relation.bind(blob: IDListCoding.encode(row.ways), at: 3)
            try relation.run()
        }
    }
}
