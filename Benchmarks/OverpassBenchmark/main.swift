// Release-mode benchmark of the OpenStreetMap provider on a local extract.
//
//   swift run --package-path Benchmarks -c release OverpassBenchmark parse  FILE [REPEAT]
//   swift run --package-path Benchmarks -c release OverpassBenchmark nearby FILE [LAT LON RADIUS [REPEAT]]
//
// `parse`: one full streaming pass over FILE through libxml2's reader with every tag read and
// the venue filter applied (a text search whose term matches nothing, so nothing is kept and
// no second pass is needed). Prints the best wall time and MB/s.
// `nearby`: the provider's local nearby search (default 500 m around 60.171634,24.944295),
// which is what `venues nearby --providers osm` runs. Prints the best wall time, the venues
// found and the provider's notes (passes made).
// Peak RSS is measured from outside (Benchmarks/overpass.sh runs this under /usr/bin/time -v).
import Foundation
import OverpassProvider
import VenuesCore
import VenuesHTTP

struct NoNetwork: HTTPClient {
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        throw .unreachable("the benchmark uses no network")
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("OverpassBenchmark: \(message)\n".utf8))
    exit(64)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, ["parse", "nearby"].contains(arguments[0]) else {
    fail("usage: OverpassBenchmark parse FILE [REPEAT] | nearby FILE [LAT LON RADIUS [REPEAT]]")
}
let mode = arguments[0]
let file = URL(fileURLWithPath: arguments[1])
guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int else {
    fail("cannot read \(file.path)")
}
let provider = OverpassProvider(configuration: .init(endpoint: .file(file)), httpClient: NoNetwork())
let megabytes = Double(size) / 1_000_000

func measure(_ repeat: Int, _ body: () async throws -> ProviderResponse) async throws -> (Double, ProviderResponse) {
    var best = Double.infinity
    var last: ProviderResponse?
    for _ in 0..<max(1, `repeat`) {
        let start = ContinuousClock.now
        last = try await body()
        let elapsed = ContinuousClock.now - start
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return (best, last!)
}

do {
    switch mode {
    case "parse":
        let repeatCount = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
        let query = VenueQuery(
            center: try Coordinate(latitude: 60.171634, longitude: 24.944295),
            radius: 100_000,
            term: "no venue is called this 7f3a",
            limit: 10_000,
            timeout: 600
        )
        let (seconds, response) = try await measure(repeatCount) { try await provider.search(query) }
        print(
            String(
                format: "parse  %@  %.2f MB  best of %d: %.3f s  %.1f MB/s  venues %d",
                file.lastPathComponent,
                megabytes,
                repeatCount,
                seconds,
                megabytes / seconds,
                response.venues.count
            )
        )
        for note in response.notes { print("  note: \(note)") }
    default:
        let latitude = arguments.count > 2 ? Double(arguments[2]) ?? 60.171634 : 60.171634
        let longitude = arguments.count > 3 ? Double(arguments[3]) ?? 24.944295 : 24.944295
        let radius = arguments.count > 4 ? Int(arguments[4]) ?? 500 : 500
        let repeatCount = arguments.count > 5 ? Int(arguments[5]) ?? 5 : 5
        let query = VenueQuery(
            center: try Coordinate(latitude: latitude, longitude: longitude),
            radius: radius,
            limit: 100_000,
            timeout: 600
        )
        let (seconds, response) = try await measure(repeatCount) { try await provider.nearby(query) }
        let nodes = response.venues.filter { $0.id.native.hasPrefix("node/") }.count
        print(
            String(
                format: "nearby %@  %.2f MB  %d m  best of %d: %.3f s  %.1f MB/s of file  venues %d (nodes %d)",
                file.lastPathComponent,
                megabytes,
                radius,
                repeatCount,
                seconds,
                megabytes / seconds,
                response.venues.count,
                nodes
            )
        )
        for note in response.notes { print("  note: \(note)") }
    }
} catch {
    fail("\(error)")
}
