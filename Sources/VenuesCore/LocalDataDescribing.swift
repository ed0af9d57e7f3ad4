/// A provider that answers from data on this machine (the OpenStreetMap and Overture providers'
/// imported indexes) and can say which: `venues serve` lists them in `/readyz`.
public protocol LocalDataDescribing: Sendable {
    /// The local data sets the provider answers from now, by name.
    func localData() -> [LocalDataSet]
}

/// One local data set: an imported index.
public struct LocalDataSet: Sendable, Hashable, Codable {
    /// Its name and kind as ``ProviderResponse/source`` names it (`index:helsinki`).
    public var source: String
    /// The rectangle around the area it holds; `nil` when it says nothing of it.
    public var bounds: BoundingBox?
    /// `declared` (the file said), `derived` (from where its data lies) or `nodes` (around its
    /// nodes, by an earlier venues).
    public var boundsOrigin: String?
    /// The newest element timestamp of its data (ISO 8601), when known.
    public var dataTimestamp: String?
    /// The provider that answers from it (two providers' indexes may share a name).
    public var provider: ProviderID?

    public init(
        source: String,
        bounds: BoundingBox?,
        boundsOrigin: String?,
        dataTimestamp: String?,
        provider: ProviderID? = nil
    ) {
        self.source = source
        self.bounds = bounds
        self.boundsOrigin = boundsOrigin
        self.dataTimestamp = dataTimestamp
        self.provider = provider
    }
}
