import Foundation
import VenuesServerTestSupport

/// Waits, without a wall-clock assertion, until a condition holds (or a generous bound passes).
enum Polling {
    /// Whether `condition` became true within `bound` (checked every 20 ms).
    static func until(
        atMost bound: Duration = .seconds(60),
        _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let giveUp = ContinuousClock.now + bound
        while ContinuousClock.now < giveUp {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }

    /// The value of one sample in a Prometheus text exposition (`name{labels}`), 0 when absent.
    static func metric(_ exposition: String, _ series: String) -> Double {
        for line in exposition.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1)) ?? 0
        }
        return 0
    }

    /// The server's current value of `series`.
    static func metric(of client: TestHTTPClient, _ series: String) async throws -> Double {
        metric(try await client.with(token: nil).get("/metrics").text, series)
    }
}
