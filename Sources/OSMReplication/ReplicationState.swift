package import Foundation

/// Where a replication feed stands: a sequence number and the time its data is current to.
///
/// The newest state is the feed's `state.txt`; each sequence `N` has its own beside its change
/// file (`AAA/BBB/CCC.state.txt`). The change file of `N` holds the edits made after the time
/// of `N - 1`, up to the time of `N`.
package struct ReplicationState: Sendable, Hashable, CustomStringConvertible {
    /// The sequence number (`sequenceNumber=`).
    package var sequence: Int64
    /// The time the data is current to (`timestamp=`), to the second, UTC.
    package var timestamp: Date

    /// A state.
    package init(sequence: Int64, timestamp: Date) {
        self.sequence = sequence
        self.timestamp = timestamp
    }

    /// The time as the state file writes it, without the escapes: `2026-11-27T00:59:58Z`.
    package var timestampText: String { ReplicationTimestamp.text(timestamp) }

    /// `sequence 6123456 (2026-11-27T00:59:58Z)`.
    package var description: String { "sequence \(sequence) (\(timestampText))" }
}
