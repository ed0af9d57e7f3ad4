import Foundation
import VenuesCore
import VenuesTestSupport

/// An independent reading of the osmium-formatted sample extract, without libxml2 or the
/// provider's code: a line scan for `<node>`, `<way>` and `<relation>` blocks with their
/// `<tag>`, `<nd>` and `<member>` lines. Used to check the provider's answers against counts
/// computed another way.
struct ExtractLineScan {
    struct Element {
        var id: String
        var tags: [String: String] = [:]
        /// A node's position.
        var position: (latitude: Double, longitude: Double)?
        /// A way's node references.
        var nodes: [String] = []
        /// A relation's member nodes and member ways.
        var memberNodes: [String] = []
        var memberWays: [String] = []

        /// A name and one of the venue keys (the provider's README, "What counts as a venue").
        var isNamedPOI: Bool {
            tags["name"] != nil && ["amenity", "shop", "tourism", "leisure"].contains { tags[$0] != nil }
        }
    }

    private(set) var nodes: [String: Element] = [:]
    private(set) var ways: [String: Element] = [:]
    private(set) var relations: [String: Element] = [:]

    /// The bundled sample extract, scanned once. Read it through ``loadSample()``: the first
    /// access scans 10 MB, which must not hold a thread of Swift's cooperative pool (or others
    /// waiting for the same one-time initialisation) while loopback servers need them.
    private static let sample: ExtractLineScan = try! ExtractLineScan(contentsOf: OverpassTest.sampleFile)

    /// The bundled sample extract, scanned once on a Dispatch thread.
    static func loadSample() async throws -> ExtractLineScan {
        await offCooperativePool { sample }
    }

    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var current: Element?
        var kind = ""
        func finish() {
            guard let element = current else { return }
            switch kind {
            case "node": nodes[element.id] = element
            case "way": ways[element.id] = element
            default: relations[element.id] = element
            }
            current = nil
        }
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if let opened = ["node", "way", "relation"].first(where: { trimmed.hasPrefix("<\($0) ") }) {
                finish()
                guard let id = Self.attribute("id", in: trimmed) else { continue }
                kind = opened
                var element = Element(id: id)
                if opened == "node", let lat = Self.attribute("lat", in: trimmed).flatMap(Double.init),
                    let lon = Self.attribute("lon", in: trimmed).flatMap(Double.init)
                {
                    element.position = (lat, lon)
                }
                current = element
                if trimmed.hasSuffix("/>") { finish() }
            } else if trimmed.hasPrefix("<tag "), let key = Self.attribute("k", in: trimmed),
                let value = Self.attribute("v", in: trimmed)
            {
                current?.tags[key] = Self.unescape(value)
            } else if trimmed.hasPrefix("<nd "), let ref = Self.attribute("ref", in: trimmed) {
                current?.nodes.append(ref)
            } else if trimmed.hasPrefix("<member "), let ref = Self.attribute("ref", in: trimmed) {
                switch Self.attribute("type", in: trimmed) {
                case "node": current?.memberNodes.append(ref)
                case "way": current?.memberWays.append(ref)
                default: break
                }
            } else if trimmed.hasPrefix("</node>") || trimmed.hasPrefix("</way>") || trimmed.hasPrefix("</relation>") {
                finish()
            }
        }
        finish()
    }

    /// The centre of the bounding box of the positions of these nodes that are in the file
    /// (the rule the provider documents for ways and relations), or `nil` when none is.
    func boundingBoxCentre(of nodeIDs: [String]) -> Coordinate? {
        let positions = nodeIDs.compactMap { nodes[$0]?.position }
        guard !positions.isEmpty else { return nil }
        let latitudes = positions.map(\.latitude)
        let longitudes = positions.map(\.longitude)
        return try? Coordinate(
            latitude: (latitudes.min()! + latitudes.max()!) / 2,
            longitude: (longitudes.min()! + longitudes.max()!) / 2
        )
    }

    /// Each named-POI way placed at its bounding-box centre (ways with no node in the file left out).
    func namedPOIWayCentres() -> [String: Coordinate] {
        ways.values.filter(\.isNamedPOI).reduce(into: [:]) { result, way in
            result[way.id] = boundingBoxCentre(of: way.nodes)
        }
    }

    /// Each named-POI relation at the bounding-box centre of its member nodes and its member
    /// ways' nodes (sub-relations not followed).
    func namedPOIRelationCentres() -> [String: Coordinate] {
        relations.values.filter(\.isNamedPOI).reduce(into: [:]) { result, relation in
            let wayNodes = relation.memberWays.flatMap { ways[$0]?.nodes ?? [] }
            result[relation.id] = boundingBoxCentre(of: relation.memberNodes + wayNodes)
        }
    }

    private static func attribute(_ name: String, in line: Substring) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    private static func unescape(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
