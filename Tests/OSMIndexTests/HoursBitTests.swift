import Foundation
import OSMModel
import Testing
import VenuesCore
import VenuesSQLite
import VenuesTestSupport

@testable import OSMIndex

/// The hours bit of `venue.categories` (``VenueRules/hoursBit``): an import and an update set
/// it exactly on the venues that have opening hours, and a listing filtered on hours counts the
/// venues without it unread, but only where meta says every row keeps it.
@Suite("OSM index: the hours bit", .timeLimit(.minutes(5)))
struct HoursBitTests {
    /// Keeps the venues that have hours; those without are unknown. Reads only hours.
    static let hasHours = VenuePrefilter(identity: "has-hours", readsHoursOnly: true) {
        $0.hours.isEmpty ? .leftOutUnknown : .kept
    }

    /// The venue's `venue.element`.
    static func element(of venue: Venue) throws -> Int64 {
        let parts = venue.id.native.split(separator: "/")
        let kind: OSMElement.Kind = parts[0] == "node" ? .node : parts[0] == "way" ? .way : .relation
        return OSMIndexSchema.element(kind: kind, id: try #require(Int64(parts[1])))
    }

    /// The nearest `limit` venues within 300 m of `venue` that have hours.
    static func nearestWithHours(
        around venue: Venue,
        limit: Int,
        in reader: OSMIndexReader
    ) throws
        -> OSMIndexReader.Answer
    {
        var query = OSMIndexReader.Query(
            center: venue.coordinate,
            radius: 300,
            categories: [],
            selection: try OSMSelection(categories: [], term: nil),
            nearest: limit
        )
        query.prefilter = hasHours
        return try reader.search(query)
    }

    /// A fresh import of the sample, a file of the test's own to change.
    static func importedSample() async throws -> URL {
        let index = IndexTest.directory("hours-bit").appendingPathComponent("sample.sqlite")
        try await offCooperativePool { try IndexTest.importIndex(IndexTest.sampleFile, into: index) }
        return index
    }

    @Test func anImportSetsTheBitOnExactlyTheVenuesWithHours() async throws {
        let index = try await Self.importedSample()
        let reader = try OSMIndexReader(url: index)
        #expect(reader.info.hoursBit == VenueRules.hoursBitIndex)
        let venues = try UpdateTest.everything(reader)
        let database = try SQLiteConnection(path: index.path, access: .readOnly)
        var withBit = Set<Int64>()
        let rows = try database.prepare("SELECT element FROM venue WHERE categories & (1 << 62) != 0")
        while try rows.step() { withBit.insert(rows.int64(0)) }
        let withHours = Set(try venues.filter { !$0.hours.isEmpty }.map(Self.element))
        #expect(withHours.count > 100)
        #expect(withBit == withHours)
    }

    @Test func aFilteredListingTrustsTheBitOnlyWhileMetaSaysEveryRowKeepsIt() async throws {
        let index = try await Self.importedSample()
        let venues = try UpdateTest.everything(try OSMIndexReader(url: index))
        let chosen = try #require(venues.first { !$0.hours.isEmpty })
        let before = try Self.nearestWithHours(around: chosen, limit: 5, in: try OSMIndexReader(url: index))
        #expect(before.venues.contains { $0.id == chosen.id })

        // The bit taken off a venue that has hours: the listing now counts it among the
        // unknown without reading its row, which is what the bit is for.
        let database = try SQLiteConnection(path: index.path, access: .readWrite)
        try database.execute(
            "UPDATE venue SET categories = categories & ~(1 << 62) WHERE element = \(try Self.element(of: chosen))"
        )
        let unread = try Self.nearestWithHours(around: chosen, limit: 5, in: try OSMIndexReader(url: index))
        #expect(!unread.venues.contains { $0.id == chosen.id })
        #expect(unread.filtered.unknown == before.filtered.unknown + 1)

        // An update by a build that does not keep the bit leaves meta's generations apart: the
        // bit is no longer trusted, and every row is read again.
        try database.execute("UPDATE meta SET value = 7 WHERE key = 'hours_bit_generation'")
        let distrusted = try OSMIndexReader(url: index)
        #expect(distrusted.info.hoursBit == nil)
        let read = try Self.nearestWithHours(around: chosen, limit: 5, in: distrusted)
        #expect(read.venues.map(\.id) == before.venues.map(\.id))
        #expect(read.filtered == before.filtered)
    }

    @Test func anUpdateKeepsTheBitAndItsGeneration() async throws {
        let index = try await Self.importedSample()
        let reader = try OSMIndexReader(url: index)
        let venues = try UpdateTest.everything(reader)
        let gaining = try #require(venues.first { $0.hours.isEmpty && $0.id.native.hasPrefix("node/") })
        let losing = try #require(venues.first { !$0.hours.isEmpty && $0.id.native.hasPrefix("node/") })
        let data = try TestOSMData.read(IndexTest.sampleFile).byKey
        func changed(_ venue: Venue, hours: String?) throws -> TestOSMData.Change {
            let id = try #require(Int64(venue.id.native.dropFirst("node/".count)))
            var element = try #require(data[TestOSMData.Key(kind: .node, id: id)])
            element.version += 1
            element.set("opening_hours", hours)
            return TestOSMData.Change(action: .modify, element: element)
        }
        let changes = [try changed(gaining, hours: "Mo-Su 08:00-20:00"), try changed(losing, hours: " ")]
        try await offCooperativePool { try UpdateTest.apply(changes, to: index) }
        let updated = try OSMIndexReader(url: index)
        #expect(updated.info.generation == 1)
        #expect(updated.info.hoursBit == VenueRules.hoursBitIndex)
        let database = try SQLiteConnection(path: index.path, access: .readOnly)
        func bit(_ venue: Venue) throws -> Int64? {
            try database.integer("SELECT categories >> 62 FROM venue WHERE element = \(try Self.element(of: venue))")
        }
        #expect(try bit(gaining) == 1)
        #expect(try bit(losing) == 0)
    }
}
