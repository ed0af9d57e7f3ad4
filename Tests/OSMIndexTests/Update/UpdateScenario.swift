import Foundation
import OSMModel
import VenuesCore
import VenuesTestSupport

/// A generated pair of extracts, A and B, whose difference has every effect an update must
/// apply: venues renamed, retagged, moved, created and deleted; elements that start or stop
/// being venues; ways and relations moved only because their nodes moved; a way's node list
/// changed; objects created outside the index's area. Made from the bundled sample by seeded
/// random choices, so that each seed changes other elements.
struct UpdateScenario {
    var old: TestOSMData
    var new: TestOSMData
    /// What was done, for messages.
    var effects: [String] = []

    private static let selection = try! OSMSelection(categories: [], term: nil)

    static func isVenue(_ element: TestOSMData.Element) -> Bool {
        element.value("name") != nil && selection.matches(tags(element))
    }

    static func isCandidate(_ element: TestOSMData.Element) -> Bool {
        selection.passesRules(tags(element))
    }

    static func tags(_ element: TestOSMData.Element) -> OSMTags {
        var tags = OSMTags()
        for tag in element.tags { tags.append(key: tag.key, value: tag.value) }
        return tags
    }

    /// B made from `old` with `count` elements per effect, chosen by `seed`.
    init(old: TestOSMData, seed: UInt64, count: Int = 3) {
        var effects: [String] = []
        var generator = SeededGenerator(state: seed)
        var elements = old.byKey
        let original = elements
        let bounds = old.bounds!
        var nextID: Int64 = 9_000_000_000 + Int64(seed % 1000) * 1000
        func newID() -> Int64 {
            nextID += 1
            return nextID
        }
        let all = old.elements
        var referenced = Set<Int64>()
        var members = Set<Int64>()
        for element in all {
            referenced.formUnion(element.nodes)
            referenced.formUnion(element.memberNodes)
            members.formUnion(element.memberWays)
        }
        func pick(_ candidates: [TestOSMData.Element], _ label: String) -> [TestOSMData.Element] {
            let chosen = Array(candidates.shuffled(using: &generator).prefix(count))
            if !chosen.isEmpty {
                effects.append("\(label): \(chosen.map { "\($0.kind.name)/\($0.id)" }.joined(separator: ", "))")
            }
            return chosen
        }
        func shift() -> Double { Double.random(in: -0.0008...0.0008, using: &generator) }

        let venueNodes = all.filter { $0.kind == .node && Self.isVenue($0) && !referenced.contains($0.id) }
        let venueWays = all.filter { $0.kind == .way && Self.isVenue($0) }
        let venueRelations = all.filter { $0.kind == .relation && Self.isVenue($0) }
        var untouched = venueNodes.shuffled(using: &generator)
        func take(_ label: String) -> [TestOSMData.Element] {
            let chosen = Array(untouched.prefix(count))
            untouched.removeFirst(chosen.count)
            effects.append("\(label): \(chosen.map { "node/\($0.id)" }.joined(separator: ", "))")
            return chosen
        }

        for var node in take("renamed nodes") {
            node.set("name", (node.value("name") ?? "") + " Uusi")
            elements[node.key] = node
        }
        for var node in take("nodes that lost their name") {
            node.set("name", nil)
            elements[node.key] = node
        }
        for var node in take("retagged nodes (another category)") {
            node.set("amenity", "restaurant")
            node.set("shop", nil)
            node.set("tourism", nil)
            node.set("leisure", nil)
            elements[node.key] = node
        }
        for var node in take("moved nodes") {
            node.latitude! += shift()
            node.longitude! += shift()
            elements[node.key] = node
        }
        for node in take("deleted nodes") { elements[node.key] = nil }
        for var node in take("nodes moved out of the area") {
            node.latitude! += 1
            elements[node.key] = node
        }
        let plain = all.filter { $0.kind == .node && !$0.tags.isEmpty && !Self.isCandidate($0) }
        for var node in pick(plain, "nodes that became venues") {
            node.set("amenity", "cafe")
            node.set("name", "Kahvila \(node.id)")
            elements[node.key] = node
        }
        for index in 0..<count {
            let node = TestOSMData.Element(
                kind: .node,
                id: newID(),
                latitude: Double.random(in: bounds.minLatitude...bounds.maxLatitude, using: &generator),
                longitude: Double.random(in: bounds.minLongitude...bounds.maxLongitude, using: &generator),
                tags: [
                    .init(key: "amenity", value: "cafe"), .init(key: "name", value: "Uusi Kahvila \(seed) \(index)"),
                ]
            )
            elements[node.key] = node
        }
        effects.append("created \(count) venue nodes")
        let outside = TestOSMData.Element(
            kind: .node,
            id: newID(),
            latitude: bounds.maxLatitude + 0.5,
            longitude: bounds.minLongitude,
            tags: [.init(key: "shop", value: "bakery"), .init(key: "name", value: "Kaukana")]
        )
        elements[outside.key] = outside

        // Ways.
        var ways = venueWays.filter { !members.contains($0.id) }.shuffled(using: &generator)
        func takeWays(_ label: String) -> [TestOSMData.Element] {
            let chosen = Array(ways.prefix(max(1, count / 2)))
            ways.removeFirst(chosen.count)
            effects.append("\(label): \(chosen.map { "way/\($0.id)" }.joined(separator: ", "))")
            return chosen
        }
        for way in takeWays("ways moved by their nodes only") {
            let (dLatitude, dLongitude) = (shift(), shift())
            for id in Set(way.nodes) {
                guard var node = elements[TestOSMData.Key(kind: .node, id: id)] else { continue }
                node.latitude! += dLatitude
                node.longitude! += dLongitude
                elements[node.key] = node
            }
        }
        for var way in takeWays("renamed ways") {
            way.set("name", (way.value("name") ?? "") + " Uusi")
            elements[way.key] = way
        }
        for var way in takeWays("ways that lost their name") {
            way.set("name", nil)
            elements[way.key] = way
        }
        for way in takeWays("deleted ways") { elements[way.key] = nil }
        for var way in takeWays("ways with a node replaced") {
            guard let first = way.nodes.first, let node = elements[TestOSMData.Key(kind: .node, id: first)] else {
                continue
            }
            let added = TestOSMData.Element(
                kind: .node,
                id: newID(),
                latitude: node.latitude! + 0.0015,
                longitude: node.longitude! - 0.001
            )
            elements[added.key] = added
            way.nodes[way.nodes.count / 2] = added.id
            elements[way.key] = way
        }
        let candidates = all.filter { $0.kind == .way && Self.isCandidate($0) && $0.value("name") == nil }
        for var way in pick(candidates, "ways given a name") {
            way.set("name", "Nimetön \(way.id)")
            elements[way.key] = way
        }
        // A new building with a shop: new nodes, a new way.
        let corner = (
            Double.random(in: bounds.minLatitude...bounds.maxLatitude - 0.001, using: &generator),
            Double.random(in: bounds.minLongitude...bounds.maxLongitude - 0.001, using: &generator)
        )
        var square: [Int64] = []
        for (dLatitude, dLongitude) in [(0.0, 0.0), (0.0004, 0.0), (0.0004, 0.0006), (0.0, 0.0006)] {
            let node = TestOSMData.Element(
                kind: .node,
                id: newID(),
                latitude: corner.0 + dLatitude,
                longitude: corner.1 + dLongitude
            )
            elements[node.key] = node
            square.append(node.id)
        }
        let building = TestOSMData.Element(
            kind: .way,
            id: newID(),
            tags: [
                .init(key: "building", value: "yes"), .init(key: "shop", value: "bakery"),
                .init(key: "name", value: "Leipomo \(seed)"),
            ],
            nodes: square + [square[0]]
        )
        elements[building.key] = building
        effects.append("created way/\(building.id)")

        // Relations: moved by the nodes of a member way.
        for relation in pick(venueRelations, "relations moved by a member way's nodes") {
            guard let member = relation.memberWays.first,
                let way = elements[TestOSMData.Key(kind: .way, id: member)]
            else { continue }
            let (dLatitude, dLongitude) = (shift(), shift())
            for id in Set(way.nodes) {
                guard var node = elements[TestOSMData.Key(kind: .node, id: id)] else { continue }
                node.latitude! += dLatitude
                node.longitude! += dLongitude
                elements[node.key] = node
            }
        }
        // Positions as a file writes them (seven decimals).
        func written(_ degrees: Double?) -> Double? { degrees.flatMap { Double(String(format: "%.7f", $0)) } }
        var new = TestOSMData(
            bounds: old.bounds,
            elements: elements.values.map { element in
                var element = element
                element.latitude = written(element.latitude)
                element.longitude = written(element.longitude)
                // A changed object has a newer version (osmium derive-changes goes by them).
                if let before = original[element.key], !before.sameContent(as: element) {
                    element.version = before.version + 1
                }
                return element
            }
        )
        new.sort()
        self.old = old
        self.new = new
        self.effects = effects
    }
}
