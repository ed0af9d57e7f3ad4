import Foundation
import Testing

@testable import OSMReplication

@Suite("Feed URLs: https, or http on this machine; checked before any request")
struct FeedURLTests {
    @Test(
        "plain http to another host is refused before any request",
        arguments: [
            "http://planet.openstreetmap.org/replication/minute", "http://10.0.0.1/feed", "http://127.example.org/feed",
            "http://128.0.0.1/feed", "HTTP://download.geofabrik.de/europe/finland-updates",
        ]
    )
    func plainHTTPRefused(text: String) async throws {
        let client = RecordingClient()
        let url = try #require(URL(string: text))
        let error = #expect(throws: ReplicationError.self) {
            let feed = try ReplicationFeed(url: url, client: client)
            _ = feed
        }
        guard case .insecureURL = error else {
            Issue.record("expected insecureURL, got \(String(describing: error))")
            return
        }
        #expect(client.requests.isEmpty)
    }

    @Test(
        "file://, other schemes, no host, a query or a fragment are refused",
        arguments: [
            "file:///srv/replication/minute", "ftp://example.org/minute", "https:///minute",
            "https://example.org/minute?x=1", "https://example.org/minute#top", "replication/minute",
        ]
    )
    func otherURLsRefused(text: String) throws {
        let client = RecordingClient()
        let url = try #require(URL(string: text))
        let error = #expect(throws: ReplicationError.self) {
            _ = try ReplicationFeed(url: url, client: client)
        }
        guard case .invalidURL = error else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
    }

    @Test(
        "https anywhere, http on loopback",
        arguments: [
            "https://planet.openstreetmap.org/replication/minute", "http://127.0.0.1:8080/minute",
            "http://127.1.2.3/minute", "http://[::1]:8080/minute", "http://localhost:8080/minute",
        ]
    )
    func accepted(text: String) throws {
        let feed = try ReplicationFeed(url: try #require(URL(string: text)), client: RecordingClient())
        #expect(feed.url.absoluteString == text)
    }

    @Test("a trailing / or /state.txt names the same folder; files lie below it")
    func folderAndFiles() throws {
        for text in [
            "https://example.org/replication/minute", "https://example.org/replication/minute/",
            "https://example.org/replication/minute/state.txt",
        ] {
            let feed = try ReplicationFeed(url: try #require(URL(string: text)), client: RecordingClient())
            #expect(feed.url.absoluteString == "https://example.org/replication/minute", "\(text)")
            #expect(
                try feed.stateURL(sequence: 6_123_456).absoluteString
                    == "https://example.org/replication/minute/006/123/456.state.txt"
            )
            #expect(
                try feed.changeFileURL(sequence: 6_123_456).absoluteString
                    == "https://example.org/replication/minute/006/123/456.osc.gz"
            )
        }
    }

    @Test("a user name and password never show in an error or the redacted URL")
    func credentialsHidden() throws {
        let url = try #require(URL(string: "http://osmuser:hunter2secret@example.org/minute"))
        let error = #expect(throws: ReplicationError.self) {
            _ = try ReplicationFeed(url: url, client: RecordingClient())
        }
        let text = try #require(error).description
        #expect(!text.contains("hunter2secret"))
        #expect(!text.contains("osmuser"))
        #expect(text.contains("***@example.org"))
        let feed = try ReplicationFeed(
            url: try #require(URL(string: "https://osmuser:hunter2secret@example.org/minute")),
            client: RecordingClient()
        )
        #expect(!feed.redactedURL.contains("hunter2secret"))
    }
}
