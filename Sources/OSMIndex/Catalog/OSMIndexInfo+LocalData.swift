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
}
