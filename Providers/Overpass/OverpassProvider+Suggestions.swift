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
            let named: URL? = if case .index(let url) = configuration.endpoint { url } else { nil }
            let search = OSMIndexReader.Query(
                center: center,
                radius: Double(query.radius),
                categories: query.categories,
                selection: selection,
                nearest: nil,
                ranked: limit
            )
            do throws(OSMIndexError) {
                return try OSMIndexReaderPool.shared.suggestions(
                    named: named,
                    directory: configuration.indexDirectory,
                    for: search,
                    mapper: .openStreetMap,
                    content: OSMIndexImporter.Content.openStreetMap.rawValue,
                    cancellation: flag
                )
            } catch {
                throw .cancelled  // its one error: an unreadable index suggests nothing
            }
        }
    }
}
