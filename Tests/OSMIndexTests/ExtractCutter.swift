import Foundation
import OSMModel

/// The tests' own `osmium extract --strategy smart`: the part of an extract inside a rectangle,
/// with every node inside it, each way with a node inside it together with all its nodes, and
/// each relation with a member inside together with all its member ways and their nodes. The
/// stragglers of ways and relations that cross the edge lie outside the rectangle, as in real
/// cut extracts.
enum ExtractCutter {
    /// Writes the part of `source` inside `box` to `destination`, declaring `box` as `<bounds>`
    /// when `declaresBounds` (as osmium's PBF output does) and nothing otherwise (its XML output
    /// of a smart extract).
    static func cut(_ source: URL, to box: OSMBounds, declaresBounds: Bool, destination: URL) throws {
        try cut(
            try OSMTextElement.elements(of: source),
            to: box,
            declaresBounds: declaresBounds,
            destination: destination
        )
    }

    /// ``cut(_:to:declaresBounds:destination:)`` of elements read once.
    static func cut(_ elements: [OSMTextElement], to box: OSMBounds, declaresBounds: Bool, destination: URL) throws {
        var inside = Set<Int64>()
        for element in elements where element.kind == 0 {
            guard let position = element.position else { continue }
            if box.minLatitude <= position.latitude && position.latitude <= box.maxLatitude
                && box.minLongitude <= position.longitude && position.longitude <= box.maxLongitude
            {
                inside.insert(element.id)
            }
        }
        var ways = Set<Int64>()
        for element in elements where element.kind == 1 && element.refs.contains(where: inside.contains) {
            ways.insert(element.id)
        }
        var relations = Set<Int64>()
        for element in elements where element.kind == 2 {
            if element.memberNodes.contains(where: inside.contains) || element.memberWays.contains(where: ways.contains)
            {
                relations.insert(element.id)
                ways.formUnion(element.memberWays)
            }
        }
        var nodes = inside
        for element in elements {
            if element.kind == 1, ways.contains(element.id) { nodes.formUnion(element.refs) }
            if element.kind == 2, relations.contains(element.id) { nodes.formUnion(element.memberNodes) }
        }
        var output = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"venues tests\">\n"
        if declaresBounds {
            output +=
                "  <bounds minlat=\"\(box.minLatitude)\" minlon=\"\(box.minLongitude)\" maxlat=\"\(box.maxLatitude)\" maxlon=\"\(box.maxLongitude)\"/>\n"
        }
        for element in elements {
            let kept =
                switch element.kind {
                case 0: nodes.contains(element.id)
                case 1: ways.contains(element.id)
                default: relations.contains(element.id)
                }
            guard kept else { continue }
            for line in element.lines { output += line + "\n" }
        }
        output += "</osm>\n"
        try Data(output.utf8).write(to: destination)
    }
}
