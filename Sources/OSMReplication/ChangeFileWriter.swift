import Foundation
import VenuesFiles

/// Puts a downloaded change file in place: written beside the destination under a temporary
/// name, flushed, then renamed over it (``AtomicFileWriter``), so the destination is either
/// absent (or its old content) or the whole file, never part of it.
enum ChangeFileWriter {
    /// Writes `data` to `file` on a thread of its own (a change file can be tens of megabytes:
    /// the write and its flush stay off Swift's cooperative pool).
    static func write(_ data: Data, to file: URL) async throws(ReplicationError) {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Void, AtomicWriteFailure>, Never>) in
            let thread = Thread {
                do throws(AtomicWriteFailure) {
                    try AtomicFileWriter.write(data, to: file)
                    continuation.resume(returning: .success(()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.name = "venues.replication.write"
            thread.start()
        }
        if case .failure(let failure) = result {
            throw .cannotWrite(path: file.path, reason: failure.description)
        }
    }
}
