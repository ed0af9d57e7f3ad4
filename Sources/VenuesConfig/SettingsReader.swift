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
    func configuration(
        catalog: ProviderCatalog,
        knownProviders: [ProviderID]?
    ) throws(ConfigurationError) -> VenuesConfiguration {
        var configuration = VenuesConfiguration(catalog: catalog)
        let number = "a number"

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
                problem: {
                    VenueQuery.timeoutRange.contains($0)
                        ? nil
                        : "timeout \($0) is out of range: expected \(VenueQuery.timeoutRangeText)"
                }
            )?.value ?? configuration.timeout
        if let names = try read("providers", "a list of provider names", { $0.stringArray(forKey: $1) }) {
            configuration.providers = try providerIDs(names, setting: "providers", known: knownProviders)
        }

        for profile in catalog.profiles {
            configuration[profile.id] = try settings(of: profile)
        }

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
        configuration.serve.rateLimit = try serveRateLimit()
        return configuration
    }

    /// `serve.rateLimit` (`120/min`) with `serve.burst` (the rate's requests when unset).
    private func serveRateLimit() throws(ConfigurationError) -> RateLimit? {
        let burst = try read(
            "serve.burst",
            "a whole number",
            { $0.int(forKey: $1) },
            problem: { $0 >= 1 ? nil : "serve.burst \($0) must be at least 1" }
        )
        guard let rate = try read("serve.rateLimit", "a rate such as \"120/min\"", { $0.string(forKey: $1) }) else {
            if let burst { throw .invalid(path: burst.source, reason: "serve.burst needs serve.rateLimit") }
            return nil
        }
        guard let limit = RateLimit(rate: rate.value, burst: burst?.value) else {
            throw .invalid(
                path: rate.source,
                reason:
                    "serve.rateLimit '\(rate.value)' is not a rate: expected requests per s, min, h or day, such as \"120/min\""
            )
        }
        return limit
    }

    /// A provider's settings from its section: its defaults, overlaid with what the layers set.
    private func settings(of profile: ProviderProfile) throws(ConfigurationError) -> ProviderSettings {
        var settings = profile.defaults
        for setting in profile.settings {
            let key = "\(profile.section).\(setting.name)"
            let problem: (String) -> String? = { value in
                guard let allowed = setting.allowedValues, !allowed.contains(value) else { return nil }
                let choices = allowed.map { "\"\($0)\"" }.joined(separator: " or ")
                return "\(key) '\(value)' is not known: expected \(choices)"
            }
            switch setting.kind {
            case .text:
                if let found = try read(key, "a string", { $0.string(forKey: $1) }, problem: problem) {
                    settings.set(setting.name, .text(found.value), source: found.source)
                }
            case .secret:
                if let found = try read(key, "a string", { $0.string(forKey: $1, isSecret: true) }),
                    !found.value.isEmpty
                {
                    settings.set(setting.name, .secret(found.value), source: found.source)
                }
            case .flag:
                if let found = try read(key, "true or false", { $0.bool(forKey: $1) }) {
                    settings.set(setting.name, .flag(found.value), source: found.source)
                }
            case .count:
                if let found = try read(
                    key,
                    "a whole number",
                    { $0.int(forKey: $1) },
                    problem: { $0 >= 0 ? nil : "\(key) must not be negative" }
                ) {
                    settings.set(setting.name, .count(found.value), source: found.source)
                }
            }
        }
        return settings
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
            guard !ids.contains(id) else {
                throw .invalid(path: names.source, reason: "\(setting): '\(name)' is listed twice")
            }
            ids.append(id)
        }
        return ids
    }
}
