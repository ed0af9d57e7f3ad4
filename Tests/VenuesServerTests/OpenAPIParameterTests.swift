import Foundation
import Testing
import VenuesCore
import VenuesEngine
import VenuesServer

/// The committed OpenAPI file says what the code accepts: its ranges are the code's constants,
/// its venue id pattern matches exactly the ids the server can look up, and every operation
/// documents the error statuses it can answer, in the error shape.
@Suite("The OpenAPI file's parameters and responses are the code's")
struct OpenAPIParameterTests {
    static var document: [String: Any] {
        let object = try? JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes))
        return object as? [String: Any] ?? [:]
    }

    static var components: [String: Any] { document["components"] as? [String: Any] ?? [:] }

    /// The schema of a shared parameter (`#/components/parameters/NAME`).
    static func parameterSchema(_ name: String) throws -> [String: Any] {
        let parameters = try #require(components["parameters"] as? [String: [String: Any]])
        return try #require(parameters[name]?["schema"] as? [String: Any], "no parameter \(name)")
    }

    /// The operation `method path`.
    static func operation(_ method: String, _ path: String) throws -> [String: Any] {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return try #require(paths[path]?[method] as? [String: Any], "no \(method) \(path)")
    }

    @Test("timeout, radius and the term's length are documented as the code's ranges")
    func ranges() throws {
        let timeout = try Self.parameterSchema("Timeout")
        #expect(timeout["minimum"] as? Double == VenueQuery.timeoutRange.lowerBound)
        #expect(timeout["maximum"] as? Double == VenueQuery.timeoutRange.upperBound)
        #expect(timeout["exclusiveMinimum"] == nil)
        let radius = try Self.parameterSchema("Radius")
        #expect(radius["minimum"] as? Int == VenueQuery.radiusRange.lowerBound)
        #expect(radius["maximum"] as? Int == VenueQuery.radiusRange.upperBound)
        for (method, path, name) in [("get", "/v1/search", "term"), ("get", "/v1/suggest", "q")] {
            let parameters = try #require(try Self.operation(method, path)["parameters"] as? [[String: Any]])
            let schema = try #require(parameters.first { $0["name"] as? String == name }?["schema"] as? [String: Any])
            #expect(schema["maxLength"] as? Int == QueryParameters.maximumTermLength, "\(path) \(name)")
        }
        for path in ["/v1/nearby", "/v1/search"] {
            let parameters = try #require(try Self.operation("get", path)["parameters"] as? [[String: Any]])
            let references = parameters.compactMap { $0["$ref"] as? String }
            #expect(references.contains("#/components/parameters/Timeout"), "\(path) documents timeout")
        }
    }

    @Test(
        "the venue id pattern matches exactly the ids the server parses and has a provider for",
        arguments: [
            "osm:node/1", "osm:way/59622323", "osm:relation/9999999999999999999", "fsq:4b0588f4f964a520bdc522e3",
            "google:ChIJ53I1Yn2AhYAR_Vl1vNygfMg", "fsq:a/b", "google:é~%", "fsq:?#", "osm:node/0", "osm:node/-1",
            "osm:node/x", "osm:node", "osm:area/1", "osm:node/1/2", "fsq:", "fsq:a b", "fsq:a\tb", "google:a\u{85}",
            "yelp:1", "FSQ:1", "nocolon", ":1", "osm:node/01",
        ]
    )
    func venueIDPattern(id: String) throws {
        let schema = try Self.parameterSchema("VenueID")
        let pattern = try #require(schema["pattern"] as? String)
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(id.startIndex..., in: id)
        // The whole id (ICU's `$` also matches before a final line terminator, JSON Schema's does not).
        let matches = expression.firstMatch(in: id, range: range)?.range == range
        let served =
            (try? VenueID(parsing: id)).map { ["fsq", "google", "osm"].contains($0.provider.rawValue) } ?? false
        // The pattern may leave out a spelling the parser also takes (a leading zero in an
        // OpenStreetMap number), never the other way round.
        if id == "osm:node/01" {
            #expect(!matches && served)
        } else {
            #expect(matches == served, "\(id): the pattern says \(matches), the server \(served)")
        }
    }

    @Test(
        "every /v1 operation documents 400, 401 and 413; the listings 406, 429 and 503; each error is the Error schema"
    )
    func errorResponses() throws {
        let paths = try #require(Self.document["paths"] as? [String: [String: Any]])
        let responses = try #require(Self.components["responses"] as? [String: [String: Any]])
        for (path, item) in paths where path.hasPrefix("/v1/") {
            for (method, value) in item {
                let operation = try #require(value as? [String: Any])
                let statuses = try #require(operation["responses"] as? [String: [String: Any]])
                for status in ["400", "401", "413"] {
                    #expect(statuses[status] != nil, "\(method) \(path) documents \(status)")
                }
                if path == "/v1/nearby" || path == "/v1/search" {
                    for status in ["406", "429", "503"] {
                        #expect(statuses[status] != nil, "\(method) \(path) documents \(status)")
                    }
                }
                for (status, response) in statuses where !status.hasPrefix("2") {
                    let resolved =
                        (response["$ref"] as? String).flatMap { responses[String($0.split(separator: "/").last!)] }
                        ?? response
                    let content = resolved["content"] as? [String: [String: Any]]
                    let schema = content?["application/json"]?["schema"] as? [String: Any]
                    #expect(content?.count == 1, "\(method) \(path) \(status) is JSON only")
                    #expect(schema?["$ref"] as? String == "#/components/schemas/Error", "\(method) \(path) \(status)")
                }
            }
        }
    }
}
