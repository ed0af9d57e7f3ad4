import Foundation
import OSMIndex
import OSMModel
public import VenuesCore

extension OverpassProvider: VenueSuggesting {
    /// Suggestions from the local indexes: the index the endpoint names, and every imported index
    /// whose area meets the circle, each with its best `limit` by match, then distance; one OSM
    /// element in two indexes is listed once. The readers stay open between calls
    /// (``OSMIndexReaderPool``). Never a scan of a file.
    ///
    /// With a remote endpoint (not ``Configuration/offline``), when the indexes give fewer than
    /// `limit` and do not hold the whole circle, the circle's named venues are fetched from the
    /// server, as a text search does when its pattern finds too few, kept for a person's next
    /// keystrokes (`OverpassCircleCache`) and matched here; within
    /// ``Configuration/forgivingBound`` only, with the search's warnings past it.
    public func suggest(_ query: VenueQuery) async throws(ProviderError) -> Suggestions {
        let named: URL? = if case .index(let url) = configuration.endpoint { url } else { nil }
        let local = try await OSMIndexReaderPool.shared.suggestions(
            for: query,
            named: named,
            directory: configuration.indexDirectory,
            mapper: .openStreetMap,
            content: OSMIndexImporter.Content.openStreetMap.rawValue
        )
        guard case .remote(let url) = configuration.endpoint, !configuration.offline, local.count < query.limit,
            let center = query.center, let term = query.term
        else { return Suggestions(local) }
        if let directory = configuration.indexDirectory {
            let radius = Double(query.radius)
            let holdsCircle = try await BackgroundWork.run { _ throws(ProviderError) in
                try ImportedIndexes(directory: directory, named: nil, center: center, radius: radius).coverage
                    .isComplete
            }
            if holdsCircle { return Suggestions(local) }
        }
        let searchTerm = SearchTerm(try OSMSelection.checkedTerm(term))
        let remote = try await remoteSearch(url).suggestions(query, center: center, term: searchTerm, circles: circles)
        let seen = Set(local.map(\.venue.id))
        let together = local + remote.venues.filter { !seen.contains($0.venue.id) }
        let best = SearchTerm.ranked(together, around: center).prefix(max(0, query.limit))
        return Suggestions(best.map { SuggestedVenue(venue: $0.venue, match: $0.match) }, warnings: remote.warnings)
    }
}
