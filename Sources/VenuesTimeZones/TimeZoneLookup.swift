public import Foundation

/// The time zone at a position on Earth, offline.
///
/// Opening hours are evaluated in a venue's own zone; when a provider does not say which, it
/// comes from the venue's position:
///
/// ```
/// TimeZoneLookup.identifier(latitude: 60.17, longitude: 24.94)  // "Europe/Helsinki"
/// TimeZoneLookup.timeZone(latitude: 40.75, longitude: -73.99)  // America/New_York
/// ```
///
/// The answers come from timezone-boundary-builder's polygons (ODbL; see `dataVersion` and
/// docs/time-zones.md), compacted into a quadtree embedded in the binary: no file and no network
/// at run time.
///
/// ## Precision
///
/// The globe is a grid of 0.0146484375° cells (1.6 km north–south), each answering the zone at its
/// centre, so a position is answered right wherever no zone border comes within 0.0104° (half a
/// cell's diagonal, 1.2 km) of it. Two simplifications at sea:
///
/// - **The ocean answers a nautical zone.** The data covers the whole globe: beyond a country's
///   waters the answer is the nautical zone `Etc/GMT±N` of the 15°-wide strip (`Etc/GMT+10` is
///   UTC−10: the sign is POSIX's, the reverse of ISO 8601's), never nil. `Etc/GMT±N` is a valid
///   Foundation time zone, so callers need no fallback of their own.
/// - **Near a coast, sea answers the land zone.** Cells of up to 0.117° that hold one land zone and
///   sea only answer that land zone, so up to 0.166° (18 km) beyond a country's waters (which
///   already reach about 22 km from the shore) the answer may be the land zone instead of
///   `Etc/GMT±N`. Land is never affected.
///
/// ## Cost
///
/// The data is read on first use, once and thread-safely (1–3 ms), and each 7.5° cell's tree when
/// a position in it is first asked for (at most 0.4 ms; 3.3 MB with every cell decoded). A lookup
/// reads at most ten array slots: several million a second (docs/time-zones.md).
public enum TimeZoneLookup {
    /// The IANA identifier of the zone at a position (latitude first, degrees), or nil where the
    /// position is not one: a latitude outside −90…90, or a coordinate that is NaN or infinite.
    ///
    /// Any finite longitude is taken modulo 360; the poles and the antimeridian have answers like
    /// anywhere else. At sea, far from a country's waters, the answer is the nautical zone
    /// `Etc/GMT±N` (see the type's documentation).
    public static func identifier(latitude: Double, longitude: Double) -> String? {
        guard let zone = grid.zoneIndex(latitude: latitude, longitude: longitude) else { return nil }
        return grid.identifiers[zone]
    }

    /// The same as a Foundation `TimeZone`: nil where ``identifier(latitude:longitude:)`` is nil,
    /// or when Foundation does not know the identifier (its tz database older than the data's).
    public static func timeZone(latitude: Double, longitude: Double) -> TimeZone? {
        guard let zone = grid.zoneIndex(latitude: latitude, longitude: longitude) else { return nil }
        return timeZones.timeZone(zone, identifier: grid.identifiers[zone])
    }

    /// The boundary data's source and release, e.g. "timezone-boundary-builder 2026c".
    public static var dataVersion: String { grid.dataVersion }

    /// Decoded on first use; Swift runs a static's initialiser once, thread-safely.
    static let grid: TimeZoneGrid = {
        do {
            return try TimeZoneGrid(decoding: TimeZoneGrid.embeddedFile())
        } catch {
            fatalError("VenuesTimeZones: the embedded timezones.bin is damaged (\(error))")
        }
    }()

    private static let timeZones = TimeZoneCache(count: grid.identifiers.count)
}

/// `TimeZone(identifier:)` per zone, made when first asked for.
private final class TimeZoneCache: @unchecked Sendable {
    private let lock = NSLock()
    /// nil: not made yet; .some(nil): Foundation does not know the identifier.
    private var zones: [TimeZone??]

    init(count: Int) {
        zones = Array(repeating: nil, count: count)
    }

    func timeZone(_ index: Int, identifier: String) -> TimeZone? {
        lock.lock()
        defer { lock.unlock() }
        if let made = zones[index] {
            return made
        }
        let made = TimeZone(identifier: identifier)
        zones[index] = .some(made)
        return made
    }
}
