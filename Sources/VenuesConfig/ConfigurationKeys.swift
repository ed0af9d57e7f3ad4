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
            if let unknown = nested.keys.filter({ !keys.contains($0) && $0 != Self.comment }).sorted().first {
                return "unknown setting '\(section).\(unknown)'; known: \(keys.sorted().joined(separator: ", "))"
            }
        }
        return nil
    }
}
