import Foundation
import VenuesCore
import VenuesFiles

/// Puts a downloaded change file in place: written beside the destination under a temporary
/// name, flushed, then renamed over it (``AtomicFileWriter``), so the destination is either
/// absent (or its old content) or the whole file, never part of it.
enum ChangeFileWriter {
    /// Writes `data` to `file` on a thread of its own (a change file can be tens of megabytes:
    /// the write and its flush stay off Swift's cooperative pool).
    static func write(_ data: Data, to file: URL) async throws(ReplicationError) {
        do throws(AtomicWriteFailure) {
            try await onThreadOfItsOwn(named: "venues.replication.write") { () throws(AtomicWriteFailure) in
                try AtomicFileWriter.write(data, to: file)
            }
        } catch {
            throw .cannotWrite(path: file.path, reason: error.description)
        }
    }
}
