import Foundation
import OSMIndex
import OverpassProvider
import Testing
import VenuesCore
import VenuesSQLite
import VenuesTestSupport

/// An index file damaged on disk — cut in half, or a page of its venues overwritten — is
/// reported as damaged, never a crash nor a wrong answer, and automatic selection passes over
/// it to the server.
@Suite("OSM index: a damaged file", .timeLimit(.minutes(5)))
struct DamagedIndexTests {
    enum Damage: String, Sendable, CaseIterable, CustomStringConvertible {
        /// The second half of the file is gone.
        case cutInHalf
        /// The root page of the venue table is overwritten with other bytes.
        case overwrittenPage

        var description: String { rawValue }
    }

    /// A folder holding a damaged copy of the sample's index, as `helsinki-centre.sqlite`.
    static func damagedCopy(_ damage: Damage) async throws -> (folder: URL, index: URL) {
        let folder = IndexTest.directory("damaged-\(damage)-\(UUID().uuidString.prefix(8))")
        let index = folder.appendingPathComponent("helsinki-centre.sqlite")
        try FileManager.default.copyItem(at: try await IndexTest.sampleIndex.value, to: index)
        let size = try FileManager.default.attributesOfItem(atPath: index.path)[.size] as! Int
        switch damage {
        case .cutInHalf:
            #expect(truncate(index.path, off_t(size / 2)) == 0)
        case .overwrittenPage:
            let (pageSize, root) = try await offCooperativePool {
                let connection = try SQLiteConnection(path: index.path, access: .readOnly)
                return (
                    Int(try connection.integer("PRAGMA page_size") ?? 0),
                    Int(try connection.integer("SELECT rootpage FROM sqlite_master WHERE name = 'venue'") ?? 0)
                )
            }
            #expect(pageSize > 0 && root > 1)
            let handle = try FileHandle(forWritingTo: index)
            try handle.seek(toOffset: UInt64((root - 1) * pageSize))
            try handle.write(contentsOf: Data((0..<pageSize).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
            try handle.close()
        }
        return (folder, index)
    }

    @Test(arguments: Damage.allCases)
    func searchesAndLookupsSayTheIndexIsDamaged(damage: Damage) async throws {
        let (folder, index) = try await Self.damagedCopy(damage)
        defer { try? FileManager.default.removeItem(at: folder) }
        let provider = IndexTest.provider(.index(index))
        let queries = [
            VenueQuery(center: IndexTest.helsinki, radius: 3_000, limit: 100_000),
            VenueQuery(center: IndexTest.helsinki, radius: 3_000, term: "kahvila", limit: 100_000),
            VenueQuery(center: IndexTest.helsinki, radius: 3_000, categories: [.cafe], limit: 10),
        ]
        for query in queries {
            do {
                let response = try await provider.run(query)
                Issue.record("\(damage): \(query.term ?? "nearby") answered \(response.venues.count) venues")
            } catch {
                #expect(error.message.contains("is damaged"), "\(damage): \(error.message)")
                #expect(error.message.contains(index.path), "\(damage): \(error.message)")
                #expect(error.message.contains("import its file again"), "\(damage): \(error.message)")
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func automaticSelectionPassesOverADamagedIndex(damage: Damage) async throws {
        let (folder, _) = try await Self.damagedCopy(damage)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = CountingOverpass()
        let provider = OverpassProvider(
            configuration: .init(endpoint: AutomaticSelectionTests.remote, indexDirectory: folder),
            httpClient: server
        )
        let response = try await provider.nearby(VenueQuery(center: IndexTest.helsinki, radius: 500, limit: 20))
        let search = try await provider.search(VenueQuery(center: IndexTest.helsinki, radius: 500, term: "kahvila"))

        // Both asked the server once: the nearby search for its circle, the text search for the
        // circle's named venues, to match here.
        #expect(server.requests == 2, "both asked the server")
        #expect(response.source == "overpass")
        #expect(search.source == "overpass")
        #expect(
            damage == .cutInHalf || response.notes.contains { $0.contains("is damaged") },
            "\(damage): \(response.notes)"
        )
    }
}
