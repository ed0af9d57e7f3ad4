import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on a raw TCP socket (127.0.0.1, ephemeral port) for answers that
/// FlyingFox cannot give: a body shorter than its `Content-Length` followed by a close, and
/// a huge body generated on the fly (so the test process never holds it).
///
/// Every connection reads one request head (and its body, if any), writes the scripted
/// answer and closes. Sockets have 5 s send/receive timeouts, so a client that stops reading
/// cannot hold a server thread for long; ``stop()`` ends the accept loop within ~100 ms.
final class RawTCPServer: @unchecked Sendable {
    /// What every connection is answered with.
    enum Reply: Sendable {
        /// Headers declaring `declaredLength` bytes, then only `body`, then close.
        case truncated(contentType: String, declaredLength: Int, body: Data)
        /// A 200 whose `length`-byte body is generated while it is sent (repeating `filler`).
        case huge(contentType: String, length: Int, filler: UInt8)
    }

    let port: UInt16
    private let listener: Int32
    private let reply: Reply
    private let lock = NSLock()
    private var stopped = false
    private var requestHeads: [String] = []
    private var bodyBytesSent: [Int] = []

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts listening and accepting on a background thread.
    init(reply: Reply) throws {
        self.reply = reply
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawTCPServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 32) == 0 else {
            close(descriptor)
            throw RawTCPServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The request heads received (request line and headers), in order.
    var requests: [String] {
        lock.withLock { requestHeads }
    }

    /// For each finished connection, how many body bytes were written before the client went
    /// away (or the whole body was out).
    var bodyBytesWritten: [Int] {
        lock.withLock { bodyBytesSent }
    }

    /// Stops accepting; the listening socket is closed by the accept loop.
    func stop() {
        lock.withLock { stopped = true }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let head = readRequest(connection) else { return }
        lock.withLock { requestHeads.append(head) }
        let sent: Int
        switch reply {
        case .truncated(let contentType, let declaredLength, let body):
            let header =
                "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(declaredLength)\r\n"
                + "Connection: close\r\n\r\n"
            guard write(Data(header.utf8), to: connection) else { return }
            sent = write(body, to: connection) ? body.count : 0
            // Give the client a moment to read what was sent before the close.
            usleep(50_000)
        case .huge(let contentType, let length, let filler):
            let header =
                "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\n"
                + "Connection: close\r\n\r\n"
            guard write(Data(header.utf8), to: connection) else { return }
            let chunk = Data(repeating: filler, count: 64 * 1024)
            var written = 0
            while written < length, !isStopped {
                let piece = chunk.prefix(min(chunk.count, length - written))
                guard write(piece, to: connection) else { break }
                written += piece.count
            }
            sent = written
        }
        lock.withLock { bodyBytesSent.append(sent) }
    }

    /// Reads the request head and any `Content-Length` body; the head as text.
    private func readRequest(_ connection: Int32) -> String? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let separator = Data("\r\n\r\n".utf8)
        while received.range(of: separator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
            if received.count > 1 << 20 { return nil }
        }
        let end = received.range(of: separator)!
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        let declared =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        var bodyCount = received.count - end.upperBound
        while bodyCount < declared {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bodyCount += count
        }
        return head
    }

    /// Writes all of `data`; false when the peer has gone (no SIGPIPE).
    private func write(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}

enum RawTCPServerError: Error {
    case socket(Int32)
}
