import Foundation
import OSMIndex
public import VenuesCore

extension OvertureProvider: VenueSuggesting {
    /// Suggestions from the Overture indexes: the one the endpoint names and every imported one
    /// whose area meets the circle, with the readers kept open (``OSMIndexReaderPool``). Places
    /// the configuration leaves out of answers (below the minimum confidence, not open) are not
    /// suggested either. A file named as the endpoint is not read: it is too slow to read at
    /// every keystroke, so it suggests nothing.
    public func suggest(_ query: VenueQuery) async throws(ProviderError) -> Suggestions {
        let named: URL? = if case .index(let url) = configuration.source { url } else { nil }
        let filter = OverturePlaceFilter(
            minimumConfidence: configuration.minimumConfidence,
            includeClosed: configuration.includeClosed
        )
        let found = try await OSMIndexReaderPool.shared.suggestions(
            for: query,
            named: named,
            directory: configuration.indexDirectory,
            mapper: OvertureVenueMapper.indexMapper,
            content: OSMIndexImporter.Content.overture.rawValue,
            admits: { filter.admits($0) }
        )
        return Suggestions(found)
    }
}
