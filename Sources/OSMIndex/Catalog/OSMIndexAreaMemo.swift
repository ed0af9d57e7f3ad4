import Foundation
import Synchronization

/// The areas of a directory's indexes as this process last found them, for a process that
/// chooses indexes for many queries (`venues serve`): while the directory and every index file
/// in it are as they were (`stat`ed, ``OSMIndexAreaCache/Identity``), the areas are reused
/// without listing the directory or reading its `.areas.tsv` again.
///
/// An import or removal renames or unlinks a file in the directory, which changes the
/// directory's own identity; a file changed in place changes its own. Either way the next call
/// finds the areas anew.
package final class OSMIndexAreaMemo: Sendable {
    /// The memo of this process.
    package static let shared = OSMIndexAreaMemo()

    private struct Kept {
        var directory: OSMIndexAreaCache.Identity
        var files: [(path: String, identity: OSMIndexAreaCache.Identity)]
        var areas: [OSMIndexArea]
    }

    private let kept = Mutex<[String: Kept]>([:])

    /// An empty memo (tests; the process's own is ``shared``).
    package init() {}

    /// The areas of `directory`'s indexes: the kept ones while nothing changed, else `find()`'s
    /// (kept for next time, with the identities taken before it ran).
    func areas(in directory: URL, find: () -> (files: [URL], areas: [OSMIndexArea])) -> [OSMIndexArea] {
        let path = directory.path
        guard let identity = OSMIndexAreaCache.Identity(path: path) else {
            // No such directory (nothing imported yet): it holds no index, and listing it for
            // every query only to find that out was a twentieth of a suggestion's time.
            if access(path, F_OK) != 0, errno == ENOENT { return [] }
            return find().areas
        }
        if let entry = kept.withLock({ $0[path] }), entry.directory == identity,
            entry.files.allSatisfy({ OSMIndexAreaCache.Identity(path: $0.path) == $0.identity })
        {
            return entry.areas
        }
        let found = find()
        // Taken after the search: a file changed during it is found changed next time, unless
        // it changed before its identity was taken here, which `find()` then already saw.
        let files = found.files.compactMap { url in
            OSMIndexAreaCache.Identity(path: url.path).map { (path: url.path, identity: $0) }
        }
        // Kept only when every file was read (one that could not be is tried again next time)
        // and the directory did not change meanwhile.
        guard files.count == found.files.count, found.areas.count == found.files.count,
            OSMIndexAreaCache.Identity(path: path) == identity
        else {
            return found.areas
        }
        kept.withLock { $0[path] = Kept(directory: identity, files: files, areas: found.areas) }
        return found.areas
    }
}
