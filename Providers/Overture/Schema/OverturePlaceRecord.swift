/// One Overture Maps place as the `overturemaps` tool writes it (GeoJSON, `--type=place`):
/// the fields of the `overture-schema-theme-places` package's `Place`, every one optional so
/// that nulls and missing parts read as absent. Unknown fields (`ext_…`, newer ones) are ignored.
///
/// Both ways of giving categories are read: `categories {primary, alternate}` (the releases
/// up to 2025) and `taxonomy {primary, hierarchy, alternates}` with `basic_category` (later).
package struct OverturePlaceRecord: Decodable, Sendable {
    /// A GeoJSON Feature: `type`, the top-level `id` (the writer puts it there), `geometry`,
    /// `properties`.
    package var type: String?
    package var id: String?
    package var geometry: OvertureGeometry?
    package var properties: Properties?

    /// The place's fields.
    package struct Properties: Decodable, Sendable {
        /// The GERS id, when a writer keeps it among the properties.
        package var id: String?
        package var version: Int?
        package var names: Names?
        package var categories: Categories?
        package var taxonomy: Taxonomy?
        package var basicCategory: String?
        package var confidence: Double?
        package var websites: [String]?
        package var socials: [String]?
        package var emails: [String]?
        package var phones: [String]?
        package var brand: Brand?
        package var addresses: [Address]?
        package var operatingStatus: String?
        package var sources: [Source]?

        /// A place with no field.
        package init() {}

        enum CodingKeys: String, CodingKey {
            case id, version, names, categories, taxonomy, confidence, websites, socials, emails, phones, brand
            case addresses, sources
            case basicCategory = "basic_category"
            case operatingStatus = "operating_status"
        }
    }

    /// `names`: the primary name, the common name per language (BCP 47 tag → name), and rules
    /// (official, alternate, short or scoped common names).
    package struct Names: Decodable, Sendable {
        package var primary: String?
        package var common: [String: String]?
        package var rules: [NameRule]?
    }

    /// One of `names.rules`.
    package struct NameRule: Decodable, Sendable {
        package var value: String?
        /// `common`, `official`, `alternate` or `short`.
        package var variant: String?
        package var language: String?
    }

    /// `categories` (the schema up to 2025).
    package struct Categories: Decodable, Sendable {
        package var primary: String?
        package var alternate: [String]?
    }

    /// `taxonomy` (the schema from 2026).
    package struct Taxonomy: Decodable, Sendable {
        package var primary: String?
        package var hierarchy: [String]?
        package var alternates: [String]?
    }

    /// `brand`: its names and Wikidata id.
    package struct Brand: Decodable, Sendable {
        package var names: Names?
        package var wikidata: String?
    }

    /// One of `addresses`.
    package struct Address: Decodable, Sendable {
        package var freeform: String?
        package var locality: String?
        package var postcode: String?
        package var region: String?
        package var country: String?
    }

    /// One of `sources`: where (part of) the place comes from.
    package struct Source: Decodable, Sendable {
        package var property: String?
        package var dataset: String?
        package var license: String?
        package var recordID: String?
        package var updateTime: String?
        package var confidence: Double?

        enum CodingKeys: String, CodingKey {
            case property, dataset, license, confidence
            case recordID = "record_id"
            case updateTime = "update_time"
        }
    }
}
