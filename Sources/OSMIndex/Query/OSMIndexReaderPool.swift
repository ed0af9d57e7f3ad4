package import Foundation
package import VenuesCore

/// Open index readers kept for reuse by a long-running process (`venues serve` answers
/// suggestions at every keystroke): opening an index and reading its words costs more than
/// many a search, and a reader keeps the venues of recently matched words. A reader is lent to
/// one caller at a time, and no more searches run at once than there are cores (twice over):
/// they only compute, and a reader of their own each would keep nothing warm. A file replaced
/// since (a new import renames a new file into place) is opened anew, and its old readers are
/// dropped.
package final class OSMIndexReaderPool: @unchecked Sendable {
    /// The pool of this process.
    package static let shared = OSMIndexReaderPool()

    /// A file as it is now: readers of another identity are of a replaced file.
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    private let lock = NSLock()
    /// Idle readers by the provider of their venues and the file's path.
    private var idle: [String: Entry] = [:]
    /// A file's idle readers and what they share.
    private struct Entry {
        var identity: Identity
        var readers: [OSMIndexReader]
        var recent: RecentElements
        var circles: RecentCircles
        var cells: RecentCells
    }
    /// The venues of recently matched words kept per file (8 bytes each: 32 MiB).
    private let recentBudget = 1 << 22
    /// The venues of recently searched circles kept per file (8 bytes each: 8 MiB).
    private let circleBudget = 1 << 20
    /// The venues of recently read grid cells kept per file (16 bytes each: 16 MiB).
    private let cellBudget = 1 << 20
    /// The most readers lent at once, and kept idle per file.
    private let keep: Int
    private let lending: DispatchSemaphore

    /// For tests: ``OSMIndexReader/init(url:directTextCandidates:)`` of every reader opened.
    private let directTextCandidates: Int?

    /// A pool lending at most `readers` at once (`directTextCandidates` is for tests).
    package init(readers: Int = 2 * ProcessInfo.processInfo.activeProcessorCount, directTextCandidates: Int? = nil) {
        keep = max(1, readers)
        lending = DispatchSemaphore(value: keep)
        self.directTextCandidates = directTextCandidates
    }

    /// Runs `body` with a reader of the index at `url` making venues with `mapper`, opened now or
    /// kept from before (waiting while as many readers as the pool lends are lent).
    package func withReader<T>(
        _ url: URL,
        mapper: IndexVenueMapper = .openStreetMap,
        _ body: (OSMIndexReader) throws -> T
    ) throws -> T {
        lending.wait()
        defer { lending.signal() }
        let path = url.path
        let key = "\(mapper.provider.rawValue):\(path)"
        var status = stat()
        guard stat(path, &status) == 0 else { throw OSMIndexError.notFound(path: path) }
        let identity = Identity(
            device: UInt64(status.st_dev),
            inode: UInt64(status.st_ino),
            size: Int64(status.st_size),
            seconds: status.st_mtim.tv_sec,
            nanoseconds: status.st_mtim.tv_nsec
        )
        let (kept, shared): (OSMIndexReader?, Entry) = lock.withLock {
            if let entry = idle[key], entry.identity == identity {
                var entry = entry
                let reader = entry.readers.popLast()
                idle[key] = entry
                return (reader, entry)
            }
            // New, or replaced since: its readers and their venues are of the old file.
            let entry = Entry(
                identity: identity,
                readers: [],
                recent: RecentElements(budget: recentBudget, largest: recentBudget / 4),
                circles: RecentCircles(budget: circleBudget, largest: circleBudget / 8),
                cells: RecentCells(budget: cellBudget, largest: cellBudget / 8)
            )
            idle[key] = entry
            return (nil, entry)
        }
        let reader =
            try kept ?? OSMIndexReader(url: url, directTextCandidates: directTextCandidates, mapper: mapper)
        reader.recentElements = shared.recent
        reader.recentCircles = shared.circles
        reader.recentCells = shared.cells
        defer {
            lock.withLock {
                if var entry = idle[key], entry.identity == identity, entry.readers.count < keep {
                    entry.readers.append(reader)
                    idle[key] = entry
                }
            }
        }
        return try body(reader)
    }

    /// The readable indexes in `directory` whose area meets the circle, newer data first.
    package func indexes(in directory: URL, meeting center: Coordinate, radius: Double) -> [URL] {
        OSMIndexCatalog(directory: directory).areas(meeting: center, radius: radius).map(\.url)
    }
}
