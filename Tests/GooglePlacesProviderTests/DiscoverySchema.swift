import Foundation

/// Google's discovery document for Places API (New), read as plain JSON, for checking what we
/// send and ask for against the published schema.
struct DiscoverySchema {
    let schemas: [String: [String: Any]]
    let revision: String

    static func load() throws -> DiscoverySchema {
        let root = try unwrap(Fixtures.json("places.v1.discovery.json") as? [String: Any])
        let schemas = try unwrap(root["schemas"] as? [String: [String: Any]])
        return DiscoverySchema(schemas: schemas, revision: root["revision"] as? String ?? "")
    }

    /// The `properties` of a schema.
    func properties(of schema: String) -> [String: [String: Any]] {
        schemas[schema]?["properties"] as? [String: [String: Any]] ?? [:]
    }

    /// The description of one property, for checking documented ranges.
    func description(of property: String, in schema: String) -> String {
        properties(of: schema)[property]?["description"] as? String ?? ""
    }

    /// Every problem found when `value` is checked against `schema`: unknown keys, wrong JSON
    /// types, values outside an enum. Walks nested objects and arrays through `$ref`.
    func violations(of value: Any, against schema: String, at path: String = "") -> [String] {
        guard let object = value as? [String: Any] else {
            return ["\(path.isEmpty ? "body" : path): expected an object for \(schema)"]
        }
        guard schemas[schema] != nil else { return ["\(path): schema \(schema) does not exist"] }
        let properties = properties(of: schema)
        var problems: [String] = []
        for (key, child) in object.sorted(by: { $0.key < $1.key }) {
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            guard let property = properties[key] else {
                problems.append("\(childPath): no such field in \(schema)")
                continue
            }
            problems += violations(of: child, property: property, at: childPath)
        }
        return problems
    }

    private func violations(of value: Any, property: [String: Any], at path: String) -> [String] {
        if let reference = property["$ref"] as? String {
            return violations(of: value, against: reference, at: path)
        }
        switch property["type"] as? String {
        case "array":
            guard let array = value as? [Any], let items = property["items"] as? [String: Any] else {
                return ["\(path): expected an array"]
            }
            return array.enumerated().flatMap { violations(of: $1, property: items, at: "\(path)[\($0)]") }
        case "string":
            guard let string = value as? String else { return ["\(path): expected a string"] }
            if let allowed = property["enum"] as? [String], !allowed.contains(string) {
                return ["\(path): '\(string)' is not one of \(allowed)"]
            }
            return []
        case "integer":
            guard let number = value as? Double, number == number.rounded() else {
                return ["\(path): expected an integer"]
            }
            return []
        case "number":
            guard value is Double || value is Int else { return ["\(path): expected a number"] }
            return []
        case "boolean":
            guard value is Bool else { return ["\(path): expected a boolean"] }
            return []
        case "object":
            return value is [String: Any] ? [] : ["\(path): expected an object"]
        default:
            return ["\(path): property has no type the checker knows"]
        }
    }

    /// Whether a field mask path (`places.displayName`, `regularOpeningHours.weekdayDescriptions`)
    /// names fields that exist, starting at `schema`. Returns the failing segment, or `nil`.
    func unresolvedSegment(of path: String, from schema: String) -> String? {
        var current = schema
        let segments = path.split(separator: ".").map(String.init)
        for (index, segment) in segments.enumerated() {
            guard let property = properties(of: current)[segment] else {
                return "\(segment) (not in \(current))"
            }
            guard index < segments.count - 1 else { return nil }
            if let reference = property["$ref"] as? String {
                current = reference
            } else if let items = property["items"] as? [String: Any], let reference = items["$ref"] as? String {
                current = reference
            } else {
                return "\(segments[index + 1]) (\(segment) has no sub-fields)"
            }
        }
        return nil
    }
}

struct SchemaLoadError: Error {}

/// `#require` for non-test code: unwraps or throws.
func unwrap<T>(_ value: T?) throws -> T {
    guard let value else { throw SchemaLoadError() }
    return value
}
