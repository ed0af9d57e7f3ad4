import Foundation
import Synchronization
import VenuesCore
import VenuesHTTP
import VenuesTestSupport

@testable import FoursquareProvider

/// A fake key, long and distinctive so that a leak is easy to spot.
let testKey = "fsq3TESTKEY-do-not-leak-7f3a9c"

/// Helsinki Central Station area: the centre of the fixtures.
let helsinki = try! Coordinate(latitude: 60.171634, longitude: 24.944295)

/// A configuration for tests: no retries (error tests must see the first answer).
func testConfiguration(
    api: FoursquareProvider.Configuration.API = .places20250617,
    baseURL: URL? = nil,
    maxPages: Int = 5,
    key: String = testKey
) -> FoursquareProvider.Configuration {
    FoursquareProvider.Configuration(apiKey: key, api: api, baseURL: baseURL, maxPages: maxPages, retry: .never)
}

/// A fixture's bytes.
func fixture(_ name: String) throws -> Data {
    try Fixture.data(name, in: .module)
}

/// A fixture's text.
func fixtureText(_ name: String) throws -> String {
    try Fixture.text(name, in: .module)
}

/// A provider on the real libcurl client pointed at a loopback server.
func provider(
    _ server: LoopbackServer,
    api: FoursquareProvider.Configuration.API = .places20250617,
    maxPages: Int = 5,
    key: String = testKey
) -> FoursquareProvider {
    FoursquareProvider(
        configuration: testConfiguration(api: api, baseURL: server.baseURL, maxPages: maxPages, key: key),
        httpClient: CurlHTTPClient()
    )
}

/// A search page in the 2025-06-17 shape with `count` places numbered from `first`, spread
/// around `helsinki` within about 300 m.
func syntheticPage(first: Int, count: Int, center: Coordinate? = helsinki) -> String {
    let places = (first..<(first + count)).map(syntheticPlace)
    let context =
        center.map {
            #", "context": {"geo_bounds": {"circle": {"center": {"latitude": \#($0.latitude), "longitude": \#($0.longitude)}, "radius": 1000}}}"#
        } ?? ""
    return #"{"results": [\#(places.joined(separator: ","))]\#(context)}"#
}

/// Synthetic place `number` (a café), as a search result or a place lookup answers it.
func syntheticPlace(_ number: Int) -> String {
    let latitude = helsinki.latitude + Double(number % 10) * 0.0002
    let longitude = helsinki.longitude + Double(number / 10) * 0.0004
    return """
        {"fsq_place_id": "\(syntheticID(number))", "name": "Synthetic place \(number)",
         "latitude": \(latitude), "longitude": \(longitude),
         "categories": [{"fsq_category_id": "\(syntheticCategoryID)", "name": "Café"}],
         "location": {"formatted_address": "Testikatu \(number), 00100 Helsinki"}}
        """
}

/// The category of every synthetic place: Café.
let syntheticCategoryID = "4bf58dd8d48988d16d941735"

/// The made-up id of synthetic place `number`.
func syntheticID(_ number: Int) -> String {
    "5eed" + String(repeating: "0", count: 20 - String(number).count) + String(number)
}

/// A value set after the server starts (its own URL, for absolute `Link` headers).
final class Box<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

/// Every human-readable text of an error, for leak checks.
func texts(of error: ProviderError) -> String {
    "\(error.kind) \(error.message) \(error.description) \(String(reflecting: error))"
}
