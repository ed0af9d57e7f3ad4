import Foundation
import OSMIndex
public import VenuesCore

extension OverpassProvider: LocalDataDescribing {
    /// The index the endpoint names, then the imported indexes of the index directory.
    public func localData() -> [LocalDataSet] {
        let named: URL? = if case .index(let url) = configuration.endpoint { url } else { nil }
        return OSMIndexInfo.localDataSets(
            named: named,
            directory: configuration.indexDirectory,
            provider: .openStreetMap
        )
    }
}
