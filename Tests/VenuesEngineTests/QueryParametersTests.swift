import Testing
import VenuesConfig
import VenuesCore
import VenuesEngine

@Suite("QueryParameters: one set of rules for the CLI's options and the server's query")
struct QueryParametersTests {
    @Test(
        "each refusal names the parameter the caller's way",
        arguments: [
            (
                QueryParameters(radius: 0), "--radius 0 is out of range: expected 1 to 100000 metres",
                "radius 0 is out of range: expected 1 to 100000 metres"
            ),
            (
                QueryParameters(near: "91,0"),
                "--near: latitude 91.0 is out of range: expected a number from -90 to 90",
                "near: latitude 91.0 is out of range: expected a number from -90 to 90"
            ),
            (
                QueryParameters(limit: 0), "--limit 0 is too small: expected a whole number of at least 1",
                "limit 0 is too small: expected a whole number of at least 1"
            ),
            (
                QueryParameters(sort: "price"),
                "--sort 'price' is not known: expected distance, name, rating or relevance",
                "sort 'price' is not known: expected distance, name, rating or relevance"
            ),
            (
                QueryParameters(timeout: 601),
                "--timeout 601.0 is out of range: expected 1 to 600 seconds",
                "timeout 601.0 is out of range: expected 1 to 600 seconds"
            ),
            (
                QueryParameters(timeout: 5e-324),
                "--timeout 5e-324 is out of range: expected 1 to 600 seconds",
                "timeout 5e-324 is out of range: expected 1 to 600 seconds"
            ),
            (
                QueryParameters(providers: ["osm,"]),
                "--providers 'osm,' has an empty name: expected a comma-separated list of fsq, google, osm, overture",
                "providers 'osm,' has an empty name: expected a comma-separated list of fsq, google, osm, overture"
            ),
            (
                QueryParameters(providers: ["yelp"]),
                "--providers: 'yelp' is not a provider: expected a comma-separated list of fsq, google, osm, overture",
                "providers: 'yelp' is not a provider: expected a comma-separated list of fsq, google, osm, overture"
            ),
            (
                QueryParameters(term: " \n "), "--term is empty: give the name or kind of place to search for",
                "term is empty: give the name or kind of place to search for"
            ),
        ]
    )
    func refusals(parameters: QueryParameters, cli: String, url: String) {
        #expect(throws: QueryParameterError.self) { try parameters.validate() }
        do {
            try parameters.validate()
        } catch {
            #expect(error.message(naming: "--\(error.parameter.rawValue)") == cli)
            #expect(error.description == url)
        }
    }

    @Test(
        "timeouts: exactly 1 and exactly 600 seconds are accepted, just outside either is refused",
        arguments: [(1.0, true), (600.0, true), (30.5, true), (0.999, false), (600.001, false), (0, false)]
    )
    func timeoutEdges(timeout: Double, accepted: Bool) {
        let result = Result { () throws(QueryParameterError) in try QueryParameters(timeout: timeout).validate() }
        switch result {
        case .success: #expect(accepted, "\(timeout) was accepted")
        case .failure(let error):
            #expect(!accepted, "\(timeout) was refused: \(error)")
            #expect(error.parameter == .timeout)
        }
    }

    @Test("valid parameters make the query, with the configuration's defaults for the rest")
    func query() throws {
        let parameters = QueryParameters(
            near: "60.17,24.94",
            term: "  coffee ",
            providers: ["OSM", "fsq,osm"],
            categories: ["cafe", "bar"],
            sort: "name"
        )
        try parameters.validate()
        var configuration = VenuesConfiguration()
        configuration.radius = 750
        let query = parameters.query(configuration: configuration, fallbackCenter: nil)
        #expect(query.center == (try Coordinate(latitude: 60.17, longitude: 24.94)))
        #expect(query.radius == 750)
        #expect(query.term == "coffee")
        #expect(query.categories == [.cafe, .bar])
        #expect(query.sort == .name)
        #expect(query.limit == configuration.limit)
        #expect(try parameters.providerIDs() == [.openStreetMap, .foursquare])
        #expect(QueryParameters().query(configuration: configuration, fallbackCenter: nil).center == nil)
    }

    @Test("a term is trimmed; too long or with a control character it is refused")
    func terms() throws {
        #expect(try QueryParameters.checkedTerm("  café  ") == "café")
        #expect(throws: QueryParameterError(.term, .termTooLong(201))) {
            try QueryParameters.checkedTerm(String(repeating: "a", count: 201))
        }
        #expect(throws: QueryParameterError(.term, .controlCharacterInTerm(0x1B))) {
            try QueryParameters.checkedTerm("a\u{1B}[31mb")
        }
    }
}
