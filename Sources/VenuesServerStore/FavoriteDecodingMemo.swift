import Synchronization
public import VenuesFavorites

/// The favourites last decoded for each client, with the records they were decoded from: a
/// client's favourites read again unchanged are not decoded again. Decoding (parsing and
/// checking every venue id) was most of a favourites read, and every listing reads the
/// caller's favourites to flag them.
///
/// Only the decoding is saved: the records are still read from the database each time, so a
/// favourite written by another instance is seen at once.
public final class FavoriteDecodingMemo: Sendable {
    private struct Entry {
        var records: [FavoriteRecord]
        var favorites: [Favorite]
    }

    /// The most clients remembered; all are forgotten when it is full.
    public let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    /// A memo of at most `capacity` clients.
    public init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// The favourites `records` hold (``FavoriteRecord/favorite()`` of each, in order), decoded
    /// again only when they differ from the records last given for `client`.
    public func favorites(client: String, records: [FavoriteRecord]) throws(ServerStoreError) -> [Favorite] {
        if let entry = entries.withLock({ $0[client] }), entry.records == records {
            return entry.favorites
        }
        let favorites = try records.map { (record) throws(ServerStoreError) in try record.favorite() }
        entries.withLock { entries in
            if entries[client] == nil, entries.count >= capacity { entries.removeAll() }
            entries[client] = Entry(records: records, favorites: favorites)
        }
        return favorites
    }
}
