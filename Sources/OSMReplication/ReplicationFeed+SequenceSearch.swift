package import Foundation

extension ReplicationFeed {
    /// The newest sequence whose time is at or before `timestamp`: the change files after it
    /// bring data of that time up to date. `nil` when even the oldest state the server has is
    /// newer.
    ///
    /// Reads `state.txt`, then as few state files as it can (``ReplicationSequenceSearch``): on a
    /// regular feed a handful whatever its length; on an irregular one with missing files about
    /// 13 on average, a few dozen at most (42 in the tests' feeds of up to 5,000 sequences, one in
    /// nine missing, over 116 seeds); on a server that removed its old files about 21 on average,
    /// up to about a hundred (93 over 159 seeds), when gaps in the files kept mislead the hunt
    /// for the oldest one.
    /// State files the server does not have (404) are stepped round; any other failure throws.
    package func sequence(atOrBefore timestamp: Date) async throws(ReplicationError) -> Int64? {
        let newest = try await latest()
        var search = ReplicationSequenceSearch(target: timestamp) { sequence async throws(ReplicationError) in
            do throws(ReplicationError) {
                return try await state(sequence: sequence)
            } catch {
                if case .notFound = error { return nil }
                throw error
            }
        }
        return try await search.run(latest: newest)
    }
}
