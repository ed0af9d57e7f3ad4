package import Foundation
package import VenuesCore
package import VenuesFiles
package import VenuesMerge

/// The places of the last listing (`venues nearby` / `venues search`), kept so that
/// `venues favorites add ID` and `venues show ID` find a listed place — with every source id
/// of a merged place — without asking a provider again.
///
/// The file (`last-results.json` in the cache directory by default) is replaced atomically
/// (mode 0600) after each listing. It is a convenience: saving is best-effort, and a missing,
/// unreadable or corrupt file just means "not found".
package struct LastListing: Sendable {
    /// The file holding the last listing.
    package let fileURL: URL

    /// The listing kept in the given file.
    package init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The listing kept in `last-results.json` in ``DataDirectories/cache``.
    package init(directories: DataDirectories) {
        self.init(fileURL: directories.cache.appendingPathComponent("last-results.json", isDirectory: false))
    }

    /// Replaces the stored listing with these places.
    ///
    /// - Returns: whether the file was written (failures are not errors: this is a cache).
    @discardableResult
    package func save(_ places: [MergedVenue]) -> Bool {
        let stored = StoredListing(places: places.map(StoredPlace.init))
        // Unsorted keys: a cache file read by this type only; sorting every object's keys cost
        // a tenth of the encoding.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(stored) else { return false }
        do {
            try AtomicFileWriter.createDirectory(fileURL.deletingLastPathComponent())
            // A cache: replaced whole, but not flushed to disk (two fsyncs per query otherwise).
            try AtomicFileWriter.write(data, to: fileURL, durable: false)
            return true
        } catch {
            return false
        }
    }

    /// Every place of the last listing; empty when there is none or the file is unusable.
    package func load() -> [MergedVenue] {
        guard let data = try? Data(contentsOf: fileURL),
            let stored = try? JSONDecoder().decode(StoredListing.self, from: data),
            stored.version == StoredListing.currentVersion
        else { return [] }
        return stored.places.map { MergedVenue(venue: $0.venue, sources: $0.sources ?? [$0.venue]) }
    }

    /// The listed place whose canonical id or any source id is `id`.
    package func find(_ id: VenueID) -> MergedVenue? {
        load().first { $0.venue.id == id || $0.sources.contains { $0.id == id } }
    }
}

private struct StoredListing: Codable {
    static let currentVersion = 1
    var version = currentVersion
    var places: [StoredPlace]
}

private struct StoredPlace: Codable {
    var venue: Venue
    /// The source records; absent when the only one is ``venue`` itself (an unmerged place,
    /// most of a listing), which would otherwise be encoded twice.
    var sources: [Venue]?

    init(_ place: MergedVenue) {
        venue = place.venue
        sources = place.sources == [place.venue] ? nil : place.sources
    }
}
