public import Foundation
public import VenuesCore
public import VenuesFiles

/// The user's favourites in one JSON file (`favorites.json`, see ``FavoritesFile``), safe against
/// lost updates and lost data.
///
/// Guarantees:
/// 1. **Readers never see a half-written file.** Every save writes a temporary file in the same
///    directory, flushes it to disk, renames it over the old one and flushes the directory.
/// 2. **No lost updates.** ``update(_:)`` holds an exclusive `flock(2)` on `favorites.json.lock`
///    (next to the file) while it re-reads the file, applies the change and saves. Concurrent
///    processes and threads queue up; a process that dies releases its lock. Waiting gives up
///    after ``lockTimeout`` seconds with ``FavoritesError/lockFailed(path:reason:)``.
/// 3. **A bad file is never overwritten.** A file that cannot be read or parsed, or has an
///    unknown version, makes every operation throw a ``FavoritesError`` naming the file, and
///    the file keeps its exact bytes.
/// 4. **Nothing is written when nothing changed** (adding a favourite twice, removing one that
///    is not there).
/// 5. Private by default: a new file gets mode 0600 and new directories 0700; an existing file
///    keeps its mode. When the path is a symbolic link, the file it points to is replaced.
///
/// ``load()`` takes no lock: thanks to 1 it always reads a complete file.
///
/// The methods block the calling thread (file I/O, and waiting for the lock).
public struct FavoritesStore: Sendable {
    /// The favourites file.
    public let fileURL: URL
    /// The longest ``update(_:)`` waits for another process to release the lock, in seconds.
    public var lockTimeout: Double

    /// A store for the given file; it need not exist yet.
    public init(fileURL: URL, lockTimeout: Double = 10) {
        self.fileURL = fileURL
        self.lockTimeout = lockTimeout
    }

    /// The store in the user's data directory (`favorites.json` in
    /// ``DataDirectories/data``).
    public init(directories: DataDirectories, lockTimeout: Double = 10) {
        self.init(fileURL: directories.favoritesFile, lockTimeout: lockTimeout)
    }

    /// The lock file: the favourites file's path with `.lock` appended.
    public var lockURL: URL {
        fileURL.deletingLastPathComponent().appendingPathComponent(fileURL.lastPathComponent + ".lock")
    }

    /// What ``add(venue:sources:note:at:)`` did.
    public enum AddOutcome: Sendable, Equatable {
        /// The venue is now a favourite.
        case added(Favorite)
        /// It was a favourite already (matched by any id) and nothing changed.
        case alreadyPresent(Favorite)
        /// It was a favourite already; its note was replaced (or removed by an empty note).
        case noteUpdated(Favorite)

        /// The favourite as stored now.
        public var favorite: Favorite {
            switch self {
            case .added(let favorite), .alreadyPresent(let favorite), .noteUpdated(let favorite): favorite
            }
        }
    }

    /// The favourites, in the order they were added; a missing file is an empty list.
    public func load() throws(FavoritesError) -> [Favorite] {
        try read().favorites
    }

    /// A ``FavoriteMarking`` for the aggregator, from the current file.
    public func index() throws(FavoritesError) -> FavoriteIndex {
        FavoriteIndex(favorites: try load())
    }

    /// Changes the favourites under the lock and saves them, unless `body` left them unchanged
    /// or threw.
    ///
    /// The file is re-read after the lock is taken, so `body` always sees every earlier update.
    /// - Throws: ``FavoritesError`` for a bad file, a lock timeout or a failed save, or whatever
    ///   `body` throws (then nothing is saved).
    public func update<T>(_ body: (inout [Favorite]) throws -> T) throws -> T {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try AtomicFileWriter.createDirectory(directory)
        } catch {
            throw FavoritesError.writeFailed(path: fileURL.path, reason: error.description)
        }
        let lock: FileLock
        do {
            lock = try FileLock.acquire(at: lockURL, timeout: lockTimeout)
        } catch {
            throw FavoritesError.lockFailed(path: fileURL.path, reason: error.description)
        }
        defer { lock.unlock() }
        removeAbandonedTemporaryFiles()

        var file = try read()
        let before = file.favorites
        let result = try body(&file.favorites)
        if file.favorites != before {
            do {
                try AtomicFileWriter.write(file.encoded(), to: fileURL.resolvingSymlinksInPath())
            } catch {
                throw FavoritesError.writeFailed(path: fileURL.path, reason: error.description)
            }
        }
        return result
    }

    /// Adds a venue, unless a favourite already has its id or any of `sources`.
    ///
    /// - Parameters:
    ///   - venue: the venue as listed (for a merged venue: the canonical record).
    ///   - sources: every source id of the (merged) venue; the venue's own id is always included.
    ///   - note: the user's note. For a venue that is already a favourite, a different note
    ///     replaces the stored one and an empty note removes it; `nil` keeps it.
    ///   - date: when it was added (stored to the second, as the file keeps it).
    @discardableResult
    public func add(
        venue: Venue,
        sources: [VenueID] = [],
        note: String? = nil,
        at date: Date = Date()
    ) throws(FavoritesError) -> AddOutcome {
        let ids = [venue.id] + sources
        return try typed {
            try update { favorites in
                if let index = favorites.firstIndex(where: { $0.matches(anyOf: ids) }) {
                    guard let note else { return .alreadyPresent(favorites[index]) }
                    let newNote: String? = note.isEmpty ? nil : note
                    guard favorites[index].note != newNote else { return .alreadyPresent(favorites[index]) }
                    favorites[index].note = newNote
                    return .noteUpdated(favorites[index])
                }
                let favorite = Favorite(
                    venue: venue,
                    sources: sources,
                    note: note.flatMap { $0.isEmpty ? nil : $0 },
                    addedAt: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
                )
                favorites.append(favorite)
                return .added(favorite)
            }
        }
    }

    /// Removes every favourite whose id or any source id is `id`.
    ///
    /// - Returns: the removed favourites; empty when none matched (then nothing is written).
    @discardableResult
    public func remove(id: VenueID) throws(FavoritesError) -> [Favorite] {
        try typed {
            try update { favorites in
                let removed = favorites.filter { $0.matches(id) }
                favorites.removeAll { $0.matches(id) }
                return removed
            }
        }
    }

    /// Removes temporary files that a writer killed mid-save left behind. Call only under the
    /// lock: every writer holds it, so no temporary file present then is still being written.
    private func removeAbandonedTemporaryFiles() {
        let target = fileURL.resolvingSymlinksInPath()
        let directory = target.deletingLastPathComponent()
        let prefix = AtomicFileWriter.temporaryPrefix(for: target)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name, isDirectory: false))
        }
    }

    private func read() throws(FavoritesError) -> FavoritesFile {
        let path = fileURL.path
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch CocoaError.fileReadNoSuchFile {
            return FavoritesFile()
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        return try FavoritesFile.decode(data, path: path)
    }

    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }

    /// Runs an update whose body throws nothing of its own, narrowing the error type.
    private func typed<T>(_ work: () throws -> T) throws(FavoritesError) -> T {
        do {
            return try work()
        } catch let error as FavoritesError {
            throw error
        } catch {
            preconditionFailure("favourites update threw \(error)")
        }
    }
}
