import Foundation
import VenuesCore
import VenuesTestSupport

@testable import OverpassProvider

/// Shared values for the Overpass tests.
enum OverpassTest {
    /// The middle of the Helsinki extract, about 160 m east of the central station.
    static let helsinki = try! Coordinate(latitude: 60.171634, longitude: 24.944295)

    /// The bundled sample extract at `Config/samples/helsinki-centre.osm` in the package.
    static let sampleFile: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config/samples/helsinki-centre.osm")

    static func fixture(_ name: String) throws -> Data {
        try Fixture.data(name, in: .module)
    }

    /// A 200 answer with the OSM content type.
    static func osm(_ data: Data) -> StubResponse {
        .data(data, contentType: "application/osm3s+xml")
    }

    /// The Overpass XHTML error page (the template of `bad-request-400.html`, as written by
    /// `web_output.cc`) with the given `Error:` paragraphs. Used to synthesise the 429 and 504
    /// bodies, which have no real capture.
    static func errorPage(_ messages: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"
            "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
        <head>
          <meta http-equiv="content-type" content="text/html; charset=utf-8" lang="en"/>
          <title>OSM3S Response</title>
        </head>
        <body>

        <p>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</p>
        \(messages.map { "<p><strong style=\"color:#FF0000\">Error</strong>: \($0) </p>" }.joined(separator: "\n"))

        </body>
        </html>
        """
    }

    /// A synthetic captive-portal page, as hotel and train Wi-Fi serve in place of any answer.
    static let captivePortalPage = """
        <!DOCTYPE html>
        <html>
        <head><meta charset="utf-8"><title>
          Hotel Wi-Fi – Sign in</title></head>
        <body><form action="/login"><p>Accept the terms to continue.</p><input type="submit"></form></body>
        </html>
        """

    static let rateLimitedMessage =
        "runtime error: open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::rate_limited. Please check /api/status for the quota of your IP address."
    static let busyMessage =
        "runtime error: open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::timeout. The server is probably too busy to handle your request."
}
