public import Foundation

/// A zone's offset from UTC at many instants, asking Foundation once per stretch between two of
/// the zone's transitions instead of once per instant (each ask is a calendar computation in
/// ICU; a week of intervals written for each of many values asks for the same few offsets).
/// `ZoneOffsets(helsinki).offset(at: date)` is `helsinki.secondsFromGMT(for: date)`: 7200 in
/// winter, 10800 in summer.
public struct ZoneOffsets: Sendable {
    /// The zone.
    public let zone: TimeZone
    /// Stretches known to have one offset: from an instant asked about to the next transition.
    private var stretches: [(start: Double, end: Double, offset: Int)] = []

    /// Offsets of `zone`, none known yet.
    public init(_ zone: TimeZone) {
        self.zone = zone
    }

    /// The zone's offset at `date`, in seconds east of UTC: `zone.secondsFromGMT(for: date)`.
    public mutating func offset(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        for stretch in stretches where stretch.start <= seconds && seconds < stretch.end {
            return stretch.offset
        }
        let offset = zone.secondsFromGMT(for: date)
        // The offset holds from `date` until the next transition (none: for good).
        let next = zone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
        if stretches.count >= 16 { stretches.removeFirst() }
        stretches.append((seconds, next, offset))
        return offset
    }
}
