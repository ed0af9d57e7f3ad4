import MCP
import Testing
import VenuesCore
import VenuesEngine
import VenuesOpenState

@testable import VenuesMCP

/// The tools' arguments read by the CLI's rules, each refusal naming the argument as the schema
/// does, and the schemas saying what the readers take.
struct VenueToolArgumentsTests {
    private func refusal(_ tool: VenueToolCatalog.Name, _ arguments: [String: Value]) -> String? {
        do {
            _ = try VenueToolArguments.call(tool, arguments: arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a nearby call becomes the CLI's parameters: centre latitude first, radius, kinds, providers, hours")
    func nearbyArguments() throws {
        let call = try VenueToolArguments.call(
            .nearby,
            arguments: [
                "latitude": 60.17, "longitude": 24.94, "radius": 500, "categories": ["cafe", "bar"],
                "providers": ["osm", "fsq"], "limit": 5, "sort": "name", "open_at": "18:00",
                "include_unknown": true, "explain": true,
            ]
        )
        guard case .listing(let parameters, let hours, let explain) = call else {
            Issue.record("not a listing: \(call)")
            return
        }
        #expect(parameters.center == (try Coordinate(latitude: 60.17, longitude: 24.94)))
        #expect(parameters.radius == 500)
        #expect(parameters.categorySet == [.cafe, .bar])
        #expect(try parameters.providerIDs() == [ProviderID(rawValue: "osm"), ProviderID(rawValue: "fsq")])
        #expect(parameters.limit == 5)
        #expect(parameters.sort == "name")
        #expect(parameters.term == nil)
        #expect(hours.openAt == "18:00" && hours.includeUnknown && !hours.openNow)
        #expect(explain)
    }

    @Test(
        "bad arguments are refused in plain words that name them",
        arguments: [
            (["latitude": 91, "longitude": 24.9], "latitude 91 is out of range"),
            (["latitude": 60.1, "longitude": -181], "longitude -181 is out of range"),
            (["latitude": 60.1], "latitude is given without longitude"),
            (["radius": -5], "radius -5 is out of range"),
            (["radius": "far"], "radius must be a whole number"),
            (["radius": 1.5], "radius must be a whole number"),
            (["limit": 0], "limit"),
            (["categories": ["sushy"]], "sushy"),
            (["providers": ["yelp"]], "yelp"),
            (["sort": "random"], "random"),
            (["open_at": "25:99"], "open_at"),
            (["open_for": "forever"], "open_for"),
            (["wheelchair": true], "nearby takes no argument 'wheelchair'"),
        ] as [([String: Value], String)]
    )
    func refusals(arguments: [String: Value], expected: String) {
        let message = refusal(.nearby, arguments)
        #expect(message?.contains(expected) == true, "\(arguments): \(message ?? "accepted")")
    }

    @Test("the centre as the command line takes it: near \"LAT,LON\", checked by its rules, not with latitude")
    func nearText() throws {
        let call = try VenueToolArguments.call(.nearby, arguments: ["near": "60.17,24.94", "radius": 300])
        guard case .listing(let parameters, _, _) = call else {
            Issue.record("not a listing: \(call)")
            return
        }
        #expect(parameters.center == (try Coordinate(latitude: 60.17, longitude: 24.94)))
        #expect(refusal(.nearby, ["near": "91,24"])?.hasPrefix("near") == true)
        #expect(refusal(.nearby, ["near": "60.17,24.94", "latitude": 60.17])?.contains("one or the other") == true)
        let favorites = try VenueToolArguments.call(.favoritesList, arguments: ["near": "60.17,24.94", "radius": 50])
        #expect(favorites == .favorites(near: try Coordinate(latitude: 60.17, longitude: 24.94), radius: 50))
    }

    @Test("search needs a term; a blank or overlong one is refused")
    func searchTerm() {
        #expect(refusal(.search, [:])?.hasPrefix("term is required") == true)
        #expect(refusal(.search, ["term": "   "])?.contains("term") == true)
        #expect(refusal(.search, ["term": .string(String(repeating: "a", count: 201))])?.contains("term") == true)
        #expect(refusal(.search, ["term": " sushi "]) == nil)
        if case .listing(let parameters, _, _)? = try? VenueToolArguments.call(.search, arguments: ["term": " sushi "])
        {
            #expect(parameters.term == "sushi")
        } else {
            Issue.record("search with a term is not a listing")
        }
    }

    @Test("ids are checked: malformed, unknown provider, missing")
    func ids() {
        #expect(refusal(.place, [:])?.hasPrefix("id is required") == true)
        #expect(refusal(.place, ["id": "nonsense"]) != nil)
        #expect(refusal(.place, ["id": "yelp:123"])?.contains("yelp") == true)
        #expect(
            refusal(.favoriteAdd, ["id": "osm:node/1", "note": .string(String(repeating: "n", count: 1001))]) != nil
        )
        #expect(refusal(.favoriteRemove, ["id": "osm:node/1"]) == nil)
        #expect(refusal(.favoritesList, ["radius": 100])?.contains("radius needs latitude and longitude") == true)
    }

    @Test("every tool's schema is an object schema whose properties are exactly what its reader takes")
    func schemasMatchReaders() throws {
        for name in VenueToolCatalog.Name.allCases {
            let schema = try #require(VenueToolCatalog.tool(name).inputSchema.objectValue)
            #expect(schema["type"] == "object")
            #expect(schema["additionalProperties"] == false)
            let properties = try #require(schema["properties"]?.objectValue)
            for property in properties.keys {
                // A property the reader does not take would be refused as unknown.
                let message = refusal(name, [property: .null]) ?? ""
                #expect(!message.contains("takes no argument"), "\(name.rawValue).\(property): \(message)")
            }
            let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            for property in required {
                #expect(refusal(name, [:])?.contains(property) == true, "\(name.rawValue) requires \(property)")
            }
        }
    }
}
