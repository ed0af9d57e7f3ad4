public import Foundation

/// Time zones' offsets from UTC, asked of Foundation once per stretch between two of a zone's
/// transitions and kept for every evaluation in the process: each ask is a calendar
/// computation in ICU, and a week of intervals for each of many values, or the states of a
/// listing's venues, ask for the same few offsets again and again.
///
/// `ZoneOffsetCache.shared.offset(of: helsinki, at: seconds)` is
/// `helsinki.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))`: 7200 in
/// winter, 10800 in summer. Thread-safe.
public final class ZoneOffsetCache: @unchecked Sendable {
    /// The cache every evaluation shares.
    public static let shared = ZoneOffsetCache()

    /// Seconds known to have one offset: `start..<end`, `end` the zone's next transition.
    private struct Stretch {
        var start: Int
        let end: Int
        let offset: Int
    }
    /// How many stretches a zone keeps (the oldest made goes first).
    static let stretchesPerZone = 32
    private let lock = NSLock()
    private var stretches: [String: [Stretch]] = [:]

    /// An empty cache.
    public init() {}

    /// The offset of `zone` from UTC at `date`, in seconds east: `zone.secondsFromGMT(for: date)`
    /// (at the second `date` is in, kept within years 1–9999).
    public func offset(of zone: TimeZone, at date: Date) -> Int {
        offset(of: zone, at: WallClock.wholeSeconds(date))
    }

    /// The offset of `zone` from UTC, in seconds east, `seconds` after 1970.
    public func offset(of zone: TimeZone, at seconds: Int) -> Int {
        let identifier = zone.identifier
        lock.lock()
        if let known = stretches[identifier] {
            for stretch in known where stretch.start <= seconds && seconds < stretch.end {
                lock.unlock()
                return stretch.offset
            }
        }
        lock.unlock()
        let date = Date(timeIntervalSince1970: Double(seconds))
        let offset = zone.secondsFromGMT(for: date)
        // The offset holds from here until the next transition (none: for good).
        let next = zone.nextDaylightSavingTimeTransition(after: date).map { Int($0.timeIntervalSince1970.rounded(.up)) }
        let end = next ?? Int.max
        lock.lock()
        defer { lock.unlock() }
        var known = stretches[identifier, default: []]
        if let same = known.firstIndex(where: { $0.end == end && $0.offset == offset }) {
            // The same stretch, asked earlier in it: it reaches back to here.
            known[same].start = min(known[same].start, seconds)
        } else {
            if known.count >= Self.stretchesPerZone { known.removeFirst() }
            known.append(Stretch(start: seconds, end: end, offset: offset))
        }
        stretches[identifier] = known
        return offset
    }
}
