// Release-mode benchmark and cross-check of the PBF reader.
//
//   swift run -c release PBFBenchmark read FILE.osm.pbf [REPEAT [THREADS]]
//   swift run -c release PBFBenchmark compare FILE.osm FILE.osm.pbf
//   swift run -c release PBFBenchmark import FILE OUTPUT.sqlite
//
// `read`: full passes over FILE with tags, references and timestamps (what an import reads),
// the visitor only counting; prints each pass's wall time, the median and MB/s. THREADS is the
// number of decoding threads (default: one per processor; 0 decodes on the reading thread).
// `compare`: reads the XML and the PBF of the same data and checks that they give the same
// elements in the same order (kind, id, coordinates, tags, references); exits 1 at the first
// difference. `import`: the index import of FILE (XML or PBF, as `venues osm import` reads it),
// with the time of each phase: reading (the pass over the file, the writer inserting meanwhile),
// placing ways and relations, building the indexes. Peak RSS is measured from outside
// (/usr/bin/time -v).
import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import OverpassProvider
import VenuesCore

func fail(_ message: String, code: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("PBFBenchmark: \(message)\n".utf8))
    exit(code)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    fail("usage: PBFBenchmark read FILE.osm.pbf [REPEAT [THREADS]] | compare FILE.osm FILE.osm.pbf")
}

/// One element as both readers give it, for comparing.
struct Snapshot: Equatable {
    var kind: OSMElement.Kind
    var id: Int64
    var latitude: Double?
    var longitude: Double?
    var tags: [OSMTags.Pair]
    var nodeRefs: [Int64]
    var memberNodes: [Int64]
    var memberWays: [Int64]

    init(_ element: OSMElement) {
        kind = element.kind
        id = element.id
        latitude = element.latitude
        longitude = element.longitude
        tags = element.tags.pairs
        nodeRefs = element.nodeRefs
        memberNodes = element.memberNodes
        memberWays = element.memberWays
    }
}

do {
    switch arguments[0] {
    case "read":
        let file = URL(fileURLWithPath: arguments[1])
        let repeatCount = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
        var options = OSMPBFReader.Options(tags: true, references: true, timestamps: true)
        if arguments.count > 3, let threads = Int(arguments[3]) { options.threads = threads }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int ?? 0
        var times: [Double] = []
        var summary = OSMReadSummary()
        var tags = 0
        var references = 0
        for _ in 0..<max(1, repeatCount) {
            tags = 0
            references = 0
            let start = ContinuousClock.now
            summary = try OSMPBFReader(options: options).read(.file(file)) { element in
                tags &+= element.tags.pairs.count
                references &+= element.nodeRefs.count + element.memberNodes.count + element.memberWays.count
                return .next
            }
            times.append(seconds(ContinuousClock.now - start))
        }
        let median = times.sorted()[times.count / 2]
        print(
            "read \(file.lastPathComponent): \(summary.elements) elements, \(tags) tags, \(references) references, newest \(summary.newestTimestamp ?? "-"), threads \(options.threads)"
        )
        print(
            "times " + times.map { String(format: "%.3f", $0) }.joined(separator: " ")
                + String(format: " s; median %.3f s, %.1f MB/s", median, Double(size) / 1e6 / median)
        )
    case "compare":
        guard arguments.count >= 3 else { fail("usage: PBFBenchmark compare FILE.osm FILE.osm.pbf") }
        var xml: [Snapshot] = []
        _ = try OSMXMLReader(options: .init(tags: true, references: true))
            .read(.file(URL(fileURLWithPath: arguments[1]))) { element in
                xml.append(Snapshot(element))
                return .next
            }
        var index = 0
        var difference: String?
        let summary = try OSMPBFReader(options: .init(tags: true, references: true))
            .read(.file(URL(fileURLWithPath: arguments[2]))) { element in
                let snapshot = Snapshot(element)
                guard index < xml.count else {
                    difference = "the PBF has more elements than the XML (\(xml.count))"
                    return .stop
                }
                if snapshot != xml[index] {
                    difference = "element \(index) differs:\n  XML \(xml[index])\n  PBF \(snapshot)"
                    return .stop
                }
                index += 1
                return .next
            }
        if difference == nil, index != xml.count {
            difference = "the PBF has \(index) elements, the XML \(xml.count)"
        }
        if let difference { fail(difference, code: 1) }
        print("same \(summary.elements) elements")
    case "import":
        guard arguments.count >= 3 else { fail("usage: PBFBenchmark import FILE OUTPUT.sqlite") }
        let file = URL(fileURLWithPath: arguments[1])
        let start = ContinuousClock.now
        let summary = try OSMIndexImporter.run(
            source: OSMExtractFile.source(url: file, tags: true, references: true, timestamps: true),
            sourceFile: file,
            destination: URL(fileURLWithPath: arguments[2]),
            options: .init(generator: "PBFBenchmark")
        )
        print(
            String(
                format: "import %@: %d venues; reading %.2f s, placing %.2f s, indexing %.2f s; %.2f s in all",
                file.lastPathComponent,
                summary.nodeVenues + summary.wayVenues + summary.relationVenues,
                summary.readingSeconds,
                summary.placingSeconds,
                summary.indexingSeconds,
                seconds(ContinuousClock.now - start)
            )
        )
    default:
        fail("unknown mode \(arguments[0])")
    }
} catch let error as OSMFileError {
    fail(error.description, code: 1)
} catch let error as ProviderError {
    fail("\(error.message)", code: 1)
} catch {
    fail("\(error)", code: 1)
}
