public import Foundation

/// Where a venue is: what an `opening_hours` value is evaluated in.
public struct HoursContext: Sendable {
    /// The venue's zone: every time in a value is wall-clock time there.
    public var timeZone: TimeZone
    /// For sunrise, sunset, dawn and dusk; nil makes the rules that need them unknown.
    public var latitude: Double?
    /// For sunrise, sunset, dawn and dusk; nil makes the rules that need them unknown.
    public var longitude: Double?
    /// ISO 3166-1 alpha-2, for `PH`; nil or a country not in ``PublicHolidays/countries`` makes
    /// the rules that need `PH` unknown on every day.
    public var country: String?

    /// A context in `timeZone`, with a position and a country when known.
    public init(timeZone: TimeZone, latitude: Double? = nil, longitude: Double? = nil, country: String? = nil) {
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
    }
}
