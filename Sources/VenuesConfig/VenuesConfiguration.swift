import Foundation
public import VenuesCore

/// Every setting of `venues`, with the built-in defaults that `Config/venues.example.json`
/// documents.
///
/// Settings are layered, later layers winning (see ``ConfigurationLoader``): built-in defaults,
/// the user's config file, `--config FILE` (or `$VENUES_CONFIG`), environment variables, flags.
/// A file only needs the keys it changes.
public struct VenuesConfiguration: Sendable, Hashable {
    /// The centre used when `--near` is not given; `nil` lets Foursquare locate the caller
    /// or falls back to Amsterdam Centraal.
    public var defaultLocation: Coordinate?
    /// Search radius in metres.
    public var radius: Int = VenueQuery.defaultRadius
    /// Most venues listed.
    public var limit: Int = VenueQuery.defaultLimit
    /// Per-provider timeout in seconds.
    public var timeout: Double = VenueQuery.defaultTimeout
    /// Providers used when `--providers` is not given (those of them that are usable).
    public var providers: [ProviderID] = [.foursquare, .google, .openStreetMap]
    /// Foursquare settings.
    public var foursquare = Foursquare()
    /// Google Places settings.
    public var google = Google()
    /// OpenStreetMap / Overpass settings.
    public var overpass = Overpass()
    /// Response cache settings.
    public var cache = Cache()
    /// Deduplication settings.
    public var dedupe = Dedupe()

    public init() {}

    /// Foursquare Places API settings.
    public struct Foursquare: Sendable, Hashable {
        /// Base URL; the provider appends its paths. `nil`: the API version's own host.
        public var url: String?
        /// Where ``url`` came from, for `venues providers`.
        public var urlSource: String = "default"
        /// `2025-06-17` (current) or `v3` (legacy accounts).
        public var api: String = "2025-06-17"
        /// The key (from `FOURSQUARE_API_KEY` or the user's config file; never the repository).
        public var apiKey: String?
        /// Where ``apiKey`` came from, for `venues providers`.
        public var apiKeySource: String?
        public init() {}
    }

    /// Google Places API (New) settings.
    public struct Google: Sendable, Hashable {
        /// Base URL; the provider appends its paths.
        public var url: String = "https://places.googleapis.com"
        /// Where ``url`` came from, for `venues providers`.
        public var urlSource: String = "default"
        /// The key (from `GOOGLE_PLACES_API_KEY` or the user's config file).
        public var apiKey: String?
        /// Where ``apiKey`` came from, for `venues providers`.
        public var apiKeySource: String?
        /// Language of names and addresses (`en`, `fi`…); `nil` lets Google choose.
        public var language: String?
        public init() {}
    }

    /// Overpass settings.
    public struct Overpass: Sendable, Hashable {
        /// Interpreter URL, or a path / `file://` URL of an OSM XML file searched locally.
        public var url: String = "https://overpass-api.de/api/interpreter"
        /// Where ``url`` came from, for `venues providers`.
        public var urlSource: String = "default"
        /// Whether a search is answered from an imported index (`venues osm import`) when the
        /// index contains the whole search circle, instead of asking the interpreter.
        /// `--no-index` turns it off for one command.
        public var useIndexes: Bool = true
        public init() {}
    }

    /// Response cache settings.
    public struct Cache: Sendable, Hashable {
        /// How long a cached response is fresh, in seconds.
        public var ttl: Double = 900
        /// Whether responses are cached at all.
        public var enabled: Bool = true
        public init() {}
    }

    /// Deduplication settings.
    public struct Dedupe: Sendable, Hashable {
        /// Which provider's name and coordinate a merged venue shows, most trusted first.
        public var priority: [ProviderID] = [.google, .foursquare, .openStreetMap]
        public init() {}
    }
}
