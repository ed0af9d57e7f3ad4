import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import OverpassProvider
import Testing
import VenuesCore
import VenuesHTTP
import VenuesTestSupport

/// Files, imports and providers shared by the index tests.
enum IndexTest {
    /// The bundled extract.
    static let sampleFile: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config/samples/helsinki-centre.osm")

    /// The middle of the sample extract.
    static let helsinki = try! Coordinate(latitude: 60.171634, longitude: 24.944295)

    /// This test process's folder under the temporary directory. The shared imports live there
    /// while the tests run; folders of earlier runs whose process is gone are removed first.
    static let root: URL = {
        let base = FileManager.default.temporaryDirectory
        let prefix = "venues-index-tests-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
            }
        }
        let url = base.appendingPathComponent("\(prefix)\(getpid())", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A new directory of its own in ``root``.
    static func directory(_ label: String) -> URL {
        let url = root.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Imports `file` into `destination` (blocking: call it off the cooperative pool).
    @discardableResult
    static func importIndex(
        _ file: URL,
        into destination: URL,
        progress: (@Sendable (OSMImportProgress) -> Void)? = nil
    ) throws(OSMIndexError) -> OSMImportSummary {
        try OSMIndexImporter.run(
            source: OSMXMLFile(url: file),
            sourceFile: file,
            destination: destination,
            options: .init(generator: "venues tests", progress: progress)
        )
    }

    /// Writes `text` to a new file named `name` in a new directory.
    static func write(_ text: String, name: String = "test.osm") -> URL {
        let url = directory("file").appendingPathComponent(name)
        try! Data(text.utf8).write(to: url)
        return url
    }

    /// The sample imported once, shared by every test that only reads it.
    static let sampleIndex = Task<URL, any Error> {
        try await offCooperativePool {
            let url = directory("sample").appendingPathComponent("helsinki-centre.sqlite")
            try importIndex(sampleFile, into: url)
            return url
        }
    }

    /// The generated larger extract and its index, made once.
    static let largerFiles = Task<(osm: URL, index: URL), any Error> {
        try await offCooperativePool {
            let folder = directory("larger")
            let osm = folder.appendingPathComponent("larger.osm")
            try GeneratedExtract.write(from: sampleFile, copies: 2, to: osm)
            let index = folder.appendingPathComponent("larger.sqlite")
            try importIndex(osm, into: index)
            return (osm, index)
        }
    }

    /// A provider reading a local file (the scan) or an index.
    static func provider(_ endpoint: OverpassProvider.Configuration.Endpoint, indexes: URL? = nil) -> OverpassProvider {
        OverpassProvider(configuration: .init(endpoint: endpoint, indexDirectory: indexes), httpClient: NoNetwork())
    }
}

/// An HTTP client that must not be called.
struct NoNetwork: HTTPClient {
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        Issue.record("unexpected HTTP request \(request.redactedDescription)")
        throw .unreachable("no network in this test")
    }
}

/// An HTTP client that answers every request with an empty OSM document (or fails it) and counts them.
final class CountingOverpass: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// What every request fails with instead (an Overpass that cannot be reached); `nil` answers.
    private let failure: HTTPClientError?

    var requests: Int { lock.withLock { count } }

    init(failure: HTTPClientError? = nil) {
        self.failure = failure
    }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        lock.withLock { count += 1 }
        if let failure { throw failure }
        return HTTPResponse(
            status: 200,
            headers: ["Content-Type": "application/osm3s+xml"],
            body: Data(#"<?xml version="1.0" encoding="UTF-8"?><osm version="0.6"></osm>"#.utf8)
        )
    }
}

/// A larger extract made from the sample at test time: its venues, with the ways, relations and
/// nodes they are made of (real structure: ways of nodes, relations of ways and nodes), repeated
/// `copies` times with ids shifted by k·10¹⁰ and positions by k·(0.004°, 0.006°), so that copies
/// overlap. One valid document in node–way–relation order.
enum GeneratedExtract {
    static func write(from source: URL, copies: Int, to destination: URL) throws {
        let elements = try OSMTextElement.elements(of: source)
        // What the venues are made of.
        var ways = Set<Int64>()
        var nodes = Set<Int64>()
        for element in elements where element.isVenue && element.kind == 2 { ways.formUnion(element.memberWays) }
        for element in elements where element.kind == 1 && (element.isVenue || ways.contains(element.id)) {
            ways.insert(element.id)
            nodes.formUnion(element.refs)
        }
        for element in elements where element.kind == 2 && element.isVenue { nodes.formUnion(element.refs) }
        let kept = elements.filter { element in
            element.isVenue || (element.kind == 0 && nodes.contains(element.id))
                || (element.kind == 1 && ways.contains(element.id))
        }
        var output = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"venues tests\">\n"
        for kind in 0...2 {
            for copy in 0..<copies {
                for element in kept where element.kind == kind {
                    for line in element.lines {
                        output += moved(shifted(String(line), ids: Int64(copy) * 10_000_000_000), by: copy) + "\n"
                    }
                }
            }
        }
        output += "</osm>\n"
        try Data(output.utf8).write(to: destination)
    }

    /// `id="N"` and `ref="N"` shifted.
    private static func shifted(_ line: String, ids shift: Int64) -> String {
        guard shift != 0 else { return line }
        var result = line
        for attribute in [" id=\"", " ref=\""] {
            guard let range = result.range(of: attribute) else { continue }
            let digits = result[range.upperBound...].prefix { $0.isNumber }
            guard let value = Int64(digits) else { continue }
            result.replaceSubrange(
                range.upperBound..<result.index(range.upperBound, offsetBy: digits.count),
                with: String(value + shift)
            )
        }
        return result
    }

    /// `lat`/`lon` moved by k·(0.004°, 0.006°), written with 7 decimals.
    private static func moved(_ line: String, by copy: Int) -> String {
        guard copy != 0 else { return line }
        var result = line
        for (attribute, step) in [(" lat=\"", 0.004), (" lon=\"", 0.006)] {
            guard let range = result.range(of: attribute) else { continue }
            let digits = result[range.upperBound...].prefix { $0 != "\"" }
            guard let value = Double(digits) else { continue }
            let fixed = (value * 1e7).rounded() + Double(copy) * step * 1e7
            result.replaceSubrange(
                range.upperBound..<result.index(range.upperBound, offsetBy: digits.count),
                with: String(format: "%.7f", fixed / 1e7)
            )
        }
        return result
    }
}
