import Foundation
import OSMIndex
import OSMModel
public import VenuesCore

extension OvertureProvider: VenueSuggesting {
    /// Suggestions from the Overture indexes: the one the endpoint names and every imported one
    /// whose area meets the circle, with the readers kept open (``OSMIndexReaderPool``). Places
    /// the configuration leaves out of answers (below the minimum confidence, not open) are not
    /// suggested either. A file named as the endpoint is not read: it is too slow to read at
    /// every keystroke, so it suggests nothing.
    public func suggest(_ query: VenueQuery) async throws(ProviderError) -> [SuggestedVenue] {
        guard let center = query.center, let term = query.term else {
            throw .badRequest("a suggestion needs a centre and a term")
        }
        let selection = try OSMSelection(categories: query.categories, term: term)
        let configuration = self.configuration
        let filter = OverturePlaceFilter(
            minimumConfidence: configuration.minimumConfidence,
            includeClosed: configuration.includeClosed
        )
        let limit = max(1, query.limit)
        return try await OvertureBackground.run { flag throws(ProviderError) in
            let named: URL? = if case .index(let url) = configuration.source { url } else { nil }
            do throws(OSMIndexError) {
                return try OSMIndexReaderPool.shared.suggestions(
                    named: named,
                    directory: configuration.indexDirectory,
                    for: OSMIndexReader.Query(
                        center: center,
                        radius: Double(query.radius),
                        categories: query.categories,
                        selection: selection,
                        nearest: nil,
                        ranked: limit
                    ),
                    mapper: OvertureVenueMapper.indexMapper,
                    content: OSMIndexImporter.Content.overture.rawValue,
                    admits: filter.admits,
                    cancellation: flag
                )
            } catch {
                throw .cancelled  // its one error: an unreadable index suggests nothing
            }
        }
    }
}
