public import Foundation

/// How stores keep instants: whole microseconds since 1970-01-01 UTC, PostgreSQL's own
/// precision, so that every store gives back the same ``Foundation/Date`` for the same value.
///
/// A date that is a whole number of microseconds comes back from a store exactly (`==`); any
/// other comes back rounded to the nearest microsecond.
public enum ServerStoreTime {
    /// `date` in whole microseconds since 1970, rounded to the nearest; clamped to ±292,000 years.
    public static func microseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard value.isFinite else { return value < 0 ? .min : .max }
        return Int64(exactly: value) ?? (value < 0 ? .min : .max)
    }

    /// The date `microseconds` after 1970-01-01 UTC.
    public static func date(microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }
}
