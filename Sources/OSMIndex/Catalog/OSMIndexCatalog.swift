package import Foundation
import OSMModel
package import VenuesCore
import VenuesFiles

/// The imported indexes of a directory (`$VENUES_DATA_DIR/osm`): their names, which ones meet
/// a search, removal.
package struct OSMIndexCatalog: Sendable {
    /// The directory holding `NAME.sqlite` files.
    package let directory: URL
    /// Where ``areas()`` keeps what it found for the next call (this process's memo by default;
    /// `nil` reads the directory every time).
    package let areaMemo: OSMIndexAreaMemo?

    package init(directory: URL, areaMemo: OSMIndexAreaMemo? = .shared) {
        self.directory = directory
        self.areaMemo = areaMemo
    }

    /// The file of the index called `name`. Throws ``OSMIndexError/invalidName(_:)`` for a name
    /// that is not a plain file name.
    package func url(forName name: String) throws(OSMIndexError) -> URL {
        try Self.validate(name: name)
        return directory.appendingPathComponent("\(name).\(OSMIndexFiles.fileExtension)")
    }

    /// The name an import gives an index of `source` by default: the file's name without
    /// `.gz`, `.bz2`, `.pbf` and `.osm` (`finland-latest.osm.pbf` → `finland-latest`).
    package static func defaultName(forSource source: URL) -> String {
        var name = source.lastPathComponent
        for suffix in [".gz", ".bz2", ".pbf", ".osm", ".xml"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }

    /// Accepts letters, digits, `-`, `_` and `.`, not first, at most 100 characters.
    package static func validate(name: String) throws(OSMIndexError) {
        guard !name.isEmpty, name.count <= 100, !name.hasPrefix("."),
            name.unicodeScalars.allSatisfy({ scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
            })
        else { throw .invalidName(name) }
    }

    /// One file of the directory: its info, or why it cannot be read.
    package struct Entry: Sendable {
        package var name: String
        package var url: URL
        package var info: Result<OSMIndexInfo, OSMIndexError>
    }

    /// Every `*.sqlite` file of the directory, by name; none when the directory does not exist.
    package func list() -> [Entry] {
        files().map { url in
            let info = Result { () throws(OSMIndexError) in try OSMIndexReader(url: url).info }
            return Entry(name: OSMIndexReader.name(of: url), url: url, info: info)
        }
    }

    /// The index files of the directory (`*.sqlite`, not hidden), by name, unread.
    package func files() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let suffix = "." + OSMIndexFiles.fileExtension
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().map {
            directory.appendingPathComponent($0)
        }
    }

    /// The area of every readable index of the directory, by name, from the directory's cache of
    /// areas where it is current (see ``OSMIndexAreaCache``), and from this process's memo while
    /// no file of the directory changed (see ``OSMIndexAreaMemo``).
    package func areas() -> [OSMIndexArea] {
        guard let areaMemo else { return OSMIndexAreaCache.areas(of: files(), in: directory) }
        return areaMemo.areas(in: directory) {
            let files = files()
            return (files, OSMIndexAreaCache.areas(of: files, in: directory))
        }
    }

    /// The readable indexes whose area meets the circle of `radius` metres around `center`,
    /// newer data first (``OSMIndexArea/newerFirst(_:_:)``).
    package func areas(meeting center: Coordinate, radius: Double) -> [OSMIndexArea] {
        let boxes = CircleBox.degreeBounds(around: center, radius: radius)
        return areas().filter { area in
            guard let coverage = area.coverage else { return false }
            return boxes.contains { !coverage.rectangles(meeting: $0).isEmpty }
        }.sorted(by: OSMIndexArea.newerFirst)
    }

    /// Deletes the index called `name`, waiting for no import: one in progress holds the lock,
    /// and removal is refused.
    package func remove(name: String) throws(OSMIndexError) {
        let url = try url(forName: name)
        let lock: FileLock
        do {
            lock = try FileLock.acquire(at: OSMIndexFiles.lockURL(for: url), timeout: 0)
        } catch .timedOut(let path, _) {
            throw .busy(path: path)
        } catch {
            throw .write(path: url.path, reason: error.description)
        }
        defer { lock.unlock() }
        guard unlink(url.path) == 0 else {
            if errno == ENOENT { throw .notFound(path: url.path) }
            throw .write(path: url.path, reason: String(cString: strerror(errno)))
        }
        OSMIndexFiles.removeWriteAheadLog(of: url)
        OSMIndexFiles.removeLeftovers(for: url)
        try? FileManager.default.removeItem(at: OSMIndexFiles.changesFolder(of: url))
        // The lock file stays: deleting it while another process opens it would let two
        // processes hold "the" lock at once.
    }
}
