/// Degrees as OSM stores them: integers of 1e-7 degrees (about 1 cm), which fit an `Int32`.
package enum FixedPoint {
    package static let scale = 1e7

    /// The nearest fixed-point value of `degrees`; `nil` when it is not a number or does not fit
    /// (beyond ±214 degrees).
    package static func rounded(_ degrees: Double) -> Int32? {
        let scaled = (degrees * scale).rounded()
        guard scaled.isFinite, abs(scaled) <= Double(Int32.max) else { return nil }
        return Int32(scaled)
    }

    /// The fixed-point value when it gives back exactly `degrees`, else `nil`.
    package static func exact(_ degrees: Double) -> Int32? {
        guard let fixed = rounded(degrees), Double(fixed) / scale == degrees else { return nil }
        return fixed
    }

    /// Degrees from a fixed-point value, computed as the local extract search does.
    package static func degrees(_ value: Int32) -> Double { Double(value) / scale }
}
