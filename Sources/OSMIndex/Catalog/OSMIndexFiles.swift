package import Foundation
import VenuesFiles

/// Where an index's companions live: its lock file (see ``lockURL(for:environment:)``) and the
/// temporary files of imports, hidden files in the index's own directory.
package enum OSMIndexFiles {
    /// An index file's extension.
    static let fileExtension = "sqlite"

    /// The lock that imports and removals of `index` take. For an index in the data directory's
    /// `osm` folder, `.NAME.sqlite.lock` beside it; for one written elsewhere (`--output`), in
    /// the runtime lock directory (``DataDirectories/lockDirectory(environment:)``), named after
    /// the index and a hash of its path, so that no lock is left in the user's own folder.
    static func lockURL(
        for index: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let directory = index.deletingLastPathComponent().standardizedFileURL
        let data = try? DataDirectories(environment: environment).osmIndexes.standardizedFileURL
        if directory.path == data?.path {
            return directory.appendingPathComponent(".\(index.lastPathComponent).lock")
        }
        // FNV-1a of the absolute path: the same file gives the same lock in every process.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in index.standardizedFileURL.path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return DataDirectories.lockDirectory(environment: environment)
            .appendingPathComponent("\(index.lastPathComponent)-\(hex).lock")
    }

    /// How the names of `index`'s temporary files begin: `.NAME.sqlite.`; they end in `.tmp`.
    static func temporaryPrefix(for index: URL) -> String { ".\(index.lastPathComponent)." }

    /// A new temporary file name beside `index`.
    static func temporaryURL(for index: URL) -> URL {
        index.deletingLastPathComponent().appendingPathComponent(
            "\(temporaryPrefix(for: index))\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        )
    }

    /// What the text index file of an import by an earlier venues (schema 1 filled its FTS5 index
    /// in a file of its own) added to the name of its temporary file: such leftovers are removed
    /// too.
    static let textIndexSuffix = ".text.tmp"

    /// Deletes what earlier imports of `index` left behind (temporary files of an import that
    /// failed or was killed). Call it holding the lock: no live import is writing them then.
    @discardableResult
    static func removeLeftovers(for index: URL) -> [String] {
        let directory = index.deletingLastPathComponent()
        let prefix = temporaryPrefix(for: index)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed: [String] = []
        for name in names
        where name.hasPrefix(prefix)
            && [".tmp", ".tmp-journal", ".tmp-wal", ".tmp-shm"].contains(where: { name.hasSuffix($0) })
        {
            if unlink(directory.appendingPathComponent(name).path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Where `venues osm update` keeps the change files it fetched until they are applied:
    /// `.NAME.sqlite.changes/` beside the index.
    package static func changesFolder(of index: URL) -> URL {
        index.deletingLastPathComponent().appendingPathComponent(
            ".\(index.lastPathComponent).changes",
            isDirectory: true
        )
    }

    /// The files SQLite keeps beside an index in WAL mode (``OSMIndexSchema``).
    static func writeAheadLogURLs(of index: URL) -> [URL] {
        ["-wal", "-shm"].map { URL(fileURLWithPath: index.path + $0) }
    }

    /// Deletes an index's WAL companions, when the index itself is replaced or removed.
    static func removeWriteAheadLog(of index: URL) {
        for url in writeAheadLogURLs(of: index) { unlink(url.path) }
    }
}
