import Foundation

/// An element of an OSM XML file as osmium writes it (one element start per line), kept as its
/// lines, for the tests' own file makers (``GeneratedExtract``, ``ExtractCutter``).
struct OSMTextElement {
    /// 0 node, 1 way, 2 relation.
    var kind: Int
    var id: Int64
    var lines: [Substring]
    /// Named, with one of the venue keys.
    var isVenue: Bool

    /// The nodes a way refers to, and a relation's member nodes and ways (all `ref`s).
    var refs: [Int64] { lines.compactMap { Self.value(of: " ref=\"", in: $0) } }
    /// A relation's member ways.
    var memberWays: [Int64] {
        lines.filter { $0.contains("type=\"way\"") }.compactMap { Self.value(of: " ref=\"", in: $0) }
    }
    /// A relation's member nodes.
    var memberNodes: [Int64] {
        lines.filter { $0.contains("type=\"node\"") }.compactMap { Self.value(of: " ref=\"", in: $0) }
    }
    /// A node's position.
    var position: (latitude: Double, longitude: Double)? {
        guard kind == 0, let first = lines.first, let latitude = Self.number(" lat=\"", in: first),
            let longitude = Self.number(" lon=\"", in: first)
        else { return nil }
        return (latitude, longitude)
    }

    static func value(of attribute: String, in line: Substring) -> Int64? {
        guard let range = line.range(of: attribute) else { return nil }
        return Int64(line[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
    }

    private static func number(_ attribute: String, in line: Substring) -> Double? {
        guard let range = line.range(of: attribute) else { return nil }
        return Double(line[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The nodes, ways and relations of `file`, in file order.
    static func elements(of file: URL) throws -> [OSMTextElement] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var elements: [OSMTextElement] = []
        var current: OSMTextElement?
        let venueKeys = ["k=\"amenity\"", "k=\"shop\"", "k=\"tourism\"", "k=\"leisure\""]
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            let kind =
                trimmed.hasPrefix("<node") ? 0 : trimmed.hasPrefix("<way") ? 1 : trimmed.hasPrefix("<relation") ? 2 : -1
            if kind >= 0 || trimmed.hasPrefix("</osm") {
                if var element = current {
                    element.isVenue =
                        element.lines.contains { $0.contains("k=\"name\"") }
                        && element.lines.contains { line in venueKeys.contains { line.contains($0) } }
                    elements.append(element)
                }
                current =
                    kind >= 0
                    ? OSMTextElement(kind: kind, id: value(of: " id=\"", in: line) ?? 0, lines: [line], isVenue: false)
                    : nil
            } else {
                current?.lines.append(line)
            }
        }
        return elements
    }
}
