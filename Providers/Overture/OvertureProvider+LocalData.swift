import Foundation
import OSMIndex
public import VenuesCore

extension OvertureProvider: LocalDataDescribing {
    /// The index the endpoint names, then the imported Overture indexes of the index directory (a
    /// GeoJSON file named as the endpoint is read at every search, not listed).
    public func localData() -> [LocalDataSet] {
        var infos: [OSMIndexInfo] = []
        if case .index(let url) = configuration.source, let info = try? OSMIndexReader(url: url).info {
            infos.append(info)
        }
        if let directory = configuration.indexDirectory {
            let named = infos.first?.url.standardizedFileURL
            infos += OSMIndexCatalog(directory: directory).list().compactMap { try? $0.info.get() }
                .filter { $0.url.standardizedFileURL != named }
        }
        return infos.filter { $0.content == OSMIndexImporter.Content.overture.rawValue }
            .map { $0.localDataSet(provider: .overture) }
    }
}
