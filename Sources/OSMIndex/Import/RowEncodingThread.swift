import Foundation
import OSMModel

/// What the reading side of an import sends: venues with their tags, then the end.
enum ImportMessage: Sendable {
    /// Venues to write.
    case venues([PlacedVenue])
    /// Rows of the `update_*` tables to write.
    case tracking(TrackingRows)
    /// Every venue has been sent (see ``WriterMessage/finish(_:)``).
    case finish([MetaEntry])
}

/// A venue as the reading side found it: where it is and its tags as read.
struct PlacedVenue: Sendable {
    var row: VenueRow
    var tags: OSMTags
}

/// Codes the venue rows of an import (``VenueRowEncoder``) on a thread of its own, between the
/// reading side (`input`) and ``IndexWriter`` (`output`), in order. A thread of its own because
/// it is a fifth of an import's work and neither side has room for it: reading XML already
/// takes one core, and the writer is the slowest stage of a PBF import.
///
/// It ends when `input` ends: closed, it closes `output` after the last batch; cancelled, it
/// cancels `output`. When `output` is cancelled (the writer failed), it cancels `input`, so
/// that the reading side stops at its next `put`.
final class RowEncodingThread: Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(input: BoundedQueue<ImportMessage>, output: BoundedQueue<WriterMessage>) {
        let thread = Thread { [done] in
            Self.run(input: input, output: output)
            done.signal()
        }
        thread.name = "venues row coding"
        thread.start()
    }

    /// Waits until the thread has ended.
    func wait() {
        done.wait()
        done.signal()
    }

    private static func run(input: BoundedQueue<ImportMessage>, output: BoundedQueue<WriterMessage>) {
        var encoder = VenueRowEncoder()
        while let message = input.take() {
            let coded: WriterMessage
            switch message {
            case .venues(let venues):
                var batch = VenueRowBatch()
                batch.rows.reserveCapacity(venues.count)
                // About the search text and tags of an average venue.
                batch.bytes.reserveCapacity(venues.count * 256)
                for venue in venues { encoder.append(venue.row, tags: venue.tags, to: &batch) }
                coded = .rows(batch)
            case .tracking(let rows):
                coded = .tracking(rows)
            case .finish(let meta):
                coded = .finish(meta)
            }
            guard output.put(coded) else {
                input.cancel()
                return
            }
        }
        if input.isCancelled { output.cancel() } else { output.close() }
    }
}
