import Foundation
import OverpassProvider
import Testing
import VenuesCore

@Suite("Overpass endpoint parsing")
struct ConfigurationTests {
    typealias Endpoint = OverpassProvider.Configuration.Endpoint

    @Test func defaultIsThePublicInstance() {
        #expect(
            OverpassProvider.Configuration().endpoint
                == .remote(URL(string: "https://overpass-api.de/api/interpreter")!)
        )
    }

    @Test(arguments: ["https://overpass.example.org/api/interpreter", "http://127.0.0.1:8080/api/interpreter"])
    func httpURLsAreRemote(text: String) throws {
        #expect(try OverpassProvider.Configuration.endpoint(parsing: text) == .remote(URL(string: text)!))
    }

    @Test func fileURLsAndPathsAreFiles() throws {
        #expect(
            try OverpassProvider.Configuration.endpoint(parsing: "file:///data/x.osm")
                == .file(URL(fileURLWithPath: "/data/x.osm"))
        )
        #expect(
            try OverpassProvider.Configuration.endpoint(parsing: "/data/x.osm")
                == .file(URL(fileURLWithPath: "/data/x.osm"))
        )
        let relative = try OverpassProvider.Configuration.endpoint(parsing: "Config/samples/helsinki-centre.osm")
        let expected = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Config/samples/helsinki-centre.osm").standardizedFileURL
        #expect(relative == .file(expected))
    }

    @Test(arguments: ["", "   ", "ftp://example.org/x", "https://", "mailto:someone@example.org"])
    func otherStringsAreRejected(text: String) {
        #expect(throws: ProviderError.self) { try OverpassProvider.Configuration.endpoint(parsing: text) }
    }
}
