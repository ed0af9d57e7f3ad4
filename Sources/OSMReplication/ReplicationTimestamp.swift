package import Foundation
import VenuesCore

/// The times of state files, `2026-11-27T00:59:58Z` (UTC, to the second), as dates
/// (``UTCTimestamp``).
package enum ReplicationTimestamp {
    /// The time `text` names, or `nil` unless it is exactly `YYYY-MM-DDTHH:MM:SSZ` with a real
    /// date and time (years 1–9999; no fraction, no offset, no leap second).
    package static func date(_ text: String) -> Date? {
        UTCTimestamp.seconds(text).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SSZ`, the fraction of a second dropped (years 1–9999; a date
    /// outside them is written as the nearest of them).
    package static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let range = UTCTimestamp.secondsInRange
        let clamped = seconds.isNaN ? 0 : Int64(min(max(seconds, Double(range.lowerBound)), Double(range.upperBound)))
        return UTCTimestamp.text(seconds: clamped) ?? ""
    }
}
