import Foundation

/// The forms a listing (``ResultDocument``) is written in, for people's programs: the one list
/// that the CLI's `--format` and the server's `Accept` header and `?format=` parameter share.
/// A new format is a case here, its media type and its renderer.
public enum ListingFormat: String, CaseIterable, Sendable, Hashable {
    /// The stable JSON document (``JSONRenderer``).
    case json
    /// An RFC 7946 FeatureCollection of Points with the same fields (``GeoJSONRenderer``).
    case geojson
    /// RFC 4180 with a header row, formula cells neutralised (``CSVRenderer``).
    case csv
    /// One self-contained page: the list and an SVG map (``HTMLMapRenderer``).
    case html

    /// The media type it is served as (`Content-Type`).
    public var mediaType: String {
        switch self {
        case .json: "application/json; charset=utf-8"
        case .geojson: "application/geo+json; charset=utf-8"
        case .csv: "text/csv; charset=utf-8; header=present"
        case .html: "text/html; charset=utf-8"
        }
    }

    /// The media types that ask for it in an `Accept` header, without parameters.
    public var acceptedTypes: [String] {
        switch self {
        case .json: ["application/json"]
        case .geojson: ["application/geo+json", "application/vnd.geo+json"]
        case .csv: ["text/csv"]
        case .html: ["text/html", "application/xhtml+xml"]
        }
    }

    /// The listing in this format, ending in a newline. `tiles` puts OpenStreetMap tiles under
    /// the HTML page's map.
    public func render(_ document: ResultDocument, tiles: Bool = true) throws -> String {
        switch self {
        case .json: try JSONRenderer.render(document) + "\n"
        case .geojson: try GeoJSONRenderer.render(document) + "\n"
        case .csv: CSVRenderer.render(document)
        case .html: HTMLMapRenderer.render(document, options: HTMLMapRenderer.Options(tiles: tiles))
        }
    }

    /// The format an `Accept` header asks for: of the media ranges with a format, the one with
    /// the highest quality (the first listed among equals; `*/*` and `application/*` mean JSON);
    /// JSON when there is no header. `nil` when the header accepts none of the formats.
    public static func negotiated(accept: String?) -> ListingFormat? {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return .json }
        var best: (format: ListingFormat, quality: Double)?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, !type.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0, let format = format(forMediaRange: type) else { continue }
            if best == nil || quality > best!.quality { best = (format, quality) }
        }
        return best?.format
    }

    /// The format of one media range of an `Accept` header (lowercased, without parameters).
    static func format(forMediaRange type: String) -> ListingFormat? {
        if type == "*/*" || type == "application/*" { return .json }
        return allCases.first { $0.acceptedTypes.contains(type) }
    }
}
