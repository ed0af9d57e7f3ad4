package import Foundation
package import OSMModel

/// One change of an OsmChange file, as a test describes it: what happens to which element, at
/// which version.
package struct TestChange {
    package var action: OSMChangeAction
    package var element: TestElement
    /// The element's `version` attribute.
    package var version: Int64

    package init(_ action: OSMChangeAction, _ element: TestElement, version: Int64 = 1) {
        self.action = action
        self.element = element
        self.version = version
    }
}

/// The tests' own OSM XML writer, as osmium writes it: OsmChange documents (`.osc`) for the
/// tests of change files, and plain `<osm>` documents with versions (what
/// `osmium derive-changes` compares). Compress the text for `.osc.gz` or `.osc.bz2`.
package enum OSMXMLTestFile {
    /// An `<osmChange>` document: one `<create>`, `<modify>` or `<delete>` block per run of
    /// changes with the same action, in the order given (so alternating actions repeat blocks).
    /// A deleted element is written as given: pass one without tags or position for a bare
    /// `<delete>`.
    package static func change(_ changes: [TestChange], generator: String = "venues tests") -> Data {
        var text = "<?xml version='1.0' encoding='UTF-8'?>\n"
        text += "<osmChange version=\"0.6\" generator=\"\(escaped(generator))\">\n"
        var index = changes.startIndex
        while index < changes.endIndex {
            let action = changes[index].action
            text += "  <\(action.name)>\n"
            while index < changes.endIndex, changes[index].action == action {
                text += element(changes[index].element, version: changes[index].version, indent: "    ")
                index += 1
            }
            text += "  </\(action.name)>\n"
        }
        text += "</osmChange>\n"
        return Data(text.utf8)
    }

    /// An `<osm>` document of `elements`, each with its version.
    package static func osm(
        _ elements: [(element: TestElement, version: Int64)],
        generator: String = "venues tests"
    ) -> Data {
        var text = "<?xml version='1.0' encoding='UTF-8'?>\n"
        text += "<osm version=\"0.6\" generator=\"\(escaped(generator))\">\n"
        for (element, version) in elements {
            text += self.element(element, version: version, indent: "  ")
        }
        text += "</osm>\n"
        return Data(text.utf8)
    }

    /// One element with its children, a line each.
    private static func element(_ element: TestElement, version: Int64, indent: String) -> String {
        var start = "\(indent)<\(element.kind.name) id=\"\(element.id)\" version=\"\(version)\""
        if let timestamp = element.timestamp {
            start += " timestamp=\"\(iso8601(timestamp))\""
        }
        if let latitude = element.latitude, let longitude = element.longitude {
            start += " lat=\"\(latitude)\" lon=\"\(longitude)\""
        }
        var children: [String] = element.nodes.map { "<nd ref=\"\($0)\"/>" }
        for member in element.members {
            let type =
                switch member.kind {
                case .node: "node"
                case .way: "way"
                case .relation: "relation"
                }
            children.append("<member type=\"\(type)\" ref=\"\(member.id)\" role=\"\(escaped(member.role))\"/>")
        }
        children += element.tags.map { "<tag k=\"\(escaped($0.key))\" v=\"\(escaped($0.value))\"/>" }
        guard !children.isEmpty else { return start + "/>\n" }
        return start + ">\n" + children.map { "\(indent)  \($0)\n" }.joined() + "\(indent)</\(element.kind.name)>\n"
    }

    /// Seconds since 1970 as OSM writes them: `2024-05-01T20:21:43Z`.
    private static func iso8601(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// An attribute value with the characters XML gives a meaning to written as references.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
