import Foundation
import OSMModel
import Synchronization
import Testing
import VenuesCore
import VenuesHours
import VenuesSQLite
import VenuesTestSupport

@testable import OSMIndex

/// `hours_week`: an import and an update compile the week of every distinct `opening_hours`
/// value whose days differ only by weekday, and a filter that judges compiled weeks judges a
/// venue with such a value from its week, never from its value: with the same answer as from
/// the value, and as an index without the table gives.
@Suite("OSM index: compiled weeks of opening hours", .timeLimit(.minutes(5)))
struct HoursWeekTableTests {
    /// The moments judged: Wednesday 2026-12-02 at 09:30 in Helsinki (before most shops open),
    /// and noon on Finland's Independence Day, Sunday 2026-12-06 (a holiday: the weeks of
    /// values that name `PH` decline, and those values are evaluated).
    static let moments = [Date(timeIntervalSince1970: 1_796_196_600), Date(timeIntervalSince1970: 1_796_551_200)]
    static let helsinki = TimeZone(identifier: "Europe/Helsinki")!

    /// Judges the venues by their state at `moment` in Helsinki and their position, from their
    /// value, and from a compiled week too when `fromWeeks` (which counts the venues it judged).
    static func open(at moment: Date, fromWeeks weeks: Counter?) -> VenuePrefilter {
        // North of the centre a venue is kept when open, south of it when closed: a week judged at
        // another venue's position would be judged otherwise.
        let verdict: @Sendable (HoursState, Coordinate) -> FilterVerdict = { state, position in
            if state == .unknown { return .leftOutUnknown }
            return (state == .open) == (position.latitude > IndexTest.helsinki.latitude) ? .kept : .leftOut
        }
        var fromWeek: (@Sendable ([UInt8], Coordinate) -> FilterVerdict?)?
        if let weeks {
            fromWeek = { bytes, position in
                guard let week = HoursWeek(bytes: bytes) else { return nil }
                // A week that names holidays says nothing of a holiday or the day after one.
                let wall = HoursWeek.wallSeconds(at: moment, in: helsinki)
                if week.dependsOnPublicHolidays, !HoursWeek.isOrdinaryDay(atWall: wall, country: "FI") { return nil }
                weeks.count.withLock { $0 += 1 }
                return verdict(week.state(atWall: wall), position)
            }
        }
        return VenuePrefilter(identity: "open-at-\(moment)", readsHoursOnly: true, compiledWeekVerdict: fromWeek) {
            venue in
            guard let value = venue.hours.first?.specification, let hours = try? OpeningHours(value) else {
                return .leftOutUnknown
            }
            return verdict(
                hours.state(at: moment, in: HoursContext(timeZone: helsinki, country: "FI")),
                venue.coordinate
            )
        }
    }

    /// How many venues a prefilter judged from their weeks.
    final class Counter: Sendable {
        let count = Mutex(0)
    }

    static func nearest(
        _ limit: Int,
        by prefilter: VenuePrefilter,
        radius: Double,
        in reader: OSMIndexReader
    ) throws
        -> OSMIndexReader.Answer
    {
        var query = OSMIndexReader.Query(
            center: IndexTest.helsinki,
            radius: radius,
            categories: [],
            selection: try OSMSelection(categories: [], term: nil),
            nearest: limit
        )
        query.prefilter = prefilter
        return try reader.search(query)
    }

    /// The values of `hours_week` and their weeks.
    static func table(_ index: URL) throws -> [String: [UInt8]] {
        let database = try SQLiteConnection(path: index.path, access: .readOnly)
        let rows = try database.prepare("SELECT value, week FROM hours_week")
        var table: [String: [UInt8]] = [:]
        while try rows.step() { table[rows.text(0) ?? ""] = rows.blob(1) }
        return table
    }

    @Test func anImportCompilesEveryWeeklyValueOnce() async throws {
        let index = try await IndexTest.sampleIndex.value
        let venues = try UpdateTest.everything(try OSMIndexReader(url: index))
        let values = Set(venues.flatMap { $0.hours.map(\.specification) })
        let compiled = Dictionary(
            uniqueKeysWithValues: values.compactMap { value in HoursWeek.compile(value).map { (value, $0.bytes) } }
        )
        #expect(compiled.count > 100 && compiled.count < values.count, "\(compiled.count) of \(values.count)")
        #expect(try Self.table(index) == compiled)
    }

    @Test func aFilterJudgesWeeklyValuesFromTheirWeeksWithTheSameAnswer() async throws {
        let index = try await IndexTest.sampleIndex.value
        let reader = try OSMIndexReader(url: index)
        // A copy without the table: an index made before it.
        let older = IndexTest.directory("no-weeks").appendingPathComponent("sample.sqlite")
        try FileManager.default.copyItem(at: index, to: older)
        try SQLiteConnection(path: older.path, access: .readWrite).execute("DROP TABLE hours_week")
        let olderReader = try OSMIndexReader(url: older)
        for (limit, radius) in [(10, 400.0), (60, 1_500), (1_000, 3_000)] {
            for moment in Self.moments {
                func nearest(fromWeeks weeks: Counter?, in reader: OSMIndexReader) throws -> OSMIndexReader.Answer {
                    try Self.nearest(limit, by: Self.open(at: moment, fromWeeks: weeks), radius: radius, in: reader)
                }
                let weeks = Counter()
                let fromWeeks = try nearest(fromWeeks: weeks, in: reader)
                let fromValues = try nearest(fromWeeks: nil, in: reader)
                let weeksIgnored = Counter()
                let withoutTable = try nearest(fromWeeks: weeksIgnored, in: olderReader)
                #expect(!fromValues.venues.isEmpty)
                for other in [fromValues, withoutTable] {
                    #expect(fromWeeks.venues.map(\.id) == other.venues.map(\.id), "\(radius) m at \(moment)")
                    #expect(fromWeeks.filtered == other.filtered, "\(radius) m at \(moment)")
                }
                let judged = weeks.count.withLock { $0 }
                #expect(judged > 0)
                #expect(weeksIgnored.count.withLock { $0 } == 0)
                #expect(
                    fromWeeks.notes.contains { $0.contains("\(judged) judged by a compiled week") },
                    "\(fromWeeks.notes)"
                )
                #expect(
                    fromValues.notes.contains { $0.contains(", 0 judged by a compiled week") },
                    "\(fromValues.notes)"
                )
            }
        }
    }

    @Test func anUpdateCompilesTheValuesItBrings() async throws {
        let index = IndexTest.directory("weeks-update").appendingPathComponent("sample.sqlite")
        try await offCooperativePool { try IndexTest.importIndex(IndexTest.sampleFile, into: index) }
        let venues = try UpdateTest.everything(try OSMIndexReader(url: index))
        let node = try #require(venues.first { $0.id.native.hasPrefix("node/") })
        let id = try #require(Int64(node.id.native.dropFirst("node/".count)))
        var element = try #require(
            try TestOSMData.read(IndexTest.sampleFile).byKey[TestOSMData.Key(kind: .node, id: id)]
        )
        element.version += 1
        let value = "Mo-We 07:13-19:47; Th-Su 10:11-14:59"
        #expect(try Self.table(index)[value] == nil)
        element.set("opening_hours", value)
        let change = TestOSMData.Change(action: .modify, element: element)
        try await offCooperativePool { try UpdateTest.apply([change], to: index) }
        #expect(try Self.table(index)[value] == HoursWeek.compile(value)?.bytes)
    }
}
