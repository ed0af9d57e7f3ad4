package import Foundation

/// Opens files for every reader (the OSM XML and PBF readers, format detection, the Overture
/// GeoJSON reader): read-only, close-on-exec, a folder refused.
package enum FileOpener {
    /// A read-only descriptor of the file at `url`; the caller closes it. `format` names what
    /// is expected, for the message about a folder.
    package static func open(_ url: URL, format: String) throws(CompressedFileError) -> Int32 {
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
