/// The changes of one or more OsmChange files, merged: for each object the newest version read
/// (the higher `version`; of equal or unknown versions, the one read last), so that files
/// applied in order and an object changed several times in one file give the object as it is now.
package struct OSMChangeSet: Sendable {
    /// An object as the changes leave it.
    package struct Change: Sendable {
        /// Whether the object was deleted (its other fields are then of no use).
        package var deleted: Bool
        package var version: Int64?
        /// A node's position in 1e-7 degrees (`nil` when deleted or out of range).
        package var latitude: Int32?
        package var longitude: Int32?
        /// The node's position in degrees as the file writes it (a node venue's position).
        package var degrees: (latitude: Double, longitude: Double)?
        package var tags: OSMTags
        /// A way's nodes, or a relation's member nodes.
        package var nodes: [Int64]
        /// A relation's member ways.
        package var ways: [Int64]

        /// A node's position, when it has one.
        package var position: (latitude: Int32, longitude: Int32)? {
            guard !deleted, let latitude, let longitude else { return nil }
            return (latitude, longitude)
        }
    }

    package private(set) var nodes: [Int64: Change] = [:]
    package private(set) var ways: [Int64: Change] = [:]
    package private(set) var relations: [Int64: Change] = [:]
    /// The newest element `timestamp` of the files (ISO 8601), when they carry them.
    package private(set) var newestTimestamp: String?
    /// Elements read, counting each version.
    package private(set) var elementsRead = 0

    package init() {}

    /// Objects changed (each once).
    package var count: Int { nodes.count + ways.count + relations.count }

    /// Adds one element of a change file (`deleted` for one in a `<delete>` block).
    package mutating func add(_ element: OSMElement, deleted: Bool, version: Int64?) {
        elementsRead += 1
        var latitude: Int32?
        var longitude: Int32?
        var degrees: (latitude: Double, longitude: Double)?
        if element.kind == .node, !deleted, let lat = element.latitude, let lon = element.longitude,
            let fixedLatitude = FixedPoint.rounded(lat), let fixedLongitude = FixedPoint.rounded(lon)
        {
            latitude = fixedLatitude
            longitude = fixedLongitude
            degrees = (lat, lon)
        }
        let change = Change(
            deleted: deleted,
            version: version,
            latitude: latitude,
            longitude: longitude,
            degrees: degrees,
            tags: deleted ? OSMTags() : element.tags,
            nodes: deleted ? [] : (element.kind == .way ? element.nodeRefs : element.memberNodes),
            ways: deleted ? [] : element.memberWays
        )
        switch element.kind {
        case .node: Self.keepNewer(change, id: element.id, in: &nodes)
        case .way: Self.keepNewer(change, id: element.id, in: &ways)
        case .relation: Self.keepNewer(change, id: element.id, in: &relations)
        }
    }

    /// Notes an element timestamp (ISO 8601 as OSM writes it: byte order is time order).
    package mutating func consider(timestamp: String?) {
        guard let timestamp, !timestamp.isEmpty else { return }
        if newestTimestamp.map({ $0.utf8.lexicographicallyPrecedes(timestamp.utf8) }) ?? true {
            newestTimestamp = timestamp
        }
    }

    private static func keepNewer(_ change: Change, id: Int64, in changes: inout [Int64: Change]) {
        if let kept = changes[id], let keptVersion = kept.version, let version = change.version, version < keptVersion {
            return
        }
        changes[id] = change
    }
}
