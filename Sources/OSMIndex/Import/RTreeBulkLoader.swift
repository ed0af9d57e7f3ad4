import VenuesSQLite

/// One entry of the position R-tree: an id and a point in 1e-7 degrees (16 bytes: a country's
/// venues are held in memory until they are packed). A position between two fixed-point values
/// is rounded: searches pad their rectangles by far more than that, and measure every candidate
/// from its exact stored position.
struct RTreePoint {
    var id: Int64
    var latitude: Int32
    var longitude: Int32
}

/// A cell of a node: an entry's point, or a child node and the box around it.
struct RTreeBox {
    var id: Int64
    var minLatitude: Int32
    var maxLatitude: Int32
    var minLongitude: Int32
    var maxLongitude: Int32
}

/// Fills an empty SQLite `rtree_i32` table (two dimensions) in one go, by writing its shadow
/// tables directly, instead of inserting entries one by one.
///
/// SQLite's R-tree inserts an entry in about 16 µs (choosing a leaf, splitting, forced
/// reinsertion), some minutes for a country's venues; packing them with the Sort-Tile-Recursive
/// algorithm and writing the nodes takes seconds, and gives a tree whose nodes are nearly full,
/// so queries read few of them.
///
/// Nearly, not wholly: every node keeps room for a few more cells (``cellsPerPackedNode``).
/// An update (`venues osm update`) inserts entries one by one through SQLite, and an insert
/// into a full node costs SQLite a forced reinsertion of a third of its cells and a split, up
/// the tree: with every node full, the R-tree was two thirds of an update's time.
///
/// The shadow tables' format is SQLite's documented on-disk R-tree format (`rtree.c`, stable
/// like the rest of the file format): `NAME_node(nodeno, data)` holds each node as a blob of
/// `4 + 24 × 51` bytes (for four coordinates and pages of at least 1292 bytes): a 16-bit tree
/// depth (root only), a 16-bit cell count, then cells of a 64-bit id and four 32-bit
/// coordinates, all big-endian; node 1 is the root. `NAME_parent(nodeno, parentnode)` names
/// each non-root node's parent and `NAME_rowid(rowid, nodeno)` each entry's leaf. SQLite's own
/// `rtreecheck()` accepts the result (the tests run it).
enum RTreeBulkLoader {
    /// Cells per node: SQLite's `RTREE_MAXCELLS`, which bounds the node size for pages this big.
    static let cellsPerNode = 51
    /// Cells a packed node is filled with: nine tenths of ``cellsPerNode``, leaving room for an
    /// update's inserts (the tree grows by a ninth; queries read that many more leaves).
    static let cellsPerPackedNode = 46
    /// Bytes per cell: an id and four 32-bit coordinates.
    static let bytesPerCell = 8 + 4 * 4
    /// Bytes per node blob.
    static let nodeSize = 4 + bytesPerCell * cellsPerNode

    /// Replaces the content of the (empty) R-tree `table` by `entries`. The entries are
    /// reordered (and their positions overwritten) in place, so that a country's worth of
    /// entries is never copied.
    static func load(
        _ entries: inout [RTreePoint],
        into table: String,
        connection: SQLiteConnection
    ) throws(SQLiteError) {
        let pageSize = try connection.integer("PRAGMA page_size") ?? 4096
        precondition(pageSize - 64 >= nodeSize, "pages of \(pageSize) bytes give R-tree nodes of another size")
        try connection.execute(
            "DELETE FROM \"\(table)_node\"; DELETE FROM \"\(table)_parent\"; DELETE FROM \"\(table)_rowid\";"
        )
        let insertNode = try connection.prepare("INSERT INTO \"\(table)_node\"(nodeno, data) VALUES (?, ?)")
        var blob = [UInt8](repeating: 0, count: nodeSize)
        guard !entries.isEmpty else {
            // An empty tree is one empty leaf as root.
            try insertNode.bind(1, at: 1)
            try insertNode.bind(blob: blob, at: 2)
            try insertNode.run()
            return
        }

        // The leaves are runs of `cellsPerPackedNode` entries of the sorted array; the levels above
        // are small and kept as arrays of nodes, each node its cells (child index and box).
        sortTileRecursive(&entries, latitude: { Int64($0.latitude) * 2 }, longitude: { Int64($0.longitude) * 2 })
        let leafCount = (entries.count + cellsPerPackedNode - 1) / cellsPerPackedNode
        var boxes = (0..<leafCount).map { leaf in
            boundingBox(of: entries[leafRange(leaf, entries.count)], id: Int64(leaf))
        }
        var upperLevels: [[[RTreeBox]]] = []
        while boxes.count > 1 {
            sortTileRecursive(
                &boxes,
                latitude: { Int64($0.minLatitude) + Int64($0.maxLatitude) },
                longitude: { Int64($0.minLongitude) + Int64($0.maxLongitude) }
            )
            var nodes: [[RTreeBox]] = []
            for node in 0..<(boxes.count + cellsPerPackedNode - 1) / cellsPerPackedNode {
                nodes.append(Array(boxes[leafRange(node, boxes.count)]))
            }
            upperLevels.append(nodes)
            boxes = nodes.enumerated().map { index, cells in boundingBox(of: cells[...], id: Int64(index)) }
        }

        // Node numbers: the root is 1, then every level from the top, left to right.
        let depth = upperLevels.count
        var firstNumber = [Int](repeating: 0, count: depth + 1)
        var next = 1
        for level in stride(from: depth, through: 0, by: -1) {
            firstNumber[level] = next
            next += level == 0 ? leafCount : upperLevels[level - 1].count
        }

        func writeNode(number: Int, cells: some Collection<RTreeBox>, childBase: Int64?) throws(SQLiteError) {
            for position in blob.indices { blob[position] = 0 }
            if number == 1 { writeBigEndian(UInt16(depth), into: &blob, at: 0) }
            writeBigEndian(UInt16(cells.count), into: &blob, at: 2)
            for (cellIndex, cell) in cells.enumerated() {
                let offset = 4 + cellIndex * bytesPerCell
                // Above the leaves, a cell's id is its child's node number.
                let id = childBase.map { $0 + cell.id } ?? cell.id
                writeBigEndian(UInt64(bitPattern: id), into: &blob, at: offset)
                writeBigEndian(UInt32(bitPattern: cell.minLatitude), into: &blob, at: offset + 8)
                writeBigEndian(UInt32(bitPattern: cell.maxLatitude), into: &blob, at: offset + 12)
                writeBigEndian(UInt32(bitPattern: cell.minLongitude), into: &blob, at: offset + 16)
                writeBigEndian(UInt32(bitPattern: cell.maxLongitude), into: &blob, at: offset + 20)
            }
            try insertNode.bind(number, at: 1)
            try insertNode.bind(blob: blob, at: 2)
            try insertNode.run()
        }

        let insertParent = try connection.prepare("INSERT INTO \"\(table)_parent\"(nodeno, parentnode) VALUES (?, ?)")
        for level in stride(from: depth, through: 1, by: -1) {
            let childBase = Int64(firstNumber[level - 1])
            for (index, cells) in upperLevels[level - 1].enumerated() {
                let number = firstNumber[level] + index
                try writeNode(number: number, cells: cells[...], childBase: childBase)
                for cell in cells {
                    try insertParent.bind(childBase + cell.id, at: 1)
                    try insertParent.bind(number, at: 2)
                    try insertParent.run()
                }
            }
        }
        for leaf in 0..<leafCount {
            let cells = entries[leafRange(leaf, entries.count)].lazy.map { point in
                RTreeBox(
                    id: point.id,
                    minLatitude: point.latitude,
                    maxLatitude: point.latitude,
                    minLongitude: point.longitude,
                    maxLongitude: point.longitude
                )
            }
            try writeNode(number: firstNumber[0] + leaf, cells: cells, childBase: nil)
        }

        // Each entry's leaf, inserted in id order (appending to the rowid table's B-tree); the
        // leaf number is kept in the entry's no longer needed box.
        for index in entries.indices {
            entries[index].latitude = Int32(firstNumber[0] + index / cellsPerPackedNode)
        }
        entries.sort { $0.id < $1.id }
        let insertRowid = try connection.prepare("INSERT INTO \"\(table)_rowid\"(rowid, nodeno) VALUES (?, ?)")
        for entry in entries {
            try insertRowid.bind(entry.id, at: 1)
            try insertRowid.bind(Int64(entry.latitude), at: 2)
            try insertRowid.run()
        }
    }

    /// The cells of node `index` when `count` cells are cut into packed nodes.
    private static func leafRange(_ index: Int, _ count: Int) -> Range<Int> {
        index * cellsPerPackedNode..<min((index + 1) * cellsPerPackedNode, count)
    }

    /// Sort-Tile-Recursive order: sorted by longitude into vertical slices of `√(nodes)` nodes
    /// each, each slice sorted by latitude, so that consecutive runs of `cellsPerPackedNode` make
    /// compact nodes. `latitude` and `longitude` give an element's centre (doubled, to stay
    /// whole).
    private static func sortTileRecursive<Element>(
        _ entries: inout [Element],
        latitude: (Element) -> Int64,
        longitude: (Element) -> Int64
    ) {
        let nodeCount = (entries.count + cellsPerPackedNode - 1) / cellsPerPackedNode
        let slices = Int(Double(nodeCount).squareRoot().rounded(.up))
        let sliceSize = max(1, slices) * cellsPerPackedNode
        entries.sort { longitude($0) < longitude($1) }
        var start = 0
        while start < entries.count {
            let end = min(start + sliceSize, entries.count)
            entries[start..<end].sort { latitude($0) < latitude($1) }
            start = end
        }
    }

    /// The box around some points, with the given id.
    private static func boundingBox(of points: ArraySlice<RTreePoint>, id: Int64) -> RTreeBox {
        var box = RTreeBox(id: id, minLatitude: .max, maxLatitude: .min, minLongitude: .max, maxLongitude: .min)
        for point in points {
            box.minLatitude = min(box.minLatitude, point.latitude)
            box.maxLatitude = max(box.maxLatitude, point.latitude)
            box.minLongitude = min(box.minLongitude, point.longitude)
            box.maxLongitude = max(box.maxLongitude, point.longitude)
        }
        return box
    }

    /// The box around some boxes, with the given id.
    private static func boundingBox(of cells: ArraySlice<RTreeBox>, id: Int64) -> RTreeBox {
        var box = RTreeBox(id: id, minLatitude: .max, maxLatitude: .min, minLongitude: .max, maxLongitude: .min)
        for cell in cells {
            box.minLatitude = min(box.minLatitude, cell.minLatitude)
            box.maxLatitude = max(box.maxLatitude, cell.maxLatitude)
            box.minLongitude = min(box.minLongitude, cell.minLongitude)
            box.maxLongitude = max(box.maxLongitude, cell.maxLongitude)
        }
        return box
    }

    private static func writeBigEndian<T: FixedWidthInteger>(_ value: T, into blob: inout [UInt8], at offset: Int) {
        let bytes = value.bigEndian
        withUnsafeBytes(of: bytes) { raw in
            for index in 0..<raw.count { blob[offset + index] = raw[index] }
        }
    }
}
