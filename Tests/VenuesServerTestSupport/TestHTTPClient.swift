public import Foundation
import VenuesTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 response as the test client read it.
public struct TestResponse: Sendable {
    public var status: Int
    /// Header fields, names lowercased.
    public var headers: [String: String]
    public var body: Data

    /// A header's value, by name in any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    public func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw TestHTTPError.notAnObject(text)
        }
        return object
    }

    /// `error.kind` of an error body.
    public var errorKind: String? {
        ((try? json())?["error"] as? [String: Any])?["kind"] as? String
    }

    /// `error.message` of an error body.
    public var errorMessage: String? {
        ((try? json())?["error"] as? [String: Any])?["message"] as? String
    }
}

/// Why the test client failed.
public enum TestHTTPError: Error, CustomStringConvertible {
    case connect(Int32)
    case io(String)
    case malformed(String)
    case notAnObject(String)

    public var description: String {
        switch self {
        case .connect(let code): "cannot connect (errno \(code))"
        case .io(let detail): "I/O failed: \(detail)"
        case .malformed(let detail): "malformed response: \(detail)"
        case .notAnObject(let text): "not a JSON object: \(text.prefix(300))"
        }
    }
}

/// A deliberately plain HTTP/1.1 client over a blocking socket, one connection per request
/// (`Connection: close`), run on a thread of its own (never on Swift's cooperative pool, which
/// in-process servers need). It sends exactly what a test says — any method, any header, a
/// body of any size — and reads the whole answer, so tests see what goes over the wire.
public struct TestHTTPClient: Sendable {
    /// The server's port on 127.0.0.1.
    public var port: Int
    /// Sent as `Authorization: Bearer …` when set.
    public var token: String?
    /// How long a read or write may block.
    public var socketTimeout: Double = 60

    public init(port: Int, token: String? = nil) {
        self.port = port
        self.token = token
    }

    /// The same client with another token (or none).
    public func with(token: String?) -> TestHTTPClient {
        var copy = self
        copy.token = token
        return copy
    }

    /// Sends one request and reads the whole response.
    public func send(
        _ method: String = "GET",
        _ target: String,
        headers: [(String, String)] = [],
        body: Data? = nil
    ) async throws -> TestResponse {
        let request = requestBytes(method, target, headers: headers, body: body)
        let port = self.port
        let timeout = socketTimeout
        return try await offCooperativePool {
            let connection = try RawConnection(port: port, timeout: timeout)
            defer { connection.close() }
            try connection.write(request)
            return try Self.parse(try connection.readToEnd())
        }
    }

    /// `GET target`.
    public func get(_ target: String) async throws -> TestResponse {
        try await send("GET", target)
    }

    func requestBytes(_ method: String, _ target: String, headers: [(String, String)], body: Data?) -> Data {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let framed = headers.contains { ["content-length", "transfer-encoding"].contains($0.0.lowercased()) }
        if let body, !framed {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        return Data(head.utf8) + (body ?? Data())
    }

    /// Parses a whole HTTP/1.1 response (Content-Length, chunked or to the end).
    public static func parse(_ data: Data) throws -> TestResponse {
        let bytes = [UInt8](data)
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else {
            throw TestHTTPError.malformed("no end of head in \(bytes.count) bytes")
        }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw TestHTTPError.malformed("status line '\(head[0])'")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        var body = Array(bytes[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = try dechunked(body)
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            guard body.count >= length else { throw TestHTTPError.malformed("body \(body.count) of \(length) bytes") }
            body = Array(body.prefix(length))
        }
        return TestResponse(status: status, headers: headers, body: Data(body))
    }

    private static func dechunked(_ bytes: [UInt8]) throws -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstRange(of: [13, 10]) else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else {
                throw TestHTTPError.malformed("chunk size '\(sizeText)'")
            }
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else { throw TestHTTPError.malformed("short chunk") }
            output += bytes[start..<start + size]
            index = start + size + 2
        }
        return output
    }
}

/// One TCP connection to 127.0.0.1, blocking, with timeouts: for requests, and for tests that
/// send a request slowly or not at all.
public final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; reads and writes give up after `timeout` seconds.
    public init(port: Int, timeout: Double) throws {
        #if canImport(Glibc) || canImport(Musl)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw TestHTTPError.connect(errno) }
        var interval = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw TestHTTPError.connect(code)
        }
    }

    /// Writes all of `data`.
    public func write(_ data: Data) throws {
        var offset = 0
        let bytes = [UInt8](data)
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw TestHTTPError.io("write: errno \(errno)") }
            offset += written
        }
    }

    /// Reads until the peer closes the connection.
    public func readToEnd() throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return data }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw TestHTTPError.io("read: errno \(errno)") }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// The next bytes that arrive (empty once the peer has closed the connection).
    public func readSome() throws -> Data {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw TestHTTPError.io("read: errno \(errno)") }
            return Data(buffer[..<count])
        }
    }

    /// Whether the peer has closed the connection: reads (and drops) what arrives until it
    /// closes (`true`) or nothing came for the socket's timeout (`false`).
    public func waitForClose() -> Bool {
        readUntilClose().closed
    }

    /// What arrives until the peer closes the connection (`closed`), or until nothing came for
    /// the socket's timeout.
    public func readUntilClose() -> (data: Data, closed: Bool) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (data, true) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return (data, errno == ECONNRESET) }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Whether the peer has closed the connection already (a look that does not wait: `false`
    /// while it is open and has sent nothing).
    public var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count == 0 { return true }
        return count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
    }

    public func close() {
        Glibc.close(descriptor)
    }
}
