import Foundation
import OSMIndex
import Testing
import VenuesCore
import VenuesSQLite
import VenuesTestSupport

/// An index of an earlier schema (1 or 2: before the words, before the update tables) is not
/// read: a search through it says to import it again, and so does opening it.
@Suite("OSM index: an earlier schema", .timeLimit(.minutes(5)))
struct OlderSchemaTests {
    @Test(arguments: [Int64(1), 2])
    func anEarlierSchemaIsRefusedWithWhatToDo(version: Int64) async throws {
        let folder = IndexTest.directory("older-\(version)-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = folder.appendingPathComponent("helsinki-centre.sqlite")
        try FileManager.default.copyItem(at: try await IndexTest.sampleIndex.value, to: index)
        try await offCooperativePool {
            try SQLiteConnection(path: index.path, access: .readWrite).execute("PRAGMA user_version = \(version)")
        }

        #expect(throws: OSMIndexError.olderSchema(path: index.path, version: version)) {
            _ = try OSMIndexReader(url: index)
        }
        let message = OSMIndexError.olderSchema(path: index.path, version: version).description
        #expect(message.contains("imported by an earlier venues (schema \(version))"))
        #expect(message.contains("import it again"))

        let provider = IndexTest.provider(.index(index))
        do {
            let answer = try await provider.search(
                VenueQuery(center: IndexTest.helsinki, radius: 1_000, term: "kahvila", limit: 10)
            )
            Issue.record("an index of schema \(version) answered: \(answer.venues.count) venue(s)")
        } catch {
            #expect(error.message.contains("import it again"), "\(error.message)")
        }
    }
}
