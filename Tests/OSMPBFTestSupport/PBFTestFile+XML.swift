package import Foundation
import OSMFiles
import OSMModel

extension PBFTestFile {
    /// Every element of an OSM XML file, as the XML reader gives it, to be written as PBF.
    package static func elements(ofXML url: URL) throws -> [TestElement] {
        var elements: [TestElement] = []
        _ = try OSMXMLReader(options: .init(tags: true, references: true)).read(.file(url)) { element in
            elements.append(TestElement(element))
            return .next
        }
        return elements
    }

    /// Writes the PBF of an OSM XML file to `destination`.
    package static func convert(xml url: URL, to destination: URL, _ options: Options = Options()) throws {
        try Data(encode(elements(ofXML: url), options)).write(to: destination)
    }
}
