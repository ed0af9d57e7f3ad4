import Foundation
import OSMFiles
import OSMModel

/// OSM data as the update tests make and change it: elements with everything a change file
/// carries, read from and written to OSM XML (one element start per line, as osmium writes it,
/// so that ``ExtractCutter`` can cut it) and written as OsmChange.
struct TestOSMData {
    struct Element: Hashable {
        var kind: OSMElement.Kind
        var id: Int64
        var version: Int64 = 1
        var latitude: Double?
        var longitude: Double?
        var tags: [Tag] = []
        var nodes: [Int64] = []
        var memberNodes: [Int64] = []
        var memberWays: [Int64] = []

        struct Tag: Hashable {
            var key: String
            var value: String
        }

        var key: Key { Key(kind: kind, id: id) }

        func value(_ key: String) -> String? { tags.first { $0.key == key }?.value }

        mutating func set(_ key: String, _ value: String?) {
            tags.removeAll { $0.key == key }
            if let value { tags.append(Tag(key: key, value: value)) }
        }

        /// Everything but the version: whether two versions differ.
        func sameContent(as other: Element) -> Bool {
            var copy = other
            copy.version = version
            return copy == self
        }
    }

    struct Key: Hashable, Comparable {
        var kind: OSMElement.Kind
        var id: Int64

        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.kind.rawValue, lhs.id) < (rhs.kind.rawValue, rhs.id) }
    }

    var bounds: OSMBounds?
    /// In file order: nodes, ways, relations, each by id.
    var elements: [Element]

    var byKey: [Key: Element] { Dictionary(uniqueKeysWithValues: elements.map { ($0.key, $0) }) }

    /// Reads an OSM XML file.
    static func read(_ url: URL) throws -> TestOSMData {
        var elements: [Element] = []
        var bounds: OSMBounds?
        _ = try OSMXMLReader(options: .init(tags: true, references: true)).read(
            .file(url),
            header: { bounds = $0.bounds },
            visit: { element in
                elements.append(
                    Element(
                        kind: element.kind,
                        id: element.id,
                        latitude: element.latitude,
                        longitude: element.longitude,
                        tags: element.tags.pairs.map { Element.Tag(key: $0.key, value: $0.value) },
                        nodes: element.nodeRefs,
                        memberNodes: element.memberNodes,
                        memberWays: element.memberWays
                    )
                )
                return .next
            }
        )
        return TestOSMData(bounds: bounds, elements: elements)
    }

    /// Sorts the elements as OSM files list them.
    mutating func sort() {
        elements.sort { $0.key < $1.key }
    }

    // MARK: Writing

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    static func lines(of element: Element, timestamp: String) -> String {
        var start =
            "<\(element.kind.name) id=\"\(element.id)\" version=\"\(element.version)\" timestamp=\"\(timestamp)\""
        if element.kind == .node, let latitude = element.latitude, let longitude = element.longitude {
            start += String(format: " lat=\"%.7f\" lon=\"%.7f\"", latitude, longitude)
        }
        var children: [String] = []
        children += element.nodes.map { "    <nd ref=\"\($0)\"/>" }
        children += element.memberNodes.map { "    <member type=\"node\" ref=\"\($0)\" role=\"\"/>" }
        children += element.memberWays.map { "    <member type=\"way\" ref=\"\($0)\" role=\"outer\"/>" }
        children += element.tags.map { "    <tag k=\"\(escaped($0.key))\" v=\"\(escaped($0.value))\"/>" }
        if children.isEmpty { return "  \(start)/>\n" }
        return "  \(start)>\n" + children.joined(separator: "\n") + "\n  </\(element.kind.name)>\n"
    }

    /// The data as OSM XML.
    func xml(timestamp: String = "2024-01-01T00:00:00Z") -> String {
        var text = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"venues tests\">\n"
        if let bounds {
            text +=
                "  <bounds minlat=\"\(bounds.minLatitude)\" minlon=\"\(bounds.minLongitude)\" maxlat=\"\(bounds.maxLatitude)\" maxlon=\"\(bounds.maxLongitude)\"/>\n"
        }
        for element in elements { text += Self.lines(of: element, timestamp: timestamp) }
        return text + "</osm>\n"
    }

    /// One entry of a change file.
    struct Change {
        enum Action: String { case create, modify, delete }
        var action: Action
        var element: Element
    }

    /// An OsmChange document of `changes`, each in a block of its own action (consecutive
    /// entries of one action share a block).
    static func osmChange(_ changes: [Change], timestamp: String = "2024-02-01T00:00:00Z") -> String {
        var text = "<?xml version='1.0' encoding='UTF-8'?>\n<osmChange version=\"0.6\" generator=\"venues tests\">\n"
        var open: Change.Action?
        for change in changes {
            if open != change.action {
                if let open { text += "</\(open.rawValue)>\n" }
                text += "<\(change.action.rawValue)>\n"
                open = change.action
            }
            var element = change.element
            if change.action == .delete {
                element.tags = []
                element.nodes = []
                element.memberNodes = []
                element.memberWays = []
            }
            text += lines(of: element, timestamp: timestamp)
        }
        if let open { text += "</\(open.rawValue)>\n" }
        return text + "</osmChange>\n"
    }

    /// The changes from `old` to `new`, as `osmium derive-changes` lists them: deletions, then
    /// creations and modifications, by type and id; a deleted element's version one more (a
    /// changed one's is `new`'s).
    static func changes(from old: TestOSMData, to new: TestOSMData) -> [Change] {
        let before = old.byKey
        let after = new.byKey
        var result: [Change] = []
        for key in before.keys.sorted() where after[key] == nil {
            var element = before[key]!
            element.version += 1
            result.append(Change(action: .delete, element: element))
        }
        for key in after.keys.sorted() {
            let element = after[key]!
            if let previous = before[key] {
                guard !previous.sameContent(as: element) else { continue }
                var element = element
                element.version = max(element.version, previous.version + 1)
                result.append(Change(action: .modify, element: element))
            } else {
                result.append(Change(action: .create, element: element))
            }
        }
        return result
    }
}
