import Foundation
import Logging
import MCP
import Testing

@testable import VenuesMCP

/// Standard input may close right after the last request (`echo '{…}' | venues mcp`): the
/// incoming messages end only once every request has been answered.
struct AnsweringTransportTests {
    /// Yields its messages, then ends; keeps what is sent.
    actor ScriptedTransport: Transport {
        nonisolated let logger = Logger(label: "test")
        let messages: [Data]
        var sent: [Data] = []

        init(_ messages: [String]) {
            self.messages = messages.map { Data($0.utf8) }
        }

        func connect() async throws {}
        func disconnect() async {}
        func send(_ data: Data) async throws { sent.append(data) }

        func receive() -> AsyncThrowingStream<Data, any Error> {
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            for message in messages { continuation.yield(message) }
            continuation.finish()
            return stream
        }
    }

    /// What happened, in order.
    actor EventLog {
        var events: [String] = []
        func add(_ event: String) { events.append(event) }
    }

    @Test("the input ends after the last request's answer, not before; notifications are not waited for")
    func endsAfterTheAnswers() async throws {
        let base = ScriptedTransport([
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#,
            #"[{"jsonrpc":"2.0","id":"b","method":"ping"}]"#,
        ])
        let transport = AnsweringTransport(base: base)
        let events = EventLog()
        var received = 0
        for try await message in await transport.receive() {
            received += 1
            guard let text = String(data: message, encoding: .utf8), text.contains(#""id""#) else { continue }
            let reply =
                text.contains("\"id\":7")
                ? #"{"jsonrpc":"2.0","id":7,"result":{}}"# : #"{"jsonrpc":"2.0","id":"b","result":{}}"#
            Task {
                for _ in 0..<50 { await Task.yield() }
                await events.add("answered \(reply.contains("7") ? 7 : 2)")
                try await transport.send(Data(reply.utf8))
            }
        }
        await events.add("end")
        #expect(received == 3)
        let log = await events.events
        #expect(log.last == "end" && log.count == 3, "\(log)")
        #expect(await base.sent.count == 2)
    }

    @Test("ids are read from requests, responses and batches; notifications and null ids have none")
    func ids() {
        #expect(AnsweringTransport.ids(in: Data(#"{"id":1,"method":"a"}"#.utf8), requests: true) == ["1"])
        #expect(AnsweringTransport.ids(in: Data(#"{"id":1,"method":"a"}"#.utf8), requests: false) == [])
        #expect(AnsweringTransport.ids(in: Data(#"{"id":"x","result":{}}"#.utf8), requests: false) == ["x"])
        #expect(AnsweringTransport.ids(in: Data(#"{"method":"n"}"#.utf8), requests: true) == [])
        #expect(AnsweringTransport.ids(in: Data(#"{"id":null,"error":{}}"#.utf8), requests: false) == [])
        #expect(
            AnsweringTransport.ids(in: Data(#"[{"id":1,"method":"a"},{"id":2,"method":"b"}]"#.utf8), requests: true)
                == ["1", "2"]
        )
        #expect(AnsweringTransport.ids(in: Data("not json".utf8), requests: true) == [])
    }
}
