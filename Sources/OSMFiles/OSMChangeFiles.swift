package import Foundation
package import OSMModel

/// Reads OsmChange files, in the order given, into one ``OSMChangeSet`` (the newest version of
/// each object wins). Every file is read whole before anything is written, so that a broken or
/// truncated file stops an update with the index untouched.
package enum OSMChangeFiles {
    /// Adds the changes of `files` to `changes`; throws ``OSMFileError`` naming the file and
    /// where it broke.
    package static func read(
        _ files: [URL],
        into changes: inout OSMChangeSet,
        cancellation: CancellationFlag? = nil
    ) throws(OSMFileError) {
        for file in files {
            let summary = try OSMChangeFile.read(file, cancellation: cancellation) { action, element in
                changes.add(element, deleted: action == .delete, version: element.version)
                return .next
            }
            changes.consider(timestamp: summary.newestTimestamp)
        }
    }
}
