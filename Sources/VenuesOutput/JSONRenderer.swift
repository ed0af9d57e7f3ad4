import Foundation
public import VenuesAggregator
import VenuesCore

/// `--format json`: the stable document of `docs/cli.md`, "JSON output".
public enum JSONRenderer {
    public static func render(_ document: ResultDocument) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(document))
        return String(decoding: data, as: UTF8.self)
    }

    struct Document: Encodable {
        var query: Query
        var venues: [VenueObject]
        var providers: [ProviderObject]
        var attribution: [String]
        /// With a filter on opening hours: how many places it left out.
        var hoursFilter: ResultDocument.HoursFilterSummary?

        init(_ document: ResultDocument) {
            query = Query(
                kind: document.kind.rawValue,
                latitude: document.center.latitude,
                longitude: document.center.longitude,
                radius: document.radius,
                term: document.term,
                center: document.centerSource.label,
                found: document.found
            )
            venues = document.rows.map(VenueObject.init)
            providers = document.providers.map(ProviderObject.init)
            attribution = document.attribution
            hoursFilter = document.hoursFilter
        }
    }

    struct Query: Encodable {
        var kind: String
        var latitude: Double
        var longitude: Double
        var radius: Int
        var term: String?
        var center: String
        /// Only when the list was cut to the limit: how many places the answers held.
        var found: Int?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(latitude, forKey: .latitude)
            try container.encode(longitude, forKey: .longitude)
            try container.encode(radius, forKey: .radius)
            try container.encode(term, forKey: .term)
            try container.encode(center, forKey: .center)
            try container.encodeIfPresent(found, forKey: .found)
        }

        enum CodingKeys: String, CodingKey { case kind, latitude, longitude, radius, term, center, found }
    }

    struct VenueObject: Encodable {
        var row: ResultDocument.Row

        init(_ row: ResultDocument.Row) { self.row = row }

        enum CodingKeys: String, CodingKey {
            case id, name, latitude, longitude, distance, address, categories, phone, website, rating, favorite,
                match, hours, sources, merge, note, addedAt
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(row.id, forKey: .id)
            try container.encode(row.name, forKey: .name)
            try container.encode(row.latitude, forKey: .latitude)
            try container.encode(row.longitude, forKey: .longitude)
            try container.encode(row.distance, forKey: .distance)
            try container.encode(row.address, forKey: .address)
            try container.encode(row.categories, forKey: .categories)
            try container.encode(row.phone, forKey: .phone)
            try container.encode(row.website, forKey: .website)
            try container.encode(row.rating, forKey: .rating)
            try container.encode(row.favorite, forKey: .favorite)
            try container.encodeIfPresent(row.match, forKey: .match)
            try container.encodeIfPresent(row.hours, forKey: .hours)
            try container.encode(row.sources, forKey: .sources)
            try container.encodeIfPresent(row.merge, forKey: .merge)
            try container.encodeIfPresent(row.note, forKey: .note)
            try container.encodeIfPresent(row.addedAt, forKey: .addedAt)
        }
    }

    struct ProviderObject: Encodable {
        var status: ResultDocument.ProviderStatus

        init(_ status: ResultDocument.ProviderStatus) { self.status = status }

        enum CodingKeys: String, CodingKey {
            case provider, status, source, coverage, count, milliseconds, warnings, error
        }
        struct ErrorObject: Encodable {
            var kind: String
            var message: String
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status.provider, forKey: .provider)
            try container.encode(status.ok ? "ok" : "error", forKey: .status)
            try container.encodeIfPresent(status.source, forKey: .source)
            try container.encodeIfPresent(status.coverage, forKey: .coverage)
            if status.ok { try container.encode(status.count, forKey: .count) }
            try container.encode(status.milliseconds, forKey: .milliseconds)
            if !status.warnings.isEmpty { try container.encode(status.warnings, forKey: .warnings) }
            if let kind = status.errorKind {
                try container.encode(ErrorObject(kind: kind, message: status.errorMessage ?? ""), forKey: .error)
            }
        }
    }
}

extension VenuesAggregator.CenterSource {
    /// `given`, `located:fsq` or `default`: where the centre came from.
    public var label: String {
        switch self {
        case .given: "given"
        case .located(let provider): "located:\(provider.rawValue)"
        case .fallback: "default"
        }
    }
}
