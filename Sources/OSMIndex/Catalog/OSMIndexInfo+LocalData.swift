package import Foundation
package import VenuesCore

extension OSMIndexInfo {
    /// The index as `/readyz` lists it (``LocalDataSet``), answered from by `provider`.
    package func localDataSet(provider: ProviderID) -> LocalDataSet {
        LocalDataSet(
            source: "index:\(name)",
            bounds: bounds.flatMap {
                try? BoundingBox(
                    south: $0.minLatitude,
                    west: $0.minLongitude,
                    north: $0.maxLatitude,
                    east: $0.maxLongitude
                )
            },
            boundsOrigin: boundsOrigin,
            dataTimestamp: dataTimestamp,
            provider: provider
        )
    }

    /// The index `named` (an endpoint names it), then the other readable indexes of `directory`,
    /// as `/readyz` lists them; with `content`, only those holding it (`overture`).
    package static func localDataSets(
        named: URL?,
        directory: URL?,
        provider: ProviderID,
        content: String? = nil
    ) -> [LocalDataSet] {
        var infos: [OSMIndexInfo] = []
        if let named, let info = try? OSMIndexReader(url: named).info { infos.append(info) }
        if let directory {
            let first = infos.first?.url.standardizedFileURL
            infos += OSMIndexCatalog(directory: directory).list().compactMap { try? $0.info.get() }
                .filter { $0.url.standardizedFileURL != first }
        }
        return infos.filter { content == nil || $0.content == content }.map { $0.localDataSet(provider: provider) }
    }
}
