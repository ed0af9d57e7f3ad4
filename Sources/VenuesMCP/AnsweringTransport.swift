import Foundation
import Logging
import MCP

/// A transport that ends its incoming messages only once every request received has been
/// answered. The SDK's server answers each request in a task of its own and stops reading at the
/// end of its input: over standard input, a client that writes its last request and closes
/// (`echo '{…}' | venues mcp`) would otherwise get no answer.
actor AnsweringTransport: Transport {
    private let base: any Transport
    /// The ids of the requests received and not yet answered.
    private var pending: Set<String> = []
    /// Resumed when the last pending request is answered.
    private var drained: [CheckedContinuation<Void, Never>] = []

    nonisolated var logger: Logger { Logger(label: "venues.mcp", factory: { _ in SwiftLogNoOpLogHandler() }) }

    init(base: any Transport) {
        self.base = base
    }

    func connect() async throws {
        try await base.connect()
    }

    func disconnect() async {
        await base.disconnect()
    }

    func send(_ data: Data) async throws {
        try await base.send(data)
        for id in Self.ids(in: data, requests: false) { pending.remove(id) }
        if pending.isEmpty {
            for waiter in drained { waiter.resume() }
            drained = []
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let task = Task {
            do {
                for try await data in await base.receive() {
                    noteRequests(in: data)
                    continuation.yield(data)
                }
                await untilAnswered()
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func noteRequests(in data: Data) {
        pending.formUnion(Self.ids(in: data, requests: true))
    }

    private func untilAnswered() async {
        guard !pending.isEmpty else { return }
        await withCheckedContinuation { drained.append($0) }
    }

    /// The ids of the requests (`method` and `id`) or of the responses (`id`, no `method`) in a
    /// message or a batch.
    static func ids(in data: Data, requests: Bool) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: data) else { return [] }
        let messages = (json as? [Any]) ?? [json]
        return messages.compactMap { message in
            guard let object = message as? [String: Any], let id = object["id"], !(id is NSNull) else { return nil }
            guard (object["method"] != nil) == requests else { return nil }
            return "\(id)"
        }
    }
}
