package import Foundation
package import OSMModel
import VenuesCompressedFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens OSM files for every reader (XML, PBF, format detection) with ``FileOpener``, its
/// failures as ``OSMFileError``.
package enum OSMFileOpener {
    /// A read-only descriptor of the file at `url`; the caller closes it. `format` names what
    /// is expected, for the message about a folder.
    package static func open(_ url: URL, format: String) throws(OSMFileError) -> Int32 {
        do {
            return try FileOpener.open(url, format: format)
        } catch {
            throw OSMFileError(error)
        }
    }
}
