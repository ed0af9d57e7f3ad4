/// The `OSMHeader` block at the start of a PBF file: the extract's bounds, what a reader must
/// understand to read it, who wrote it and how current it is.
package struct OSMPBFHeader: Sendable, Hashable {
    /// The bounding box in nanodegrees, as written (`left`, `right`, `top`, `bottom`).
    package struct BoundingBox: Sendable, Hashable {
        package var left: Int64
        package var right: Int64
        package var top: Int64
        package var bottom: Int64

        package init(left: Int64, right: Int64, top: Int64, bottom: Int64) {
            self.left = left
            self.right = right
            self.top = top
            self.bottom = bottom
        }
    }

    package var boundingBox: BoundingBox?
    /// Features a reader must support to read the file (`OsmSchema-V0.6`, `DenseNodes`…).
    package var requiredFeatures: [String] = []
    /// Features a reader may use (`Sort.Type_then_ID`…).
    package var optionalFeatures: [String] = []
    /// The program that wrote the file (`osmium/1.15.0`).
    package var writingProgram: String?
    /// Where the data came from.
    package var source: String?
    /// The replication timestamp, in seconds since 1970.
    package var replicationTimestamp: Int64?
    /// The replication sequence number.
    package var replicationSequenceNumber: Int64?
    /// The replication base URL.
    package var replicationBaseURL: String?

    package init() {}

    /// The required features this reader understands. `HistoricalInformation` (files with
    /// every version of every element) and `LocationsOnWays` (ways carrying their nodes'
    /// positions, often with the untagged nodes left out) are refused with their own message.
    package static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// Why the file cannot be read by this reader, if a required feature is unknown to it.
    package var unsupportedFeatureReason: String? {
        for feature in requiredFeatures where !Self.supportedFeatures.contains(feature) {
            switch feature {
            case "HistoricalInformation":
                return
                    "the file is an OSM history file (required feature HistoricalInformation): it holds every version of every element, and only current data can be searched; use a current extract, or `osmium time-filter` it first"
            case "LocationsOnWays":
                return
                    "the file requires the feature LocationsOnWays (ways carrying their nodes' positions, as written by `osmium add-locations-to-ways`), which this reader does not support"
            default:
                return
                    "the file requires the feature '\(feature)', which this reader does not support (supported: \(Self.supportedFeatures.sorted().joined(separator: ", ")))"
            }
        }
        return nil
    }

    /// Decodes a `HeaderBlock`.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(WireError) -> OSMPBFHeader {
        var header = OSMPBFHeader()
        var cursor = ProtobufCursor(bytes)
        while let field = try cursor.nextField() {
            switch (field.number, field.type) {
            case (1, .lengthDelimited): header.boundingBox = try decodeBoundingBox(try cursor.message())
            case (4, .lengthDelimited): header.requiredFeatures.append(try cursor.string())
            case (5, .lengthDelimited): header.optionalFeatures.append(try cursor.string())
            case (16, .lengthDelimited): header.writingProgram = try cursor.string()
            case (17, .lengthDelimited): header.source = try cursor.string()
            case (32, .varint): header.replicationTimestamp = try cursor.int64()
            case (33, .varint): header.replicationSequenceNumber = try cursor.int64()
            case (34, .lengthDelimited): header.replicationBaseURL = try cursor.string()
            case (1, _), (4, _), (5, _), (16, _), (17, _), (32, _), (33, _), (34, _):
                throw WireError(
                    "header field \(field.number) has wire type \(field.type.rawValue)",
                    at: cursor.position
                )
            default: try cursor.skip(field.type)
            }
        }
        return header
    }

    private static func decodeBoundingBox(_ box: ProtobufCursor) throws(WireError) -> BoundingBox? {
        var cursor = box
        var values: [Int64?] = [nil, nil, nil, nil]
        while let field = try cursor.nextField() {
            if (1...4).contains(field.number), field.type == .varint {
                values[Int(field.number) - 1] = try cursor.sint64()
            } else {
                try cursor.skip(field.type)
            }
        }
        guard let left = values[0], let right = values[1], let top = values[2], let bottom = values[3] else {
            return nil
        }
        return BoundingBox(left: left, right: right, top: top, bottom: bottom)
    }
}
