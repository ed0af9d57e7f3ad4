import Foundation
import OSMIndex
public import VenuesCore

extension OvertureProvider: LocalDataDescribing {
    /// The index the endpoint names, then the imported Overture indexes of the index directory (a
    /// GeoJSON file named as the endpoint is read at every search, not listed).
    public func localData() -> [LocalDataSet] {
        let named: URL? = if case .index(let url) = configuration.source { url } else { nil }
        return OSMIndexInfo.localDataSets(
            named: named,
            directory: configuration.indexDirectory,
            provider: .overture,
            content: OSMIndexImporter.Content.overture.rawValue
        )
    }
}
