import Foundation
import OSMModel

/// How a place is stored in an index of the OSM engine: as a node whose tags code every field
/// of the schema, OpenStreetMap's keys where one means the same (so that the engine's search
/// text, names and categories work as they do for OpenStreetMap), `overture:…` keys for the rest.
///
/// | field | tags |
/// | --- | --- |
/// | `id` | `overture:id` |
/// | `names.primary` | `name` |
/// | `names.common` | `name:LANG` |
/// | `names.rules` | `official_name`, `alt_name`, `short_name` (`;` between values), `name:LANG` for a common rule with a language; all as `overture:name_rules` (a line per rule: variant, language, value, tab-separated) |
/// | `categories` / `taxonomy`, `basic_category` | `overture:category`, `overture:alternate` (`;`), `overture:hierarchy` (`;`), `overture:basic_category`; the mapped tag (``OvertureCategories``), e.g. `amenity=cafe`, `cuisine=italian` |
/// | `confidence` | `overture:confidence` |
/// | `operating_status` | `overture:operating_status` |
/// | `brand` | `brand`, `brand:LANG`, `brand:wikidata` |
/// | `addresses` | the first as `addr:full`, `addr:city`, `addr:postcode`, `addr:region`, `addr:country`; all as `overture:addresses` (a line each: freeform, locality, postcode, region, country) |
/// | `websites`, `phones`, `emails`, `socials` | `website`, `phone`, `email` (the first); all as `overture:websites`, `overture:phones`, `overture:emails`, `overture:socials` (a line each) |
/// | `sources` | `overture:sources` (a line each: dataset, record id, license, property, update time, confidence) |
/// | `version` | `overture:version` |
/// | a geometry not a point | `overture:geometry` (its type: the position is its centroid) |
package enum OvertureTags {
    package static let id = "overture:id"
    package static let confidence = "overture:confidence"
    package static let operatingStatus = "overture:operating_status"
    package static let category = "overture:category"
    package static let alternates = "overture:alternate"
    package static let hierarchy = "overture:hierarchy"
    package static let basicCategory = "overture:basic_category"
    package static let nameRules = "overture:name_rules"
    package static let addresses = "overture:addresses"
    package static let websites = "overture:websites"
    package static let phones = "overture:phones"
    package static let emails = "overture:emails"
    package static let socials = "overture:socials"
    package static let sources = "overture:sources"
    package static let version = "overture:version"
    package static let geometry = "overture:geometry"

    /// The tags of a place whose id is `id` (`record` is one line of the file).
    static func tags(of place: OverturePlaceRecord.Properties, id: String, geometryType: String?) -> OSMTags {
        var tags = OSMTags()
        tags.append(key: Self.id, value: id)
        if let primary = clean(place.names?.primary) { tags.append(key: "name", value: primary) }
        for (language, name) in (place.names?.common ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let name = clean(name), !language.isEmpty { tags.append(key: "name:\(language)", value: name) }
        }
        appendRules(place.names?.rules ?? [], to: &tags)

        let primary = clean(place.categories?.primary) ?? clean(place.taxonomy?.primary)
        let alternates = (place.categories?.alternate ?? place.taxonomy?.alternates ?? []).compactMap(clean)
        let hierarchy = (place.taxonomy?.hierarchy ?? []).compactMap(clean)
        let basic = clean(place.basicCategory)
        if let primary { tags.append(key: category, value: primary) }
        if !alternates.isEmpty { tags.append(key: Self.alternates, value: alternates.joined(separator: ";")) }
        if !hierarchy.isEmpty { tags.append(key: Self.hierarchy, value: hierarchy.joined(separator: ";")) }
        if let basic { tags.append(key: basicCategory, value: basic) }
        for tag in OvertureCategories.tags(primary: primary, basic: basic, hierarchy: hierarchy, alternates: alternates)
        {
            tags.append(key: tag.key, value: tag.value)
        }

        if let confidence = place.confidence { tags.append(key: Self.confidence, value: "\(confidence)") }
        if let status = clean(place.operatingStatus) { tags.append(key: operatingStatus, value: status) }
        if let brand = place.brand {
            if let name = clean(brand.names?.primary) { tags.append(key: "brand", value: name) }
            for (language, name) in (brand.names?.common ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let name = clean(name) { tags.append(key: "brand:\(language)", value: name) }
            }
            if let wikidata = clean(brand.wikidata) { tags.append(key: "brand:wikidata", value: wikidata) }
        }
        let addresses = place.addresses ?? []
        if let first = addresses.first {
            if let value = clean(first.freeform) { tags.append(key: "addr:full", value: value) }
            if let value = clean(first.locality) { tags.append(key: "addr:city", value: value) }
            if let value = clean(first.postcode) { tags.append(key: "addr:postcode", value: value) }
            if let value = clean(first.region) { tags.append(key: "addr:region", value: value) }
            if let value = clean(first.country) { tags.append(key: "addr:country", value: value) }
            let lines = addresses.map { address in
                [address.freeform, address.locality, address.postcode, address.region, address.country]
                    .map { field($0) }.joined(separator: "\t")
            }
            tags.append(key: Self.addresses, value: lines.joined(separator: "\n"))
        }
        appendList(place.websites, first: "website", all: websites, to: &tags)
        appendList(place.phones, first: "phone", all: phones, to: &tags)
        appendList(place.emails, first: "email", all: emails, to: &tags)
        appendList(place.socials, first: nil, all: socials, to: &tags)
        if let sources = place.sources, !sources.isEmpty {
            let lines = sources.map { source in
                [
                    field(source.dataset), field(source.recordID), field(source.license), field(source.property),
                    field(source.updateTime), source.confidence.map { "\($0)" } ?? "",
                ].joined(separator: "\t")
            }
            tags.append(key: Self.sources, value: lines.joined(separator: "\n"))
        }
        if let version = place.version { tags.append(key: Self.version, value: "\(version)") }
        if let geometryType, geometryType != "Point" { tags.append(key: geometry, value: geometryType) }
        return tags
    }

    /// `names.rules`: each variant under the OpenStreetMap key of that kind of name, and every
    /// rule as it is under `overture:name_rules`.
    private static func appendRules(_ rules: [OverturePlaceRecord.NameRule], to tags: inout OSMTags) {
        guard !rules.isEmpty else { return }
        var byKey: [(key: String, values: [String])] = []
        func add(_ key: String, _ value: String) {
            if let index = byKey.firstIndex(where: { $0.key == key }) {
                if !byKey[index].values.contains(value) { byKey[index].values.append(value) }
            } else {
                byKey.append((key, [value]))
            }
        }
        var lines: [String] = []
        for rule in rules {
            guard let value = clean(rule.value) else { continue }
            let language = clean(rule.language)
            lines.append([field(rule.variant), language ?? "", field(value)].joined(separator: "\t"))
            switch rule.variant {
            case "official": add("official_name", value)
            case "short": add("short_name", value)
            case "common":
                if let language, tags["name:\(language)"] == nil {
                    add("name:\(language)", value)
                } else {
                    add("alt_name", value)
                }
            default: add("alt_name", value)
            }
        }
        for entry in byKey { tags.append(key: entry.key, value: entry.values.joined(separator: ";")) }
        if !lines.isEmpty { tags.append(key: nameRules, value: lines.joined(separator: "\n")) }
    }

    private static func appendList(_ values: [String]?, first: String?, all: String, to tags: inout OSMTags) {
        let values = (values ?? []).compactMap(clean)
        guard let head = values.first else { return }
        if let first { tags.append(key: first, value: head) }
        tags.append(key: all, value: values.map(field).joined(separator: "\n"))
    }

    /// The value trimmed, `nil` when empty.
    static func clean(_ value: String?) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A field of a line-coded value: tabs and line breaks replaced by spaces.
    private static func field(_ value: String?) -> String {
        guard let value else { return "" }
        guard value.contains(where: { $0 == "\t" || $0.isNewline }) else { return value }
        return String(value.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// The lines of a line-coded value, each split at tabs.
    package static func lines(_ value: String?) -> [[String]] {
        guard let value, !value.isEmpty else { return [] }
        return value.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// The number a place's element has in an index: 61 bits of the FNV-1a hash of its id (an
    /// index row's id holds 62), never 0. The place's own id is in its tags: a lookup checks it.
    package static func elementID(of id: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let number = Int64(bitPattern: hash >> 3)
        return number == 0 ? 1 : number
    }
}
