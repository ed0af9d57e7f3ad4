package import OSMModel
import VenuesCore

extension OSMPBFHeader {
    /// What every OSM reader says about a file: the bounds (when valid), the writing program
    /// the replication timestamp in ISO 8601, and
    /// the replication feed and sequence (`osmosis_replication_*`) when the file names them.
    package var osmHeader: OSMHeader {
        var header = OSMHeader(generator: writingProgram)
        if let box = boundingBox {
            let bounds = OSMBounds(
                minLatitude: Double(box.bottom) / 1e9,
                minLongitude: Double(box.left) / 1e9,
                maxLatitude: Double(box.top) / 1e9,
                maxLongitude: Double(box.right) / 1e9
            )
            if bounds.isValid { header.bounds = bounds }
        }
        if let seconds = replicationTimestamp { header.timestamp = UTCTimestamp.text(seconds: seconds) }
        header.replicationURL = replicationBaseURL.flatMap { $0.isEmpty ? nil : $0 }
        header.replicationSequence = replicationSequenceNumber
        return header
    }
}
