import Foundation
import VenuesCore

/// Every key a configuration file may hold, and the environment variables that set some of them:
/// the package's own settings here, each provider's from its profile (``ProviderCatalog``).
///
/// The list exists because swift-configuration looks values up by key and never lists a file's
/// keys, so it cannot tell a typo (`"radios": 5`) from a setting we do not read; we check the
/// file's keys against this list when it is loaded (``CheckedJSONSnapshot``).
struct ConfigurationKeys: Sendable {
    /// Top-level keys holding a value, and the sections (objects) with the keys each accepts.
    /// `$comment` is accepted everywhere.
    static let values: Set<String> = ["radius", "limit", "timeout", "providers"]
    static let ownSections: [String: Set<String>] = [
        "defaultLocation": ["latitude", "longitude"],
        "cache": ["ttlSeconds", "enabled"],
        "dedupe": ["priority"],
        "serve": ["rateLimit", "burst"],
    ]
    static let comment = "$comment"

    /// Sections and their keys: the package's own and one per provider.
    var sections: [String: Set<String>]
    /// Keys whose values are secrets: never printed or logged (swift-configuration redacts them).
    var secrets: Set<String>
    /// The environment variables that set a key, by key. Only these are read from the environment.
    var environment: [String: String]

    /// The keys of the package and of the providers in `catalog`.
    init(catalog: ProviderCatalog) {
        sections = Self.ownSections
        secrets = []
        environment = [:]
        for profile in catalog.profiles {
            sections[profile.section, default: []].formUnion(profile.settings.map(\.name))
            for setting in profile.settings {
                let key = "\(profile.section).\(setting.name)"
                if setting.kind == .secret { secrets.insert(key) }
                if let variable = setting.environmentVariable { environment[key] = variable }
            }
        }
    }

    /// The variables of ``environment`` that hold secrets.
    var secretVariables: Set<String> { Set(secrets.compactMap { environment[$0] }) }

    /// The reason a file's top-level object is refused: the first unknown key (in sorted order,
    /// as `section.key`, listing the known ones), or a section that is not an object.
    func problem(in object: [String: Any]) -> String? {
        let values = Self.values
        let known = values.union(sections.keys).union([Self.comment])
        if let unknown = object.keys.filter({ !known.contains($0) }).sorted().first {
            return
                "unknown setting '\(unknown)'; known: \(values.union(sections.keys).sorted().joined(separator: ", "))"
        }
        for (section, keys) in sections.sorted(by: { $0.key < $1.key }) {
            guard let value = object[section], !(value is NSNull) else { continue }
            guard let nested = value as? [String: Any] else {
                return "\(section): expected an object with \(keys.sorted().joined(separator: ", "))"
            }
            if let problem = Self.problem(in: nested, path: section, keys: keys) { return problem }
        }
        return nil
    }

    /// The first unknown key of a section, or of an object inside it: a setting named
    /// `budget.daily` is the key `daily` of the section's object `budget`.
    private static func problem(in object: [String: Any], path: String, keys: Set<String>) -> String? {
        let names = Set(keys.map { String($0.split(separator: ".", maxSplits: 1)[0]) })
        for name in object.keys.sorted() where name != comment {
            guard names.contains(name) else {
                return "unknown setting '\(path).\(name)'; known: \(names.sorted().joined(separator: ", "))"
            }
            guard !keys.contains(name) else { continue }
            let inner = Set(
                keys.compactMap { key -> String? in
                    let parts = key.split(separator: ".", maxSplits: 1)
                    return parts.count == 2 && parts[0] == name ? String(parts[1]) : nil
                }
            )
            guard let nested = object[name] as? [String: Any] else {
                return "\(path).\(name): expected an object with \(inner.sorted().joined(separator: ", "))"
            }
            if let problem = problem(in: nested, path: "\(path).\(name)", keys: inner) { return problem }
        }
        return nil
    }
}
