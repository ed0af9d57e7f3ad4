import ArgumentParser
import Foundation
import OSMIndex
import VenuesCLISupport

/// What `venues osm import` and `venues overture import` share: their `--name` and `--output`
/// checked, the source file found, and the index file the import writes.
enum IndexImportTarget {
    /// Throws a `ValidationError` when both are given, when `name` cannot be an index's, or when
    /// `output` does not end in `.sqlite` (`recognisedBy` says what tells an index by it).
    static func validate(name: String?, output: String?, recognisedBy: String) throws {
        if name != nil && output != nil {
            throw ValidationError("--name and --output exclude each other: --output names the file itself")
        }
        if let name {
            do {
                try OSMIndexCatalog.validate(name: name)
            } catch {
                throw ValidationError("--name: \(error.description)")
            }
        }
        if let output, !output.lowercased().hasSuffix(".sqlite") {
            throw ValidationError("--output '\(output)' must end in .sqlite (that is how \(recognisedBy))")
        }
    }

    /// The file at `path` as an absolute URL, or a failure saying why it cannot be imported.
    static func source(_ path: String) throws -> URL {
        let source = absolute(path)
        var status = stat()
        guard stat(source.path, &status) == 0 else {
            throw CommandFailure("cannot read \(source.path): \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw CommandFailure("\(source.path) is not a file")
        }
        return source
    }

    /// Where the import writes: `output`, else the index `name` (or `defaultName`) of `directory`.
    static func destination(output: String?, name: String?, defaultName: String, directory: URL) throws -> URL {
        if let output { return absolute(output) }
        do throws(OSMIndexError) {
            return try OSMIndexCatalog(directory: directory).url(forName: name ?? defaultName)
        } catch {
            throw CommandFailure("\(error.description); choose one with --name")
        }
    }

    /// `path` (`~` expanded, relative to the working directory) as an absolute file URL.
    static func absolute(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: expanded, relativeTo: base).standardizedFileURL.absoluteURL
    }
}
