import OSMModel

/// Where a venue is: its element, position and extent; ``VenueRowEncoder`` makes its `venue`
/// row with its tags.
struct VenueRow: Sendable {
    /// `venue.element`: OSM id × 4 + type.
    var element: Int64
    /// The `out center` position in degrees.
    var latitude: Double
    var longitude: Double
    /// A way's or relation's bounding box in 1e-7 degrees; `nil` for nodes.
    var extent: Extent?

    /// A bounding box in 1e-7 degrees.
    struct Extent: Sendable, Hashable {
        var minLatitude: Int32
        var minLongitude: Int32
        var maxLatitude: Int32
        var maxLongitude: Int32

        /// Its centre in degrees, where `out center` places a way or relation (and an import and
        /// an update alike).
        var center: (latitude: Double, longitude: Double) {
            (
                (FixedPoint.degrees(minLatitude) + FixedPoint.degrees(maxLatitude)) / 2,
                (FixedPoint.degrees(minLongitude) + FixedPoint.degrees(maxLongitude)) / 2
            )
        }
    }
}
