import Foundation
import OSMFiles
import OSMModel
import OSMSpill
import VenuesCore

/// Searches a local OSM file (an `.osm` extract, plain or compressed, or an `.osm.pbf`) with the
/// same rules as the Overpass query, streaming it (``OSMExtractFile``) and never holding it in
/// memory.
///
/// OSM files list nodes, then ways (as node references), then relations (as member
/// references), so a way's position is only known after its nodes have gone by. The search
/// does not remember every node's coordinates in memory (that would grow with the file):
///
/// 1. One streaming pass over every element: selected nodes inside the radius become venues at
///    once; selected ways and relations are kept with their references. Meanwhile every node's
///    position (16 bytes) and every way's node list go to unlinked temporary files
///    (``NodeLocationStore`` and ``WayNodeListStore``, the spill files an import uses), about a
///    tenth of the XML's size, on disk rather than in memory.
/// 2. The positions the kept ways and relations need are read back from them (the node
///    positions mapped and sorted by id, the way node lists in one sequential scan): no second
///    pass over the file, whatever its order.
/// 3. Only when no temporary file could be written is the file read again, up to twice: the
///    referenced nodes' coordinates and the relations' member ways' node lists, then the nodes
///    of those member ways; each pass stops as early as the element order allows.
///
/// A way's centre is the centre of the bounding box of its nodes found in the file, and a
/// relation's that of its member nodes and member ways' nodes (sub-relations are not
/// followed), as Overpass computes `out center`; the box becomes the venue's extent. An
/// extract cut to a rectangle misses some nodes: the centre and the extent use those present;
/// an element with none is skipped and counted.
///
/// Memory is bounded by the selected elements (and their references), not by the file size.
struct OSMExtractSearch {
    /// Which elements to keep.
    enum Criterion {
        /// Elements selected by the filter, whose position is within the radius of the centre.
        case nearby(OSMSelection, center: Coordinate, radius: Double)
        /// The one element with this type and id, named.
        case element(OSMElement.Kind, Int64)
    }

    let file: URL
    let criterion: Criterion
    var cancellation: CancellationFlag?
    /// Whether positions may come from the temporary index; `false` forces the re-reading
    /// passes (for files not sorted by id, and for tests comparing the two).
    var usesSpillFiles = true

    /// What the search found and what it had to skip.
    struct Result {
        var venues: [Venue]
        var notes: [String]
        var passes: Int
        var elementsRead: Int
    }

    private struct Pending {
        var kind: OSMElement.Kind
        var id: Int64
        var tags: OSMTags
        var nodes: [Int64]
        var ways: [Int64]
    }

    func run() throws(ProviderError) -> Result {
        do throws(OSMFileError) {
            return try search()
        } catch {
            throw ProviderError(error)
        }
    }

    private func search() throws(OSMFileError) -> Result {
        var venues: [Venue] = []
        var pending: [Pending] = []
        var neededNodes = Set<Int64>()
        var neededWays = Set<Int64>()
        var nodesWithoutPosition = 0

        // Pass 1, writing every node's position and every way's node list to spill files.
        let temporaryDirectory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        var spillError: OSMFileError?
        var nodeSpill: NodeLocationStore?
        var waySpill: WayNodeListStore?
        if usesSpillFiles {
            do throws(OSMFileError) {
                nodeSpill = try NodeLocationStore(directory: temporaryDirectory)
                waySpill = try WayNodeListStore(directory: temporaryDirectory)
            } catch {
                spillError = error
            }
        }
        let reader = OSMExtractFile.source(url: file, tags: true, references: true, cancellation: cancellation)
        let first = try reader.read { element in
            do throws(OSMFileError) {
                if element.kind == .node, let latitude = element.latitude, let longitude = element.longitude,
                    let fixedLatitude = FixedPoint.rounded(latitude), let fixedLongitude = FixedPoint.rounded(longitude)
                {
                    try nodeSpill?.append(id: element.id, latitude: fixedLatitude, longitude: fixedLongitude)
                } else if element.kind == .way {
                    try waySpill?.append(id: element.id, nodes: element.nodeRefs)
                }
            } catch {
                spillError = error
                nodeSpill = nil
                waySpill = nil
            }
            guard !element.tags.isEmpty, isSelected(element) else { return .next }
            switch element.kind {
            case .node:
                guard let latitude = element.latitude, let longitude = element.longitude,
                    let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
                else {
                    nodesWithoutPosition += 1
                    return .next
                }
                if isInside(coordinate),
                    let venue = OSMVenueMapper.venue(
                        kind: .node,
                        id: element.id,
                        coordinate: coordinate,
                        tags: element.tags
                    )
                {
                    venues.append(venue)
                }
            case .way:
                pending.append(
                    Pending(
                        kind: .way,
                        id: element.id,
                        tags: element.tags.compacted(),
                        nodes: compact(element.nodeRefs),
                        ways: []
                    )
                )
                neededNodes.formUnion(element.nodeRefs)
            case .relation:
                pending.append(
                    Pending(
                        kind: .relation,
                        id: element.id,
                        tags: element.tags.compacted(),
                        nodes: compact(element.memberNodes),
                        ways: compact(element.memberWays)
                    )
                )
                neededNodes.formUnion(element.memberNodes)
                neededWays.formUnion(element.memberWays)
            }
            if case .element = criterion { return .stop }
            return .next
        }
        var passes = 1
        var elementsRead = first.elements
        var notes: [String] = []
        if nodesWithoutPosition > 0 { notes.append("skipped \(nodesWithoutPosition) node(s) without lat/lon") }
        guard !pending.isEmpty else {
            return Result(venues: venues, notes: notes, passes: passes, elementsRead: elementsRead)
        }

        var positions: [Int64: (latitude: Double, longitude: Double)] = [:]
        var memberWayNodes: [Int64: [Int64]] = [:]
        let ordered = first.typeOrdered && !first.stoppedEarly

        // Positions from the spill files (which hold every element before the one a lookup
        // stopped at: all it needs unless the file mixed the element types).
        if let nodeSpill, let waySpill, first.typeOrdered || !first.stoppedEarly {
            if !neededWays.isEmpty {
                memberWayNodes = try waySpill.nodeLists(of: neededWays.sorted())
                for nodes in memberWayNodes.values { neededNodes.formUnion(nodes) }
            }
            try nodeSpill.seal()
            for node in neededNodes {
                guard let position = nodeSpill.position(of: node) else { continue }
                positions[node] = (FixedPoint.degrees(position.latitude), FixedPoint.degrees(position.longitude))
            }
            notes.append(
                "looked up \(positions.count) node position(s) in a \((nodeSpill.size + waySpill.size) / 1024) KiB temporary index"
            )
            let found = centres(of: pending, positions: positions, memberWayNodes: memberWayNodes)
            return Result(
                venues: venues + found.venues,
                notes: notes + found.notes,
                passes: passes,
                elementsRead: elementsRead
            )
        }
        if let spillError {
            notes.append("temporary index unavailable (\(spillError.description)); reading the file again")
        }

        // Pass 2: node coordinates, and the node lists of member ways.
        positions.reserveCapacity(neededNodes.count)
        var laterNodes = Set<Int64>()
        let second = OSMExtractFile.source(
            url: file,
            tags: false,
            references: !neededWays.isEmpty,
            cancellation: cancellation
        )
        let pass2 = try second.read { element in
            switch element.kind {
            case .node:
                if neededNodes.contains(element.id), let latitude = element.latitude, let longitude = element.longitude
                {
                    positions[element.id] = (latitude, longitude)
                }
            case .way:
                if neededWays.isEmpty, ordered { return .stop }
                if neededWays.contains(element.id) {
                    memberWayNodes[element.id] = compact(element.nodeRefs)
                    for node in element.nodeRefs where positions[node] == nil { laterNodes.insert(node) }
                    if ordered, memberWayNodes.count == neededWays.count { return .stop }
                }
            case .relation:
                if ordered { return .stop }
            }
            return .next
        }
        passes += 1
        elementsRead += pass2.elements

        // Pass 3: nodes of member ways that pass 2 had already gone past.
        laterNodes.subtract(positions.keys)
        if !laterNodes.isEmpty {
            let third = OSMExtractFile.source(url: file, tags: false, references: false, cancellation: cancellation)
            var remaining = laterNodes.count
            let pass3 = try third.read { element in
                guard element.kind == .node else { return ordered ? .stop : .next }
                if laterNodes.contains(element.id), let latitude = element.latitude, let longitude = element.longitude {
                    positions[element.id] = (latitude, longitude)
                    remaining -= 1
                    if remaining == 0 { return .stop }
                }
                return .next
            }
            passes += 1
            elementsRead += pass3.elements
        }

        let found = centres(of: pending, positions: positions, memberWayNodes: memberWayNodes)
        return Result(
            venues: venues + found.venues,
            notes: notes + found.notes,
            passes: passes,
            elementsRead: elementsRead
        )
    }

    /// The kept ways and relations placed at their centres and filtered by the radius.
    private func centres(
        of pending: [Pending],
        positions: [Int64: (latitude: Double, longitude: Double)],
        memberWayNodes: [Int64: [Int64]]
    ) -> (venues: [Venue], notes: [String]) {
        var venues: [Venue] = []
        var notes: [String] = []
        var withoutNodes = 0
        for item in pending {
            var box = BoundingBox()
            for node in item.nodes { if let position = positions[node] { box.add(position) } }
            for way in item.ways {
                for node in memberWayNodes[way] ?? [] { if let position = positions[node] { box.add(position) } }
            }
            guard let centre = box.centre else {
                withoutNodes += 1
                continue
            }
            guard isInside(centre),
                let venue = OSMVenueMapper.venue(
                    kind: item.kind,
                    id: item.id,
                    coordinate: centre,
                    tags: item.tags,
                    extent: box.extent
                )
            else { continue }
            venues.append(venue)
        }
        if withoutNodes > 0 {
            notes.append("skipped \(withoutNodes) way(s)/relation(s) whose nodes are not in the file")
        }
        return (venues, notes)
    }

    private func isSelected(_ element: OSMElement) -> Bool {
        switch criterion {
        case .nearby(let selection, _, _): selection.matches(element.tags)
        case .element(let kind, let id): element.kind == kind && element.id == id && element.tags["name"] != nil
        }
    }

    private func isInside(_ coordinate: Coordinate) -> Bool {
        switch criterion {
        case .nearby(_, let center, let radius): coordinate.distance(to: center) <= radius
        case .element: true
        }
    }
}

/// A copy of the reader's reused buffer with exactly its count as capacity. Keeping the buffer
/// itself would make the reader allocate a new one of the same (largest seen) capacity for
/// the next element, and each kept element would pin a buffer of that size.
private func compact(_ values: [Int64]) -> [Int64] {
    values.withUnsafeBufferPointer { Array($0) }
}

/// The bounding box of some positions; its centre is what Overpass calls `center`.
private struct BoundingBox {
    private var minLatitude = Double.infinity
    private var maxLatitude = -Double.infinity
    private var minLongitude = Double.infinity
    private var maxLongitude = -Double.infinity

    mutating func add(_ position: (latitude: Double, longitude: Double)) {
        minLatitude = min(minLatitude, position.latitude)
        maxLatitude = max(maxLatitude, position.latitude)
        minLongitude = min(minLongitude, position.longitude)
        maxLongitude = max(maxLongitude, position.longitude)
    }

    var centre: Coordinate? {
        guard minLatitude <= maxLatitude else { return nil }
        return try? Coordinate(latitude: (minLatitude + maxLatitude) / 2, longitude: (minLongitude + maxLongitude) / 2)
    }

    /// The box as a venue's extent (what Overpass prints for `out bb`).
    var extent: VenuesCore.BoundingBox? {
        guard minLatitude <= maxLatitude else { return nil }
        return try? VenuesCore.BoundingBox(
            south: minLatitude,
            west: minLongitude,
            north: maxLatitude,
            east: maxLongitude
        )
    }
}
