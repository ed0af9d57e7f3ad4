import Foundation
import VenuesTestSupport

/// Fake providers for the server's tests.
enum Fakes {
    /// An Overpass fake that answers searches with `count` venues and lookups of a node with
    /// that one node (any id), so favourites can be added for any `osm:node/N`.
    static func overpass(
        count: Int = 3,
        before: (@Sendable (Int, RecordedRequest) async -> StubResponse?)? = nil
    )
        async throws -> FakeProvider
    {
        try await FakeProvider.start(.overpass) { attempt, request in
            if let early = await before?(attempt, request) { return early }
            if let node = lookedUpNode(request) {
                return .data(Data(nodeXML(node).utf8), contentType: "application/osm3s+xml")
            }
            return .success(.overpass, count: count, request: request)
        }
    }

    /// The node id an Overpass lookup asks for (`node(123);`), if it is one.
    static func lookedUpNode(_ request: RecordedRequest) -> Int? {
        guard let query = request.formFields["data"], let range = query.range(of: "\nnode(") else { return nil }
        let digits = query[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    /// One café node with the given id near the test centre.
    static func nodeXML(_ id: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="Overpass API 0.7.62 7c32a7d5">
          <node id="\(id)" lat="60.1701" lon="24.9401">
            <tag k="amenity" v="cafe"/>
            <tag k="name" v="Kahvila \(id)"/>
          </node>
        </osm>

        """
    }

    /// Whether a request is a search (not a lookup by id).
    static func isSearch(_ request: RecordedRequest) -> Bool { lookedUpNode(request) == nil }
}
