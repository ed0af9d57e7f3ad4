package import Foundation
package import OSMModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens OSM files for every reader (XML, PBF, format detection): read-only, close-on-exec, a
/// folder refused, and one error type for all of them.
package enum OSMFileOpener {
    /// A read-only descriptor of the file at `url`; the caller closes it. `format` names what
    /// is expected, for the message about a folder.
    package static func open(_ url: URL, format: String) throws(OSMFileError) -> Int32 {
        let descriptor = Foundation.open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path: url.path) }
            throw .unreadable(path: url.path, reason: String(cString: strerror(code)))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .isDirectory(path: url.path, format: format)
        }
        return descriptor
    }
}
