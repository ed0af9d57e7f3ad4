import OSMModel

/// The bounding box of the positions found, in 1e-7 degrees.
struct ExtentBuilder {
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
