import Foundation
import OSMIndex
import OSMModel
public import VenuesCore

extension OverpassProvider: LocalDataDescribing {
    /// The index the endpoint names, then the imported indexes of the index directory.
    public func localData() -> [LocalDataSet] {
        var infos: [OSMIndexInfo] = []
        if case .index(let url) = configuration.endpoint, let info = try? OSMIndexReader(url: url).info {
            infos.append(info)
        }
        if let directory = configuration.indexDirectory {
            let named = infos.first?.url.standardizedFileURL
            infos += OSMIndexCatalog(directory: directory).list().compactMap { try? $0.info.get() }
                .filter { $0.url.standardizedFileURL != named }
        }
        return infos.map { $0.localDataSet(provider: .openStreetMap) }
    }
}
