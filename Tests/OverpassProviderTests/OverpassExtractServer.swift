import Foundation
import VenuesTestSupport

/// A fake Overpass API on loopback that reads the Overpass QL the provider sends and answers it
/// from the bundled extract, as the real server would: `nwr(around:R,LAT,LON)` statements with
/// `["key"]`, `["key"="value"]` and `["key"~"regex"(,i)]` filters in a union, printed with
/// `out bb tags` (and an optional count, `out bb tags N;`): nodes, then ways, then relations, each
/// by id, ways and relations with the `<bounds>` of their nodes in the file.
///
/// Its reading of the extract is ``ExtractLineScan`` and its regular expressions are
/// Foundation's: nothing of the provider's code. `around` keeps an element when any of its nodes
/// or its centre is within the radius (a little more than the real server keeps, which is also
/// what it does for a way crossing the circle: the provider drops centres outside).
final class OverpassExtractServer: Sendable {
    /// Answers a query before the extract does, when it returns a response (a refusal).
    typealias Override = @Sendable (_ query: String) -> StubResponse?

    let server: LoopbackServer

    private init(server: LoopbackServer) {
        self.server = server
    }

    /// Starts the fake; `override` may answer some queries itself.
    static func start(override: Override? = nil) async throws -> OverpassExtractServer {
        let extract = try await OverpassQLAnswer.Extract.sample()
        let server = try await LoopbackServer.start { request in
            let query = request.formFields["data"] ?? ""
            if let response = override?(query) { return response }
            do {
                let answer = try OverpassQLAnswer(query: query, extract: extract)
                return .data(Data(answer.xml().utf8), contentType: "application/osm3s+xml")
            } catch {
                return .text("Error: the fake cannot read this query: \(error)", status: 400)
            }
        }
        return OverpassExtractServer(server: server)
    }

    /// The interpreter's URL.
    var url: URL { server.url("/api/interpreter") }

    /// The QL of every query received, in order.
    var queries: [String] {
        get async { await server.requests.map { $0.formFields["data"] ?? "" } }
    }

    func stop() async { await server.stop() }
}

/// One query's answer from an ``ExtractLineScan``.
struct OverpassQLAnswer {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// One `[…]` filter.
    struct Filter {
        var key: String
        /// `nil` for `["key"]`.
        var value: String?
        /// For `~`: the value as a regular expression (`,i`: case-insensitive).
        var regex: NSRegularExpression?

        func accepts(_ tags: [String: String]) -> Bool {
            guard let tag = tags[key] else { return false }
            guard let value else { return true }
            guard let regex else { return tag == value }
            return regex.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)) != nil
        }
    }

    /// One `nwr(around:…)` statement.
    struct Statement {
        var radius: Double
        var latitude: Double
        var longitude: Double
        var filters: [Filter]
    }

    /// The extract's elements with tags, each kind by id, read once.
    struct Extract: Sendable {
        var scan: ExtractLineScan
        var nodes: [ExtractLineScan.Element]
        var ways: [ExtractLineScan.Element]
        var relations: [ExtractLineScan.Element]

        /// The bundled sample's.
        static func sample() async throws -> Extract {
            let scan = try await ExtractLineScan.loadSample()
            return await offCooperativePool {
                func tagged(_ elements: [String: ExtractLineScan.Element]) -> [ExtractLineScan.Element] {
                    elements.values.filter { !$0.tags.isEmpty }.sorted { Int($0.id)! < Int($1.id)! }
                }
                return Extract(
                    scan: scan,
                    nodes: tagged(scan.nodes),
                    ways: tagged(scan.ways),
                    relations: tagged(scan.relations)
                )
            }
        }
    }

    let extract: Extract
    var scan: ExtractLineScan { extract.scan }
    var statements: [Statement] = []
    var limit: Int?

    init(query: String, extract: Extract) throws {
        self.extract = extract
        for rawLine in query.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("nwr(around:") {
                statements.append(try Self.statement(line))
            } else if line.hasPrefix("out ") {
                let words = line.dropLast().split(separator: " ")
                guard words.starts(with: ["out", "bb", "tags"]) else { throw Unreadable(description: line) }
                if words.count == 4 {
                    guard let count = Int(words[3]) else { throw Unreadable(description: line) }
                    limit = count
                }
            }
        }
        guard !statements.isEmpty else { throw Unreadable(description: "no nwr(around:…) statement") }
    }

    /// `nwr(around:R,LAT,LON)` followed by filters and `;`.
    static func statement(_ line: String) throws -> Statement {
        var rest = Substring(line.dropFirst("nwr(around:".count))
        guard let close = rest.firstIndex(of: ")") else { throw Unreadable(description: line) }
        let numbers = rest[..<close].split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 3 else { throw Unreadable(description: line) }
        rest = rest[rest.index(after: close)...]
        var filters: [Filter] = []
        while rest.first == "[" {
            rest.removeFirst()
            let key = try stringLiteral(&rest)
            var filter = Filter(key: key)
            if rest.first == "=" || rest.first == "~" {
                let isRegex = rest.removeFirst() == "~"
                let value = try stringLiteral(&rest)
                filter.value = value
                var options: NSRegularExpression.Options = []
                if rest.hasPrefix(",i") {
                    options.insert(.caseInsensitive)
                    rest.removeFirst(2)
                }
                if isRegex { filter.regex = try NSRegularExpression(pattern: value, options: options) }
            }
            guard rest.first == "]" else { throw Unreadable(description: line) }
            rest.removeFirst()
            filters.append(filter)
        }
        guard rest == ";" else { throw Unreadable(description: line) }
        // The plain filters first: they leave few elements for the regular expressions.
        let ordered = filters.filter { $0.regex == nil } + filters.filter { $0.regex != nil }
        return Statement(radius: numbers[0], latitude: numbers[1], longitude: numbers[2], filters: ordered)
    }

    /// A double-quoted QL string, its escapes decoded (`\\`, `\"`, `\'`, `\n`, `\t`).
    static func stringLiteral(_ text: inout Substring) throws -> String {
        guard text.first == "\"" else { throw Unreadable(description: String(text)) }
        text.removeFirst()
        var result = ""
        while let character = text.first {
            text.removeFirst()
            switch character {
            case "\"": return result
            case "\\":
                guard let escaped = text.first else { throw Unreadable(description: "an escape at the end") }
                text.removeFirst()
                result.append(escaped == "n" ? "\n" : escaped == "t" ? "\t" : escaped)
            default: result.append(character)
            }
        }
        throw Unreadable(description: "an unterminated string")
    }

    /// The answer document.
    func xml() -> String {
        var elements: [String] = []
        for node in extract.nodes where selects(node, nodes: [node.id]) {
            guard let position = node.position else { continue }
            elements.append(
                "  <node id=\"\(node.id)\" lat=\"\(position.latitude)\" lon=\"\(position.longitude)\">\n"
                    + tagLines(node) + "  </node>\n"
            )
        }
        for way in extract.ways where selects(way, nodes: way.nodes) {
            guard let bounds = bounds(of: way.nodes) else { continue }
            elements.append("  <way id=\"\(way.id)\">\n    \(bounds)\n" + tagLines(way) + "  </way>\n")
        }
        for relation in extract.relations {
            let nodes = relation.memberNodes + relation.memberWays.flatMap { scan.ways[$0]?.nodes ?? [] }
            guard selects(relation, nodes: nodes), let bounds = bounds(of: nodes) else { continue }
            elements.append(
                "  <relation id=\"\(relation.id)\">\n    \(bounds)\n" + tagLines(relation) + "  </relation>\n"
            )
        }
        let printed = limit.map { Array(elements.prefix($0)) } ?? elements
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="Overpass API 0.7.62 fake">
            <note>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</note>
            <meta osm_base="2024-01-01T00:00:00Z"/>

            """ + printed.joined() + "</osm>\n"
    }

    /// Whether any statement selects the element, placed by these nodes.
    private func selects(_ element: ExtractLineScan.Element, nodes: [String]) -> Bool {
        statements.contains { statement in
            statement.filters.allSatisfy { $0.accepts(element.tags) } && isAround(nodes, statement)
        }
    }

    private func isAround(_ nodes: [String], _ statement: Statement) -> Bool {
        let positions = nodes.compactMap { scan.nodes[$0]?.position }
        let reach = statement.radius * 1.01
        if positions.contains(where: { Self.metres($0, (statement.latitude, statement.longitude)) <= reach }) {
            return true
        }
        guard let centre = scan.boundingBoxCentre(of: nodes) else { return false }
        return Self.metres((centre.latitude, centre.longitude), (statement.latitude, statement.longitude)) <= reach
    }

    private func bounds(of nodes: [String]) -> String? {
        let positions = nodes.compactMap { scan.nodes[$0]?.position }
        guard !positions.isEmpty else { return nil }
        let latitudes = positions.map(\.latitude)
        let longitudes = positions.map(\.longitude)
        return
            "<bounds minlat=\"\(latitudes.min()!)\" minlon=\"\(longitudes.min()!)\" maxlat=\"\(latitudes.max()!)\" maxlon=\"\(longitudes.max()!)\"/>"
    }

    private func tagLines(_ element: ExtractLineScan.Element) -> String {
        element.tags.sorted { $0.key < $1.key }.map {
            "    <tag k=\"\(Self.escaped($0.key))\" v=\"\(Self.escaped($0.value))\"/>\n"
        }
        .joined()
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The great-circle distance in metres (haversine, mean Earth radius).
    private static func metres(
        _ a: (latitude: Double, longitude: Double),
        _ b: (latitude: Double, longitude: Double)
    ) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (b.latitude - a.latitude) * radians
        let dLongitude = (b.longitude - a.longitude) * radians
        let h =
            sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }
}
