import ArgumentParser
import Foundation
import OSMIndex
import VenuesCLISupport

/// What `venues osm remove` and `venues overture remove` share: the name checked, the index
/// deleted from its folder, and what the user is told.
enum IndexRemoval {
    /// Throws a `ValidationError` for a name that cannot be an index's.
    static func validate(name: String) throws {
        do {
            try OSMIndexCatalog.validate(name: name)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Deletes the index `name` of `directory` and says so; `kind` names the indexes in messages
    /// (`OSM`, `Overture`) and `listCommand` the command that lists them.
    static func remove(name: String, from directory: URL, kind: String, listCommand: String) throws {
        let catalog = OSMIndexCatalog(directory: directory)
        do throws(OSMIndexError) {
            try catalog.remove(name: name)
        } catch .notFound {
            throw CommandFailure(
                "no \(kind) index named '\(name)' in \(catalog.directory.path) (\(listCommand) shows the imported ones)"
            )
        } catch {
            throw CommandFailure(error.description)
        }
        StandardOutput.write("Removed the \(kind) index \(name).\n")
    }
}
