import Foundation
import VenuesCore

/// The JSON shape of a configuration file: every key optional, unknown keys rejected so
/// that a typo does not silently do nothing.
struct ConfigurationFile: Decodable {
    struct Location: Decodable {
        var latitude: Double
        var longitude: Double
    }
    struct Foursquare: Decodable {
        var url: String?
        var api: String?
        var apiKey: String?
    }
    struct Google: Decodable {
        var url: String?
        var apiKey: String?
        var language: String?
    }
    struct Overpass: Decodable {
        var url: String?
        var useIndexes: Bool?
    }
    struct Cache: Decodable {
        var ttlSeconds: Double?
        var enabled: Bool?
    }
    struct Dedupe: Decodable {
        var priority: [String]?
    }

    var defaultLocation: Location?
    var radius: Int?
    var limit: Int?
    var timeout: Double?
    var providers: [String]?
    var foursquare: Foursquare?
    var google: Google?
    var overpass: Overpass?
    var cache: Cache?
    var dedupe: Dedupe?

    private static let knownKeys: Set<String> = [
        "defaultLocation", "radius", "limit", "timeout", "providers", "foursquare", "google", "overpass", "cache",
        "dedupe", "$comment",
    ]

    /// The keys each section object accepts (besides `$comment`).
    private static let knownSectionKeys: [String: Set<String>] = [
        "defaultLocation": ["latitude", "longitude"],
        "foursquare": ["url", "api", "apiKey"],
        "google": ["url", "apiKey", "language"],
        "overpass": ["url", "useIndexes"],
        "cache": ["ttlSeconds", "enabled"],
        "dedupe": ["priority"],
    ]

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private enum CodingKeys: String, CodingKey {
        case defaultLocation, radius, limit, timeout, providers, foursquare, google, overpass, cache, dedupe
    }

    init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        try Self.rejectUnknownKeys(of: all, known: Self.knownKeys)
        for (section, known) in Self.knownSectionKeys.sorted(by: { $0.key < $1.key }) {
            // A section that is not an object is reported by the typed decoding below.
            guard let nested = try? all.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: section))
            else { continue }
            try Self.rejectUnknownKeys(of: nested, known: known, section: section)
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        defaultLocation = try container.decodeIfPresent(Location.self, forKey: .defaultLocation)
        radius = try container.decodeIfPresent(Int.self, forKey: .radius)
        limit = try container.decodeIfPresent(Int.self, forKey: .limit)
        timeout = try container.decodeIfPresent(Double.self, forKey: .timeout)
        providers = try container.decodeIfPresent([String].self, forKey: .providers)
        foursquare = try container.decodeIfPresent(Foursquare.self, forKey: .foursquare)
        google = try container.decodeIfPresent(Google.self, forKey: .google)
        overpass = try container.decodeIfPresent(Overpass.self, forKey: .overpass)
        cache = try container.decodeIfPresent(Cache.self, forKey: .cache)
        dedupe = try container.decodeIfPresent(Dedupe.self, forKey: .dedupe)
    }

    /// Throws for the first key (in sorted order) of the object that is neither in `known` nor
    /// `$comment`, naming it as `section.key` and listing the known keys.
    private static func rejectUnknownKeys(
        of object: KeyedDecodingContainer<AnyKey>,
        known: Set<String>,
        section: String? = nil
    ) throws {
        let unknown = object.allKeys.map(\.stringValue).filter { !known.contains($0) && $0 != "$comment" }
        guard let first = unknown.sorted().first else { return }
        throw ConfigurationError.invalid(
            path: "",
            reason:
                "unknown setting '\(section.map { $0 + "." } ?? "")\(first)'; known: \(known.sorted().joined(separator: ", "))"
        )
    }

    /// Applies the keys present, validating their values. Provider names must be well formed,
    /// and among `knownProviders` when that is given.
    func apply(
        to configuration: inout VenuesConfiguration,
        source: String,
        knownProviders: [ProviderID]? = nil
    ) throws {
        func invalid(_ reason: String) -> ConfigurationError { .invalid(path: source, reason: reason) }
        func provider(_ name: String, setting: String) throws -> ProviderID {
            guard ProviderID.isWellFormed(name) else {
                throw invalid("\(setting): '\(name)' is not a provider name")
            }
            let id = ProviderID(rawValue: name)
            if let knownProviders, !knownProviders.contains(id) {
                let known = knownProviders.map(\.rawValue).joined(separator: ", ")
                throw invalid("\(setting): unknown provider '\(name)'; known: \(known)")
            }
            return id
        }
        if let location = defaultLocation {
            do {
                configuration.defaultLocation = try Coordinate(
                    latitude: location.latitude,
                    longitude: location.longitude
                )
            } catch {
                throw invalid("defaultLocation: \(error.description)")
            }
        }
        if let radius {
            guard VenueQuery.radiusRange.contains(radius) else {
                throw invalid("radius \(radius) is out of range: expected 1 to 100000 metres")
            }
            configuration.radius = radius
        }
        if let limit {
            guard limit >= 1 else { throw invalid("limit \(limit) must be at least 1") }
            configuration.limit = limit
        }
        if let timeout {
            guard timeout > 0, timeout <= 600 else {
                throw invalid("timeout \(timeout) must be between 0 and 600 seconds")
            }
            configuration.timeout = timeout
        }
        if let providers {
            configuration.providers = try providers.map { try provider($0, setting: "providers") }
        }
        if let foursquare {
            if let url = foursquare.url {
                configuration.foursquare.url = url
                configuration.foursquare.urlSource = source
            }
            if let api = foursquare.api {
                guard ["2025-06-17", "v3"].contains(api) else {
                    throw invalid("foursquare.api '\(api)' is not known: expected \"2025-06-17\" or \"v3\"")
                }
                configuration.foursquare.api = api
            }
            if let key = foursquare.apiKey, !key.isEmpty {
                configuration.foursquare.apiKey = key
                configuration.foursquare.apiKeySource = source
            }
        }
        if let google {
            if let url = google.url {
                configuration.google.url = url
                configuration.google.urlSource = source
            }
            if let language = google.language { configuration.google.language = language }
            if let key = google.apiKey, !key.isEmpty {
                configuration.google.apiKey = key
                configuration.google.apiKeySource = source
            }
        }
        if let url = overpass?.url {
            configuration.overpass.url = url
            configuration.overpass.urlSource = source
        }
        if let useIndexes = overpass?.useIndexes { configuration.overpass.useIndexes = useIndexes }
        if let cache {
            if let ttl = cache.ttlSeconds {
                guard ttl >= 0 else { throw invalid("cache.ttlSeconds must not be negative") }
                configuration.cache.ttl = ttl
            }
            if let enabled = cache.enabled { configuration.cache.enabled = enabled }
        }
        if let priority = dedupe?.priority {
            configuration.dedupe.priority = try priority.map { try provider($0, setting: "dedupe.priority") }
        }
    }
}
