/// Degrees as OSM stores them: integers of 1e-7 degrees (about 1 cm), which fit an `Int32`.
enum FixedPoint {
    static let scale = 1e7

    /// The nearest fixed-point value of `degrees`; `nil` when it is not a number or does not fit
    /// (beyond ±214 degrees).
    static func rounded(_ degrees: Double) -> Int32? {
        let scaled = (degrees * scale).rounded()
        guard scaled.isFinite, abs(scaled) <= Double(Int32.max) else { return nil }
        return Int32(scaled)
    }

    /// The fixed-point value when it gives back exactly `degrees`, else `nil`.
    static func exact(_ degrees: Double) -> Int32? {
        guard let fixed = rounded(degrees), Double(fixed) / scale == degrees else { return nil }
        return fixed
    }

    /// Degrees from a fixed-point value, computed as the local extract search does.
    static func degrees(_ value: Int32) -> Double { Double(value) / scale }

    /// The smallest fixed-point interval holding `degrees` (one point when it is exact).
    static func interval(_ degrees: Double) -> (lower: Int32, upper: Int32) {
        if let exact = exact(degrees) { return (exact, exact) }
        let scaled = degrees * scale
        return (Int32(scaled.rounded(.down)), Int32(scaled.rounded(.up)))
    }
}
