import Foundation

/// Every key a configuration file may hold, and the environment variables that set some of them.
///
/// The list exists because swift-configuration looks values up by key and never lists a file's
/// keys, so it cannot tell a typo (`"radios": 5`) from a setting we do not read; we check the
/// file's keys against this list when it is loaded (``CheckedJSONSnapshot``).
enum ConfigurationKeys {
    /// Top-level keys holding a value, and the sections (objects) with the keys each accepts.
    /// `$comment` is accepted everywhere.
    static let values: Set<String> = ["radius", "limit", "timeout", "providers"]
    static let sections: [String: Set<String>] = [
        "defaultLocation": ["latitude", "longitude"],
        "foursquare": ["url", "api", "apiKey"],
        "google": ["url", "apiKey", "language"],
        "overpass": ["url", "useIndexes"],
        "cache": ["ttlSeconds", "enabled"],
        "dedupe": ["priority"],
    ]
    static let comment = "$comment"

    /// Keys whose values are secrets: never printed or logged (swift-configuration redacts them).
    static let secrets: Set<String> = ["foursquare.apiKey", "google.apiKey"]

    /// The environment variables that set a key, by key. Only these are read from the environment.
    static let environment: [String: String] = [
        "foursquare.apiKey": "FOURSQUARE_API_KEY",
        "google.apiKey": "GOOGLE_PLACES_API_KEY",
        "foursquare.url": "VENUES_FOURSQUARE_URL",
        "google.url": "VENUES_GOOGLE_PLACES_URL",
        "overpass.url": "VENUES_OVERPASS_URL",
    ]

    /// The variables of ``environment`` that hold secrets.
    static var secretVariables: Set<String> { Set(secrets.compactMap { environment[$0] }) }

    /// The reason a file's top-level object is refused: the first unknown key (in sorted order,
    /// as `section.key`, listing the known ones), or a section that is not an object.
    static func problem(in object: [String: Any]) -> String? {
        let known = values.union(sections.keys).union([comment])
        if let unknown = object.keys.filter({ !known.contains($0) }).sorted().first {
            return
                "unknown setting '\(unknown)'; known: \(values.union(sections.keys).sorted().joined(separator: ", "))"
        }
        for (section, keys) in sections.sorted(by: { $0.key < $1.key }) {
            guard let value = object[section], !(value is NSNull) else { continue }
            guard let nested = value as? [String: Any] else {
                return "\(section): expected an object with \(keys.sorted().joined(separator: ", "))"
            }
            if let unknown = nested.keys.filter({ !keys.contains($0) && $0 != comment }).sorted().first {
                return "unknown setting '\(section).\(unknown)'; known: \(keys.sorted().joined(separator: ", "))"
            }
        }
        return nil
    }
}
