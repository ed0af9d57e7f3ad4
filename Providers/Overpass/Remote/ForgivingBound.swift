import VenuesCore

extension OverpassProvider.Configuration {
    /// How far a text search on a remote Overpass server goes to forgive.
    ///
    /// The server matches a term only as a pattern, so a text search fetches the circle's named
    /// venues and matches them on this machine, as a local file or an index is: but only for a
    /// circle of at most ``radius`` metres, and at most ``elements`` of them, so that a 30 km
    /// circle does not pull a region through the public server. Past either, the pattern is
    /// asked and the answer says why venues may be missing.
    public struct ForgivingBound: Sendable, Hashable {
        /// The widest circle, in metres, whose venues are fetched to be matched here.
        public var radius: Int
        /// The most elements asked of the server for it (`out bb tags N;`); an answer of that
        /// many may have left venues out, and says so.
        public var elements: Int

        /// A bound of `radius` metres and `elements` elements.
        public init(radius: Int, elements: Int) {
            self.radius = radius
            self.elements = elements
        }

        /// 3 km and 20,000 elements: a city centre's circle (about 750 named venues within
        /// 500 m of Helsinki Central Station, some 4 MB of answer at the bound in the densest
        /// European centres), fetched in about a second.
        public static let standard = ForgivingBound(radius: 3000, elements: 20000)

        /// The radius in words: `3 km`, `1.5 km` or `800 m`.
        var radiusText: String {
            guard radius >= 1000 else { return "\(radius) m" }
            let kilometres = Double(radius) / 1000
            return kilometres == kilometres.rounded()
                ? "\(Int(kilometres)) km" : "\((kilometres * 10).rounded() / 10) km"
        }

        /// Said when the circle is wider than ``radius``.
        var pastRadiusWarning: String {
            "typos and word order are forgiven only within \(radiusText) on the remote server; import an extract with `venues osm import` to search the whole region"
        }

        /// Said when the circle's venues were not fetched because the server refused.
        func refusedWarning(_ error: ProviderError) -> String {
            "typos and word order were not forgiven: the remote server refused the circle's venues (\(error.message)); import an extract with `venues osm import` to search the whole region"
        }

        /// Said when the circle held more than ``elements``.
        func truncatedWarning(radius circle: Int) -> String {
            "typos and word order were forgiven among only \(elements) of the \(circle) m circle's venues on the remote server; import an extract with `venues osm import` to search the whole region"
        }
    }
}
