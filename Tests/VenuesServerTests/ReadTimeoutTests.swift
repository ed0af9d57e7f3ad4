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
        let halfHead = try await TestHTTPClient.onThread {
            let connection = try RawConnection(port: port, timeout: 30)
            defer { connection.close() }
            try connection.write(Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
            return connection.waitForClose()
        }
        // A byte every 100 ms: each keeps the connection busy, none completes the request.
        let trickle = try await TestHTTPClient.onThread { () -> Bool in
            let connection = try RawConnection(port: port, timeout: 30)
            defer { connection.close() }
            let bytes =
                Array("GET /healthz HTTP/1.1\r\nX-Padding: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 600)
            for byte in bytes {
                do {
                    try connection.write(Data([byte]))
                } catch {
                    return true  // the server closed it
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return connection.waitForClose()
        }
        // A whole request on a kept-alive connection, then idle.
        let idle = try await TestHTTPClient.onThread { () -> (answered: Bool, closed: Bool) in
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
        #expect(trickle)
        #expect(idle.answered)
        #expect(idle.closed)
        #expect(stillServing.status == 200)
    }
}
