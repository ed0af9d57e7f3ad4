import Foundation
import Testing
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesHTTP
import VenuesMerge

/// An HTTP client that records what it was asked to send and answers nothing.
private final class RefusingClient: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL] = []
    var sent: [URL] { lock.withLock { urls } }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        lock.withLock { urls.append(request.url) }
        throw .unreachable("test client: no network")
    }
}

@Suite("ProviderRegistry: configuration to providers")
struct ProviderRegistryTests {
    static func configuration(foursquareURL: String? = nil, googleURL: String? = nil) -> VenuesConfiguration {
        var configuration = VenuesConfiguration(catalog: ProviderRegistry.standard.catalog)
        configuration[.foursquare].set("apiKey", .secret("fsq-key"))
        configuration[.google].set("apiKey", .secret("google-key"))
        configuration[.foursquare].set("url", foursquareURL.map { .text($0) })
        if let googleURL { configuration[.google].set("url", .text(googleURL)) }
        return configuration
    }

    @Test(
        "a plain http endpoint that is not loopback is refused, naming the setting",
        arguments: [
            (ProviderID.foursquare, "VENUES_FOURSQUARE_URL / foursquare.url"),
            (ProviderID.google, "VENUES_GOOGLE_PLACES_URL / google.url"),
        ]
    )
    func plainHTTPElsewhereIsRefused(_ id: ProviderID, _ setting: String) throws {
        let configuration = Self.configuration(
            foursquareURL: "http://places.example.com",
            googleURL: "http://places.example.com"
        )
        let client = RefusingClient()
        let result = ProviderRegistry.standard.make(id, configuration: configuration, httpClient: client)
        guard case .failure(let error) = result else {
            Issue.record("expected a refusal, got a provider")
            return
        }
        #expect(error.message.contains(setting), "\(error.message)")
        #expect(error.message.contains("unencrypted"))
        #expect(!error.message.contains("fsq-key") && !error.message.contains("google-key"))
        #expect(client.sent.isEmpty)
    }

    @Test(
        "https anywhere and http to loopback addresses are accepted",
        arguments: ["https://places.example.com", "http://127.0.0.1:8080", "http://localhost:9", "http://[::1]:9"]
    )
    func acceptedEndpoints(_ url: String) throws {
        let configuration = Self.configuration(foursquareURL: url, googleURL: url)
        for id in [ProviderID.foursquare, .google] {
            let result = ProviderRegistry.standard.make(id, configuration: configuration, httpClient: RefusingClient())
            #expect((try? result.get()) != nil, "\(id) at \(url): \(result)")
        }
    }

    @Test("the descriptors' merge ranks give the merge library's default order, and the configuration's")
    func mergeOrderComesFromTheDescriptors() {
        let catalog = ProviderRegistry.standard.catalog
        #expect(catalog.mergeOrder == ProviderPriority.standard.order)
        #expect(VenuesConfiguration(catalog: catalog).dedupe.priority == catalog.mergeOrder)
        #expect(catalog.ids == [.foursquare, .google, .openStreetMap, .overture])
    }

    @Test("every known provider is either usable or says which key it needs")
    func unusableReasons() {
        let empty = VenuesConfiguration(catalog: ProviderRegistry.standard.catalog)
        #expect(
            ProviderRegistry.standard.unusableReason(.foursquare, configuration: empty)?.contains("FOURSQUARE_API_KEY")
                == true
        )
        #expect(
            ProviderRegistry.standard.unusableReason(.google, configuration: empty)?.contains("GOOGLE_PLACES_API_KEY")
                == true
        )
        #expect(ProviderRegistry.standard.unusableReason(.openStreetMap, configuration: empty) == nil)
    }
}

@Suite("KeyTransport: where an API key may travel")
struct KeyTransportTests {
    @Test(arguments: [
        ("https://places.googleapis.com", true), ("http://127.0.0.1:1", true), ("http://127.10.0.3", true),
        ("http://localhost", true), ("http://[::1]:80", true), ("http://places.googleapis.com", false),
        ("http://127.0.0.1.example.com", false), ("http://10.0.0.1", false), ("ftp://127.0.0.1", false),
    ])
    func mayCarryKey(_ url: String, _ expected: Bool) throws {
        #expect(KeyTransport.mayCarryKey(to: try #require(URL(string: url))) == expected)
    }
}
