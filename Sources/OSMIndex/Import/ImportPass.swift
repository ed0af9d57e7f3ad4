import Foundation
import OSMModel
import OSMSpill
import VenuesCore

/// The reading half of an import: sees every element once, sends venue nodes to the writer at
/// once, and sets aside what is needed to place ways and relations afterwards (every node's
/// position, every way's node list, the venue ways and relations themselves).
///
/// Which elements are venues is decided exactly as the provider decides it (``OSMSelection``
/// with no category and no term, and a name ``OSMVenueMapper`` accepts), so that a search of the
/// index finds what a search of the file finds.
final class ImportPass {
    private let queue: BoundedQueue<ImportMessage>
    private let selection: OSMSelection
    /// Every named node is a venue (``OSMIndexImporter/Content/overture``), not only those the
    /// OSM rules select.
    private let everyNamedNode: Bool
    /// Whether the index keeps what updates need (``TrackingRows``): for OpenStreetMap data.
    private let tracks: Bool
    private let nodes: NodeLocationStore
    private let ways: WayNodeListStore
    private let pending: PendingElementStore
    private var batch: [PlacedVenue] = []
    private static let batchSize = 2048

    /// Counts for the summary and the progress line.
    private(set) var nodeVenues = 0
    private(set) var wayVenues = 0
    private(set) var relationVenues = 0
    private(set) var nodeCount = 0
    private(set) var wayCount = 0
    private(set) var relationCount = 0
    /// Ways and relations none of whose nodes are in the file (or placed out of range).
    private(set) var withoutNodes = 0
    /// Nodes without a usable position.
    private(set) var nodesWithoutPosition = 0
    /// Whether to note where venues lie (``coverage``): for files that declare no bounds. Set
    /// to `false` when the file's header declares them.
    var collectsCoverage = true
    /// The cells (``CoverageCells/cell(latitude:longitude:)``) of venue nodes and of venue
    /// ways smaller than a cell: where the file's data lies.
    private(set) var coverage = Set<Int64>()
    /// Set when the writer stopped (it failed): the pass ends early.
    private(set) var writerStopped = false
    /// A temporary file could not be written.
    private(set) var spillFailure: OSMFileError?

    init(
        queue: BoundedQueue<ImportMessage>,
        temporaryDirectory: URL,
        content: OSMIndexImporter.Content = .openStreetMap
    ) throws(OSMFileError) {
        self.queue = queue
        everyNamedNode = content != .openStreetMap
        tracks = content == .openStreetMap
        selection = try! OSMSelection(categories: [], term: nil)
        nodes = try NodeLocationStore(directory: temporaryDirectory)
        ways = try WayNodeListStore(directory: temporaryDirectory)
        pending = try PendingElementStore(directory: temporaryDirectory)
        batch.reserveCapacity(Self.batchSize)
    }

    /// Venues sent to the writer so far.
    var venues: Int { nodeVenues + wayVenues + relationVenues }

    // MARK: Reading

    /// Takes one element of the file.
    func visit(_ element: inout OSMElement) -> OSMVisit {
        do throws(OSMFileError) {
            switch element.kind {
            case .node: try visitNode(&element)
            case .way: try visitWay(&element)
            case .relation: try visitRelation(&element)
            }
        } catch {
            spillFailure = error
            return .stop
        }
        return writerStopped ? .stop : .next
    }

    private func visitNode(_ element: inout OSMElement) throws(OSMFileError) {
        nodeCount += 1
        guard let latitude = element.latitude, let longitude = element.longitude,
            let fixedLatitude = FixedPoint.rounded(latitude), let fixedLongitude = FixedPoint.rounded(longitude)
        else {
            nodesWithoutPosition += 1
            return
        }
        // Kept even when out of range, as the local extract search keeps it: a way's centre is
        // then out of range too, and the way is skipped by both.
        try nodes.append(id: element.id, latitude: fixedLatitude, longitude: fixedLongitude)
        guard (try? Coordinate(latitude: latitude, longitude: longitude)) != nil, isVenue(element) else { return }
        nodeVenues += 1
        if collectsCoverage { coverage.insert(CoverageCells.cell(latitude: latitude, longitude: longitude)) }
        send(
            VenueRow(
                element: OSMIndexSchema.element(kind: .node, id: element.id),
                latitude: latitude,
                longitude: longitude,
                extent: nil
            ),
            // The element is reused for the next one: the tags are copied.
            tags: element.tags.compacted()
        )
    }

    private func visitWay(_ element: inout OSMElement) throws(OSMFileError) {
        wayCount += 1
        try ways.append(id: element.id, nodes: element.nodeRefs)
        guard isVenue(element) || isTracked(element) else { return }
        try setAside(element, nodes: element.nodeRefs, ways: [])
    }

    private func visitRelation(_ element: inout OSMElement) throws(OSMFileError) {
        relationCount += 1
        guard isVenue(element) || isTracked(element) else { return }
        try setAside(element, nodes: element.memberNodes, ways: element.memberWays)
    }

    private func setAside(_ element: OSMElement, nodes: [Int64], ways: [Int64]) throws(OSMFileError) {
        try pending.append(
            PendingElementStore.Element(
                kind: element.kind,
                id: element.id,
                tags: element.tags,
                nodes: nodes,
                ways: ways
            )
        )
    }

    /// A venue: selected by the provider's rules (any node, for a source other than OSM), with a name the mapper accepts and an id an
    /// index row can hold.
    private func isVenue(_ element: OSMElement) -> Bool {
        isVenue(id: element.id, tags: element.tags)
    }

    private func isVenue(id: Int64, tags: OSMTags) -> Bool {
        guard !tags.isEmpty, id > 0, id <= OSMIndexSchema.maximumID, everyNamedNode || selection.matches(tags)
        else { return false }
        return tags.first("name") != nil
    }

    /// A way or relation whose nodes an update needs (``TrackedElements/isTracked(id:tags:selection:)``).
    private func isTracked(_ element: OSMElement) -> Bool {
        tracks && TrackedElements.isTracked(id: element.id, tags: element.tags, selection: selection)
    }

    // MARK: Placing ways and relations

    /// After the file: places the venue ways and relations at the centre of their nodes'
    /// bounding box (a relation: of its member nodes and its member ways' nodes, sub-relations
    /// not followed), as Overpass `out center` does, and sends them to the writer. Those with
    /// none of their nodes in the file are skipped and counted. The node positions are unmapped
    /// at the end.
    func placeWaysAndRelations(cancellation: CancellationFlag?) throws(OSMFileError) {
        try nodes.seal()
        var memberWays: [Int64] = []
        try pending.forEachElement { element throws(OSMFileError) in memberWays += element.ways }
        memberWays.sort()
        memberWays = deduplicated(memberWays)
        let memberWayNodes = try ways.nodeLists(of: memberWays)
        var tracked = TrackedElements()
        var placed = 0
        try pending.forEachElement { element throws(OSMFileError) in
            placed += 1
            if placed & 0xFFF == 0, cancellation?.isCancelled == true { throw .cancelled }
            if placed & 0x1FFF == 0 { nodes.dropResidentPages() }
            if tracks, TrackedElements.isTracked(id: element.id, tags: element.tags, selection: selection) {
                if element.kind == .way {
                    tracked.addWay(id: element.id, nodes: element.nodes)
                } else {
                    tracked.addRelation(id: element.id, nodes: element.nodes, ways: element.ways) { memberWayNodes[$0] }
                }
            }
            guard isVenue(id: element.id, tags: element.tags) else { return }
            var box = ExtentBuilder()
            for node in element.nodes { box.add(nodes.position(of: node)) }
            for way in element.ways {
                for node in memberWayNodes[way] ?? [] { box.add(nodes.position(of: node)) }
            }
            guard let extent = box.extent else {
                withoutNodes += 1
                return
            }
            let (latitude, longitude) = extent.center
            guard (try? Coordinate(latitude: latitude, longitude: longitude)) != nil else {
                withoutNodes += 1
                return
            }
            if element.kind == .way { wayVenues += 1 } else { relationVenues += 1 }
            // A way that crosses the file's edge is carried whole (`--strategy smart`); one smaller
            // than a cell lies where the data does, within a cell of it.
            if collectsCoverage, element.kind == .way,
                Double(extent.maxLatitude - extent.minLatitude) < FixedPoint.scale / CoverageCells.cellsPerDegree,
                Double(extent.maxLongitude - extent.minLongitude) < FixedPoint.scale / CoverageCells.cellsPerDegree
            {
                coverage.insert(CoverageCells.cell(latitude: latitude, longitude: longitude))
            }
            send(
                VenueRow(
                    element: OSMIndexSchema.element(kind: element.kind, id: element.id),
                    latitude: latitude,
                    longitude: longitude,
                    extent: extent
                ),
                tags: element.tags
            )
        }
        flush()
        if tracks { sendTracking(tracked) }
        nodes.release()
    }

    /// Sends the tracked ways and relations and the positions of their nodes (nodes the file
    /// does not have are left out, as placing leaves them out).
    private func sendTracking(_ tracked: consuming TrackedElements) {
        var rows = TrackingRows()
        func send() {
            if !queue.put(.tracking(rows)) { writerStopped = true }
            rows = TrackingRows()
        }
        // The nodes first (they are read off the ways), then the ways (let go of as they go).
        var looked = 0
        tracked.forEachNode { node, users in
            looked += 1
            // The node file is read in id order here: pages behind are not needed again.
            if looked & 0xFFFF == 0 { nodes.dropResidentPages() }
            guard let position = nodes.position(of: node) else { return }
            rows.nodes.append(
                TrackingRows.Node(id: node, latitude: position.latitude, longitude: position.longitude, users: users)
            )
            if rows.count >= Self.batchSize * 4 { send() }
        }
        tracked.takeWayRows { way in
            rows.ways.append(way)
            if rows.count >= Self.batchSize * 4 { send() }
        }
        for relation in tracked.relationRows() {
            rows.relations.append(relation)
            if rows.count >= Self.batchSize * 4 { send() }
        }
        if !rows.isEmpty { send() }
    }

    // MARK: Sending

    private func send(_ row: VenueRow, tags: OSMTags) {
        batch.append(PlacedVenue(row: row, tags: tags))
        if batch.count >= Self.batchSize { flush() }
    }

    /// Sends the rows gathered so far.
    func flush() {
        guard !batch.isEmpty else { return }
        if !queue.put(.venues(batch)) {
            writerStopped = true
        }
        batch.removeAll(keepingCapacity: true)
    }

    /// Bytes set aside in temporary files.
    var temporaryBytes: Int { nodes.size + ways.size }
}

@available(*, unavailable)
extension ImportPass: Sendable {}

/// A sorted array without repeated values.
private func deduplicated(_ sorted: [Int64]) -> [Int64] {
    var result: [Int64] = []
    result.reserveCapacity(sorted.count)
    for value in sorted where result.last != value { result.append(value) }
    return result
}
