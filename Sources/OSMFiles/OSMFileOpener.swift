package import Foundation
package import VenuesCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an OSM file could not be opened.
package enum OSMFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing at the path (or a path through something that is not a folder).
    case notFound(path: String)
    /// The path is a folder; `format` names what was expected (`OSM XML`, `OSM PBF`).
    case isDirectory(path: String, format: String)
    /// The file exists but cannot be opened: the system's reason.
    case unreadable(path: String, reason: String)

    package var description: String {
        switch self {
        case .notFound(let path): "OSM file not found: \(path)"
        case .isDirectory(let path, let format): "\(path) is a directory, not an \(format) file"
        case .unreadable(let path, let reason): "cannot open the OSM file \(path): \(reason)"
        }
    }
}

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

extension ProviderError {
    /// An OSM file that could not be opened, as providers report it: a missing file is
    /// ``misconfigured(_:)`` (the setting or argument names nothing), a folder or an unreadable
    /// file ``unreachable(_:)``; the message is the error's.
    package init(_ error: OSMFileError) {
        switch error {
        case .notFound: self = .misconfigured(error.description)
        case .isDirectory, .unreadable: self = .unreachable(error.description)
        }
    }
}
