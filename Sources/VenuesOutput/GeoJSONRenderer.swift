import Foundation

/// `--format geojson`: an RFC 7946 FeatureCollection of Points whose properties are the JSON
/// output's venue fields (coordinates in the geometry, longitude first), and, as a foreign
/// member, the `attribution` lines the data shown owes (as the JSON output's).
public enum GeoJSONRenderer {
    public static func render(_ document: ResultDocument) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let collection = FeatureCollection(
            features: document.rows.map { row in
                Feature(
                    geometry: Point(coordinates: [row.longitude, row.latitude]),
                    properties: JSONRenderer.VenueObject(row)
                )
            },
            attribution: document.attribution
        )
        return String(decoding: try encoder.encode(collection), as: UTF8.self)
    }

    struct FeatureCollection: Encodable {
        var type = "FeatureCollection"
        var features: [Feature]
        var attribution: [String]
    }

    struct Feature: Encodable {
        var type = "Feature"
        var geometry: Point
        var properties: JSONRenderer.VenueObject
    }

    struct Point: Encodable {
        var type = "Point"
        var coordinates: [Double]
    }
}
