import Foundation

/// A map's scale bar: a round ground length (1, 2 or 5 times a power of ten metres) and how
/// many pixels it spans at the map's centre.
public struct ScaleBar: Sendable, Hashable {
    /// The ground length the bar stands for, in metres.
    public var meters: Double
    /// The bar's length on the map, in pixels.
    public var pixels: Double

    /// The longest round length whose bar fits in `maximumPixels` at `metersPerPixel`.
    public init(metersPerPixel: Double, maximumPixels: Double) {
        let limit = metersPerPixel * maximumPixels
        let magnitude = pow(10, floor(log10(max(limit, 1))))
        let step = [5.0, 2.0, 1.0].first { $0 * magnitude <= limit } ?? 1
        // Below a metre, a metre is the shortest bar worth drawing.
        let chosen = max(1, step * magnitude)
        meters = chosen
        pixels = chosen / metersPerPixel
    }

    /// `200 m`, `1 km`, `20 km`.
    public var label: String {
        meters >= 1000 ? "\(Self.trimmed(meters / 1000)) km" : "\(Self.trimmed(meters)) m"
    }

    private static func trimmed(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
