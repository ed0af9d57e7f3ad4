import Foundation
import OSMIndex
import OSMModel
public import VenuesCore

extension OverpassProvider: VenueSuggesting {
    /// Suggestions from the local indexes only, never Overpass nor a scan of a file: the index the
    /// endpoint names, and every imported index whose bounds meet the circle. Each answers with
    /// its best `limit` by match, then distance; one OSM element in two indexes is listed once.
    /// The readers stay open between calls (``OSMIndexReaderPool``).
    public func suggest(_ query: VenueQuery) async throws(ProviderError) -> [SuggestedVenue] {
        guard let center = query.center, let term = query.term else {
            throw .badRequest("a suggestion needs a centre and a term")
        }
        let selection = try OSMSelection(categories: query.categories, term: term)
        let configuration = self.configuration
        let limit = max(1, query.limit)
        return try await BackgroundWork.run(on: .suggestions) { flag throws(ProviderError) in
            let pool = OSMIndexReaderPool.shared
            var indexes: [URL] = []
            if case .index(let url) = configuration.endpoint { indexes.append(url) }
            if let directory = configuration.indexDirectory {
                indexes += pool.indexes(in: directory, meeting: center, radius: Double(query.radius))
                    .filter { !indexes.contains($0) }
            }
            var search = OSMIndexReader.Query(
                center: center,
                radius: Double(query.radius),
                categories: query.categories,
                selection: selection,
                nearest: nil,
                ranked: limit
            )
            // A suggestion shows the name, the category and the distance only.
            search.everyField = false
            var found: [SuggestedVenue] = []
            var seen = Set<VenueID>()
            for url in indexes {
                do {
                    let answer = try pool.withReader(url) { reader in try reader.search(search, cancellation: flag) }
                    for (venue, match) in zip(answer.venues, answer.matches) where seen.insert(venue.id).inserted {
                        found.append(SuggestedVenue(venue: venue, match: match))
                    }
                } catch OSMIndexError.cancelled {
                    throw .cancelled
                } catch {
                    // An index that cannot be read suggests nothing; the others still do.
                    continue
                }
            }
            // Each index ranked its own (the term matched as the scan matches it); several
            // indexes' answers are ranked together.
            return SearchTerm.ranked(found, around: center).prefix(limit).map {
                SuggestedVenue(venue: $0.venue, match: $0.match)
            }
        }
    }
}
