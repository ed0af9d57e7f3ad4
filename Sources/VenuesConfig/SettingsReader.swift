import Configuration
import VenuesCore

/// Reads every setting through swift-configuration and checks the rules the library cannot
/// express (ranges, provider names, both halves of a location), naming the file a bad value
/// came from.
struct SettingsReader {
    var reader: ConfigReader
    var audit: SettingsAudit
    var layers: [SettingsLayer]

    /// A value and where it came from (a file's path or an environment variable).
    struct Found<Value> {
        var value: Value
        var source: String
    }

    /// The settings, on top of the built-in defaults.
    func configuration(knownProviders: [ProviderID]?) throws(ConfigurationError) -> VenuesConfiguration {
        var configuration = VenuesConfiguration()
        let number = "a number"
        let text = "a string"

        let latitude = try read("defaultLocation.latitude", number) { $0.double(forKey: $1) }
        let longitude = try read("defaultLocation.longitude", number) { $0.double(forKey: $1) }
        if let half = latitude ?? longitude {
            guard let latitude, let longitude else {
                let missing = latitude == nil ? "latitude" : "longitude"
                throw .invalid(path: half.source, reason: "defaultLocation: missing key \(missing)")
            }
            do {
                configuration.defaultLocation = try Coordinate(latitude: latitude.value, longitude: longitude.value)
            } catch {
                throw .invalid(path: half.source, reason: "defaultLocation: \(error.description)")
            }
        }
        let radiusRange = VenueQuery.radiusRange
        configuration.radius =
            try read(
                "radius",
                "a whole number",
                { $0.int(forKey: $1) },
                problem: {
                    radiusRange.contains($0) ? nil : "radius \($0) is out of range: expected 1 to 100000 metres"
                }
            )?.value ?? configuration.radius
        configuration.limit =
            try read(
                "limit",
                "a whole number",
                { $0.int(forKey: $1) },
                problem: { $0 >= 1 ? nil : "limit \($0) must be at least 1" }
            )?.value ?? configuration.limit
        configuration.timeout =
            try read(
                "timeout",
                number,
                { $0.double(forKey: $1) },
                problem: { $0 > 0 && $0 <= 600 ? nil : "timeout \($0) must be between 0 and 600 seconds" }
            )?.value ?? configuration.timeout
        if let names = try read("providers", "a list of provider names", { $0.stringArray(forKey: $1) }) {
            configuration.providers = try providerIDs(names, setting: "providers", known: knownProviders)
        }

        if let url = try read("foursquare.url", text, { $0.string(forKey: $1) }) {
            (configuration.foursquare.url, configuration.foursquare.urlSource) = (url.value, url.source)
        }
        configuration.foursquare.api =
            try read(
                "foursquare.api",
                text,
                { $0.string(forKey: $1) },
                problem: {
                    ["2025-06-17", "v3"].contains($0)
                        ? nil : "foursquare.api '\($0)' is not known: expected \"2025-06-17\" or \"v3\""
                }
            )?.value ?? configuration.foursquare.api
        if let key = try read("foursquare.apiKey", text, { $0.string(forKey: $1, isSecret: true) }), !key.value.isEmpty
        {
            (configuration.foursquare.apiKey, configuration.foursquare.apiKeySource) = (key.value, key.source)
        }

        if let url = try read("google.url", text, { $0.string(forKey: $1) }) {
            (configuration.google.url, configuration.google.urlSource) = (url.value, url.source)
        }
        configuration.google.language = try read("google.language", text, { $0.string(forKey: $1) })?.value
        if let key = try read("google.apiKey", text, { $0.string(forKey: $1, isSecret: true) }), !key.value.isEmpty {
            (configuration.google.apiKey, configuration.google.apiKeySource) = (key.value, key.source)
        }

        if let url = try read("overpass.url", text, { $0.string(forKey: $1) }) {
            (configuration.overpass.url, configuration.overpass.urlSource) = (url.value, url.source)
        }
        configuration.overpass.useIndexes =
            try read("overpass.useIndexes", "true or false", { $0.bool(forKey: $1) })?.value
            ?? configuration.overpass.useIndexes

        configuration.cache.ttl =
            try read(
                "cache.ttlSeconds",
                number,
                { $0.double(forKey: $1) },
                problem: { $0 >= 0 ? nil : "cache.ttlSeconds must not be negative" }
            )?.value ?? configuration.cache.ttl
        configuration.cache.enabled =
            try read("cache.enabled", "true or false", { $0.bool(forKey: $1) })?.value ?? configuration.cache.enabled
        if let names = try read("dedupe.priority", "a list of provider names", { $0.stringArray(forKey: $1) }) {
            configuration.dedupe.priority = try providerIDs(names, setting: "dedupe.priority", known: knownProviders)
        }
        return configuration
    }

    /// Looks `key` up with `get` (one of the reader's non-throwing getters). A value of the
    /// wrong type, which the getter answers with `nil`, becomes an error naming the file and
    /// the `expected` kind of value; so does a value for which `problem` gives a reason.
    private func read<Value>(
        _ key: String,
        _ expected: String,
        _ get: (ConfigReader, ConfigKey) -> Value?,
        problem: (Value) -> String? = { _ in nil }
    ) throws(ConfigurationError) -> Found<Value>? {
        let value = get(reader, ConfigKey(key))
        let lookup = audit.lastLookup
        let source = lookup.layer.map { layers[$0].source(of: key) } ?? ""
        if lookup.failure != nil {
            throw .invalid(path: source, reason: "\(key): expected \(expected)")
        }
        guard let value else { return nil }
        if let reason = problem(value) { throw .invalid(path: source, reason: reason) }
        return Found(value: value, source: source)
    }

    /// Provider names: well formed, and among `known` when that is given.
    private func providerIDs(
        _ names: Found<[String]>,
        setting: String,
        known: [ProviderID]?
    ) throws(ConfigurationError) -> [ProviderID] {
        var ids: [ProviderID] = []
        for name in names.value {
            guard ProviderID.isWellFormed(name) else {
                throw .invalid(path: names.source, reason: "\(setting): '\(name)' is not a provider name")
            }
            let id = ProviderID(rawValue: name)
            if let known, !known.contains(id) {
                let list = known.map(\.rawValue).joined(separator: ", ")
                throw .invalid(path: names.source, reason: "\(setting): unknown provider '\(name)'; known: \(list)")
            }
            ids.append(id)
        }
        return ids
    }
}
