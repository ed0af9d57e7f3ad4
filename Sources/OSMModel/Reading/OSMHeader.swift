/// What a file says about itself besides its elements: the `<osm>` root's attributes and
/// `<bounds>` in XML, the `OSMHeader` block in PBF.
package struct OSMHeader: Sendable, Hashable {
    /// The area the extract was cut to, when the file declares one.
    package var bounds: OSMBounds?
    /// The program that wrote the file (`osmium/1.15.0`, `Overpass API …`).
    package var generator: String?
    /// The time the data is current to (replication timestamp), as the file writes it
    /// (ISO 8601, `2024-05-01T20:21:43Z`).
    package var timestamp: String?
    /// The replication directory the file's data follows and its sequence there (PBF
    /// `osmosis_replication_base_url` and `osmosis_replication_sequence_number`, as Geofabrik
    /// writes them), for updates.
    package var replicationURL: String?
    package var replicationSequence: Int64?

    package init(bounds: OSMBounds? = nil, generator: String? = nil, timestamp: String? = nil) {
        self.bounds = bounds
        self.generator = generator
        self.timestamp = timestamp
    }
}

/// A latitude–longitude rectangle in degrees (`minLongitude > maxLongitude` never happens:
/// extracts crossing the antimeridian declare −180…180).
package struct OSMBounds: Sendable, Hashable {
    package var minLatitude: Double
    package var minLongitude: Double
    package var maxLatitude: Double
    package var maxLongitude: Double

    package init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// Whether the rectangle is a real one: finite, ordered, within −90…90 and −180…180.
    package var isValid: Bool {
        [minLatitude, minLongitude, maxLatitude, maxLongitude].allSatisfy(\.isFinite)
            && -90 <= minLatitude && minLatitude <= maxLatitude && maxLatitude <= 90
            && -180 <= minLongitude && minLongitude <= maxLongitude && maxLongitude <= 180
    }

    /// Whether the point lies inside this rectangle or on its edge.
    package func contains(latitude: Double, longitude: Double) -> Bool {
        minLatitude <= latitude && latitude <= maxLatitude && minLongitude <= longitude && longitude <= maxLongitude
    }

    /// Whether `other` lies wholly inside this rectangle.
    package func contains(_ other: OSMBounds) -> Bool {
        minLatitude <= other.minLatitude && other.maxLatitude <= maxLatitude
            && minLongitude <= other.minLongitude && other.maxLongitude <= maxLongitude
    }

    /// The area in square degrees of longitude × latitude (for choosing the smallest of
    /// several rectangles, not for measuring).
    package var degreeArea: Double { (maxLatitude - minLatitude) * (maxLongitude - minLongitude) }
}
