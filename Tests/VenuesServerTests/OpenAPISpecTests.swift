import Foundation
import Testing
import VenuesOutput
import VenuesServer
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("The committed OpenAPI file and the router describe the same routes")
struct OpenAPISpecTests {
    /// `(METHOD, path)` of every operation in the committed file.
    static func specOperations() throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes))
        let document = try #require(object as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations: Set<String> = []
        for (path, item) in paths {
            for method in item.keys where ["get", "put", "post", "delete", "patch", "head"].contains(method) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    @Test("every route of the router is in the spec, and every operation of the spec is a route")
    func sameRoutes() throws {
        let routes = Set(APIRoute.allCases.map { "\($0.method.rawValue) \($0.path)" })
        let spec = try Self.specOperations()
        #expect(routes.subtracting(spec).isEmpty, "routes missing from openapi.json: \(routes.subtracting(spec))")
        #expect(spec.subtracting(routes).isEmpty, "operations with no route: \(spec.subtracting(routes))")
    }

    @Test("the listing routes document every listing format: the format parameter and each media type")
    func listingFormatsAreDocumented() throws {
        let object = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes))
        let paths = try #require((object as? [String: Any])?["paths"] as? [String: [String: Any]])
        for path in ["/v1/nearby", "/v1/search"] {
            let operation = try #require(paths[path]?["get"] as? [String: Any])
            let parameters = try #require(operation["parameters"] as? [[String: Any]])
            let format = try #require(parameters.first { $0["name"] as? String == "format" })
            let names = (format["schema"] as? [String: Any])?["enum"] as? [String]
            #expect(names == ListingFormat.allCases.map(\.rawValue), "\(path)")
            let responses = try #require(operation["responses"] as? [String: [String: Any]])
            let content = try #require(responses["200"]?["content"] as? [String: Any])
            let types = ListingFormat.allCases.map { String($0.mediaType.split(separator: ";")[0]) }
            #expect(Set(content.keys) == Set(types), "\(path)")
            #expect(responses["406"] != nil, "\(path)")
        }
    }

    /// The statuses the committed file documents for each operation (`"GET /v1/nearby"`).
    static func documentedStatuses() throws -> [String: Set<String>] {
        let object = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes))
        let paths = try #require((object as? [String: Any])?["paths"] as? [String: [String: Any]])
        var statuses: [String: Set<String>] = [:]
        for (path, item) in paths {
            for (method, operation) in item {
                guard let responses = (operation as? [String: Any])?["responses"] as? [String: Any] else { continue }
                statuses["\(method.uppercased()) \(path)"] = Set(responses.keys)
            }
        }
        return statuses
    }

    @Test(
        "every route is served: none answers 'no such route' nor a server error, each with a status its operation documents; other paths and methods are 404 or 405"
    )
    func everyRouteIsServed() async throws {
        let documented = try Self.documentedStatuses()
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass))
        for route in APIRoute.allCases {
            let operation = "\(route.method.rawValue) \(route.path)"
            let target = route.path.replacingOccurrences(of: "{id}", with: "osm:node/7")
            let response = try await server.client.send(route.method.rawValue, target)
            #expect(response.errorMessage != "no such route", "\(operation) is not routed")
            #expect(response.status < 500, "\(operation): \(response.status) \(response.text)")
            let statuses = try #require(documented[operation], "\(operation) is not in the document")
            #expect(
                statuses.contains(String(response.status)) || statuses.contains("default"),
                "\(operation) answered \(response.status), which the document does not list (\(statuses.sorted()))"
            )
        }
        let unknown = try await server.client.get("/v1/nothing")
        let wrongMethod = try await server.client.send("POST", "/v1/nearby")
        await server.stop()
        await overpass.stop()

        #expect(unknown.status == 404)
        #expect(unknown.errorMessage == "no such route")
        #expect(wrongMethod.status == 404 || wrongMethod.status == 405)
    }
}
