import Foundation

@testable import VenuesHours

/// Helpers shared by the suites: instants from ISO 8601 text, contexts, and a one-call evaluation.
enum HoursTestSupport {
    static let helsinki = TimeZone(identifier: "Europe/Helsinki")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// A context in Helsinki (Finland, its centre) unless told otherwise.
    static func context(
        _ zone: TimeZone = helsinki,
        country: String? = "FI",
        latitude: Double? = 60.1699,
        longitude: Double? = 24.9384
    ) -> HoursContext {
        HoursContext(timeZone: zone, latitude: latitude, longitude: longitude, country: country)
    }

    /// The instant of `text`, ISO 8601 with its offset: "2026-11-30T19:00:00+02:00".
    static func instant(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("bad instant \(text)") }
        return date
    }

    /// `value` evaluated at `text` in `context`.
    static func evaluate(
        _ value: String,
        at text: String,
        in context: HoursContext = context()
    ) throws -> HoursEvaluation {
        try OpeningHours(value).evaluate(at: instant(text), in: context)
    }

    /// The state of `value` at `text`.
    static func state(_ value: String, at text: String, in context: HoursContext = context()) throws -> HoursState {
        try evaluate(value, at: text, in: context).state
    }
}
