import Foundation
import VenuesTestSupport

/// The fake providers of one test and the environment that points `venues` at them.
struct FakeProviders {
    /// A Foursquare key that appears nowhere else: any occurrence in output or files is a leak.
    static let foursquareKey = "FSQKEY-7f3a9c51d2e84b06a1c3e5f7"
    /// A Google key that appears nowhere else.
    static let googleKey = "GOOGKEY-4b8e2d7a9c0f1e35b6d2a8c4"

    var foursquare: FakeProvider?
    var google: FakeProvider?
    var overpass: FakeProvider?
    /// Extra environment (e.g. an endpoint of a raw TCP server instead of a loopback fake).
    var extraEnvironment: [String: String] = [:]

    var all: [FakeProvider] { [foursquare, google, overpass].compactMap { $0 } }

    /// `--providers` value naming every fake (and any provider pointed elsewhere by
    /// ``extraEnvironment``).
    var providerList: String {
        var ids = all.map(\.kind.rawValue)
        if extraEnvironment["VENUES_FOURSQUARE_URL"] != nil { ids.append("fsq") }
        if extraEnvironment["VENUES_GOOGLE_PLACES_URL"] != nil { ids.append("google") }
        if extraEnvironment["VENUES_OVERPASS_URL"] != nil { ids.append("osm") }
        return ProviderOrder.sorted(ids).joined(separator: ",")
    }

    /// The sandbox environment with both fake keys and every fake's endpoint.
    func environment(home: URL) -> [String: String] {
        var extra = [
            "FOURSQUARE_API_KEY": Self.foursquareKey,
            "GOOGLE_PLACES_API_KEY": Self.googleKey,
        ]
        for fake in all { extra[fake.endpoint.name] = fake.endpoint.value }
        extra.merge(extraEnvironment) { $1 }
        return VenuesProcess.environment(home: home, extra)
    }

    func stop() async {
        for fake in all { await fake.stop() }
    }
}

/// Provider ids in the order the registry lists them.
enum ProviderOrder {
    static func sorted(_ ids: [String]) -> [String] {
        let order = ["fsq", "google", "osm"]
        return Array(Set(ids)).sorted { (order.firstIndex(of: $0) ?? 9) < (order.firstIndex(of: $1) ?? 9) }
    }
}
