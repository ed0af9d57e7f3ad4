/// One tag condition of the venue filter: the key is present and, when ``values`` is set,
/// has one of those values.
package struct OSMTagRule: Sendable, Hashable {
    /// The tag key, e.g. `amenity`.
    package let key: String
    /// The accepted values (sorted), or `nil` for any value.
    package let values: [String]?

    package init(_ key: String, _ values: [String]? = nil) {
        self.key = key
        self.values = values?.sorted()
    }

    /// Whether an element with these tags satisfies the rule.
    package func matches(_ tags: OSMTags) -> Bool {
        guard let value = tags[key] else { return false }
        guard let values else { return true }
        return values.contains(value)
    }

    /// The Overpass QL filter: `[amenity]`, `[amenity="cafe"]` or `[tourism~"^(hostel|hotel)$"]`.
    ///
    /// Keys and values are constants of ``OSMVocabulary`` (letters, digits, `_`), so they need no
    /// escaping; they are quoted anyway.
    package var overpassFilter: String {
        guard let values else { return "[\"\(key)\"]" }
        if values.count == 1 { return "[\"\(key)\"=\"\(values[0])\"]" }
        return "[\"\(key)\"~\"^(\(values.joined(separator: "|")))$\"]"
    }
}
