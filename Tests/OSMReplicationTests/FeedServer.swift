import Foundation
import VenuesTestSupport

/// A loopback server laid out like planet.osm.org's `replication/minute`: `state.txt`, and
/// `AAA/BBB/CCC.state.txt` and `AAA/BBB/CCC.osc.gz` for every sequence the model has (404 for
/// the others and for any other path).
enum FeedServer {
    /// The folder the feed is served under.
    static let folder = "/replication/minute"

    /// Starts a server for `model`.
    static func start(_ model: FeedModel) async throws -> LoopbackServer {
        try await LoopbackServer.start { request in answer(request.path, model: model) }
    }

    /// The feed's URL on `server`.
    static func url(_ server: LoopbackServer) -> URL {
        server.url(folder)
    }

    /// What the server answers for `path`.
    static func answer(_ path: String, model: FeedModel) -> StubResponse {
        guard path.hasPrefix(folder + "/") else { return .text("not found", status: 404) }
        let relative = String(path.dropFirst(folder.count + 1))
        if relative == "state.txt", let text = model.stateText(model.latest) {
            return .text(text)
        }
        let parts = relative.split(separator: "/")
        guard parts.count == 3, parts.dropLast().allSatisfy({ $0.count == 3 && Int($0) != nil }) else {
            return .text("not found", status: 404)
        }
        let name = parts[2]
        let digits = name.prefix(3)
        guard digits.count == 3, let last = Int64(digits), let millions = Int64(parts[0]),
            let thousands = Int64(parts[1])
        else { return .text("not found", status: 404) }
        let sequence = millions * 1_000_000 + thousands * 1000 + last
        guard model.states[sequence] != nil else { return .text("not found", status: 404) }
        switch name.dropFirst(3) {
        case ".state.txt": return .text(model.stateText(sequence) ?? "")
        case ".osc.gz": return .data(GzipBytes.changeFile(sequence: sequence), contentType: "application/x-gzip")
        default: return .text("not found", status: 404)
        }
    }
}
