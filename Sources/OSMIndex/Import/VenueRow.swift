import OSMModel

/// One venue as the import hands it to the writer: the element, its position and extent, and
/// its tags as read. The writer derives the rest of the row (``VenueRowCoding``), so that the
/// reading thread does no more than read.
struct VenueRow: Sendable {
    /// `venue.element`: OSM id × 4 + type.
    var element: Int64
    /// The `out center` position in degrees.
    var latitude: Double
    var longitude: Double
    /// A way's or relation's bounding box in 1e-7 degrees; `nil` for nodes.
    var extent: Extent?
    /// Every tag of the element.
    var tags: OSMTags

    /// A bounding box in 1e-7 degrees.
    struct Extent: Sendable, Hashable {
        var minLatitude: Int32
        var minLongitude: Int32
        var maxLatitude: Int32
        var maxLongitude: Int32
    }
}
