import Foundation
import OSMIndex
public import VenuesCore

extension OverpassProvider: VenueSuggesting {
    /// Suggestions from the local indexes only, never Overpass nor a scan of a file: the index the
    /// endpoint names, and every imported index whose bounds meet the circle. Each answers with
    /// its best `limit` by match, then distance; one OSM element in two indexes is listed once.
    /// The readers stay open between calls (``OSMIndexReaderPool``).
    public func suggest(_ query: VenueQuery) async throws(ProviderError) -> [SuggestedVenue] {
        let named: URL? = if case .index(let url) = configuration.endpoint { url } else { nil }
        return try await OSMIndexReaderPool.shared.suggestions(
            for: query,
            named: named,
            directory: configuration.indexDirectory,
            mapper: .openStreetMap,
            content: OSMIndexImporter.Content.openStreetMap.rawValue
        )
    }
}
