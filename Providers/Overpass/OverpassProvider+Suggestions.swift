import Foundation
import OSMIndex
import OSMModel
public import VenuesCore

extension OverpassProvider: VenueSuggesting {
    /// Suggestions from the local indexes only, never Overpass nor a scan of a file: the index the
    /// endpoint names, and every imported index whose bounds meet the circle. Each answers with
    /// its best `limit` by match, then distance; one OSM element in two indexes is listed once.
    /// The readers stay open between calls (``OSMIndexReaderPool``).
    public func suggest(_ query: VenueQuery) async throws(ProviderError) -> [Venue] {
        guard let center = query.center, let term = query.term else {
            throw .badRequest("a suggestion needs a centre and a term")
        }
        let selection = try OSMSelection(categories: query.categories, term: term)
        let configuration = self.configuration
        let limit = max(1, query.limit)
        return try await BackgroundWork.run { flag throws(ProviderError) in
            let pool = OSMIndexReaderPool.shared
            var indexes: [URL] = []
            if case .index(let url) = configuration.endpoint { indexes.append(url) }
            if let directory = configuration.indexDirectory {
                indexes += pool.indexes(in: directory, meeting: center, radius: Double(query.radius))
                    .filter { !indexes.contains($0) }
            }
            let search = OSMIndexReader.Query(
                center: center,
                radius: Double(query.radius),
                categories: query.categories,
                selection: selection,
                nearest: nil,
                ranked: limit
            )
            var found: [VenueID: Venue] = [:]
            for url in indexes {
                do {
                    let answer = try pool.withReader(url) { reader in try reader.search(search, cancellation: flag) }
                    for venue in answer.venues where found[venue.id] == nil { found[venue.id] = venue }
                } catch OSMIndexError.cancelled {
                    throw .cancelled
                } catch {
                    // An index that cannot be read suggests nothing; the others still do.
                    continue
                }
            }
            var shaped = query
            shaped.sort = .relevance
            shaped.limit = limit
            return VenueSelectionShaper.shape(Array(found.values), center: center, for: shaped).venues
        }
    }
}
