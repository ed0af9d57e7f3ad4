extension ReplicationFeed {
    /// The sequences a replication server can name: nine digits.
    package static let sequences: ClosedRange<Int64> = 0...999_999_999

    /// Where a sequence's files lie below the feed: its number as nine digits in three folders,
    /// `6123456` → `006/123/456` (`006/123/456.osc.gz`, `006/123/456.state.txt`).
    ///
    /// Throws ``ReplicationError/sequenceOutOfRange(_:)`` outside ``sequences``.
    package static func path(sequence: Int64) throws(ReplicationError) -> String {
        guard sequences.contains(sequence) else { throw .sequenceOutOfRange(sequence) }
        func three(_ value: Int64) -> String {
            let digits = String(value)
            return String(repeating: "0", count: 3 - digits.count) + digits
        }
        return "\(three(sequence / 1_000_000))/\(three(sequence / 1000 % 1000))/\(three(sequence % 1000))"
    }
}
