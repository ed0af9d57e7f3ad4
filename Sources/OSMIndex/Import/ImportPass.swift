import Foundation
import OSMModel
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
        guard isVenue(element) else { return }
        try setAside(element, nodes: element.nodeRefs, ways: [])
    }

    private func visitRelation(_ element: inout OSMElement) throws(OSMFileError) {
        relationCount += 1
        guard isVenue(element) else { return }
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
        guard !element.tags.isEmpty, element.id > 0, element.id <= OSMIndexSchema.maximumID,
            everyNamedNode || selection.matches(element.tags)
        else { return false }
        return element.tags.first("name") != nil
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
        var placed = 0
        try pending.forEachElement { element throws(OSMFileError) in
            placed += 1
            if placed & 0xFFF == 0, cancellation?.isCancelled == true { throw .cancelled }
            if placed & 0x1FFF == 0 { nodes.dropResidentPages() }
            var box = ExtentBuilder()
            for node in element.nodes { box.add(nodes.position(of: node)) }
            for way in element.ways {
                for node in memberWayNodes[way] ?? [] { box.add(nodes.position(of: node)) }
            }
            guard let extent = box.extent else {
                withoutNodes += 1
                return
            }
            let latitude = (FixedPoint.degrees(extent.minLatitude) + FixedPoint.degrees(extent.maxLatitude)) / 2
            let longitude = (FixedPoint.degrees(extent.minLongitude) + FixedPoint.degrees(extent.maxLongitude)) / 2
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
        nodes.release()
        flush()
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

/// The bounding box of the positions found, in 1e-7 degrees.
private struct ExtentBuilder {
    private var extent_: VenueRow.Extent?

    mutating func add(_ position: (latitude: Int32, longitude: Int32)?) {
        guard let position else { return }
        guard var box = extent_ else {
            extent_ = VenueRow.Extent(
                minLatitude: position.latitude,
                minLongitude: position.longitude,
                maxLatitude: position.latitude,
                maxLongitude: position.longitude
            )
            return
        }
        box.minLatitude = min(box.minLatitude, position.latitude)
        box.maxLatitude = max(box.maxLatitude, position.latitude)
        box.minLongitude = min(box.minLongitude, position.longitude)
        box.maxLongitude = max(box.maxLongitude, position.longitude)
        extent_ = box
    }

    var extent: VenueRow.Extent? { extent_ }
}

/// A sorted array without repeated values.
private func deduplicated(_ sorted: [Int64]) -> [Int64] {
    var result: [Int64] = []
    result.reserveCapacity(sorted.count)
    for value in sorted where result.last != value { result.append(value) }
    return result
}
