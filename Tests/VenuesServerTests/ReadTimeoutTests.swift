import Foundation
import Testing
import VenuesServerTestSupport
import VenuesTestSupport

@Suite("Slow and idle clients cannot hold a connection")
struct ReadTimeoutTests {
    @Test("a request that never completes, one sent a byte at a time, and an idle connection are closed")
    func slowClientsAreClosed() async throws {
        let overpass = try await Fakes.overpass()
        let server = try await RunningServer.start(configuration: RunningServer.configuration(overpass: overpass)) {
            $0.readTimeout = .seconds(1)
        }
        let port = server.port
        // Half a request head, then silence.
        let halfHead = try await offCooperativePool {
            let connection = try RawConnection(port: port, timeout: 30)
            defer { connection.close() }
            try connection.write(Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
            return connection.waitForClose()
        }
        // A byte every 100 ms at most (a slow machine only sends fewer): each keeps the
        // connection busy, none completes the request. The 1 s read timeout is for the whole
        // request, so the server closes after about ten bytes; a server that only closed after a
        // second of silence would take all 400 (40 s of trickle). Counted: the bytes sent before
        // the close was seen.
        let trickleLength = 400
        let trickle = try await offCooperativePool { () -> (sent: Int, closed: Bool) in
            let connection = try RawConnection(port: port, timeout: 30)
            defer { connection.close() }
            let bytes =
                Array("GET /healthz HTTP/1.1\r\nX-Padding: ".utf8)
                + Array(repeating: UInt8(ascii: "a"), count: trickleLength - 34)
            var sent = 0
            for byte in bytes {
                if connection.isClosedByPeer { return (sent, true) }
                do {
                    try connection.write(Data([byte]))
                } catch {
                    return (sent, true)  // the server closed it
                }
                sent += 1
                Thread.sleep(forTimeInterval: 0.1)
            }
            return (sent, connection.waitForClose())
        }
        // A whole request on a kept-alive connection, then idle.
        let idle = try await offCooperativePool { () -> (answered: Bool, closed: Bool) in
            let connection = try RawConnection(port: port, timeout: 30)
            defer { connection.close() }
            try connection.write(Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            let (data, closed) = connection.readUntilClose()
            return (String(decoding: data, as: UTF8.self).hasPrefix("HTTP/1.1 200"), closed)
        }
        let stillServing = try await server.client.get("/healthz")
        await server.stop()
        await overpass.stop()

        #expect(halfHead)
        #expect(trickle.closed)
        #expect(trickle.sent < trickleLength / 2, "closed after \(trickle.sent) of \(trickleLength) bytes")
        #expect(idle.answered)
        #expect(idle.closed)
        #expect(stillServing.status == 200)
    }
}
