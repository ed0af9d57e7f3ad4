public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP connection to 127.0.0.1, for the tests' own small clients (the DevTools
/// WebSocket, plain HTTP requests). Every read waits at most `timeout` seconds.
///
/// Blocking: use it on a thread of its own (`offCooperativePool`), never on Swift's
/// cooperative pool.
public final class LoopbackSocket {
    public enum SocketError: Error, CustomStringConvertible {
        case failed(String, Int32)
        case closed
        case timedOut

        public var description: String {
            switch self {
            case .failed(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
            case .closed: "the peer closed the connection"
            case .timedOut: "no answer within the timeout"
            }
        }
    }

    private let descriptor: Int32
    /// Bytes read but not yet consumed.
    private var buffer: [UInt8] = []

    public init(port: UInt16, timeout: TimeInterval) throws {
        #if canImport(Glibc)
        let kind = Int32(SOCK_STREAM.rawValue)
        #else
        let kind = SOCK_STREAM
        #endif
        descriptor = socket(AF_INET, kind, 0)
        guard descriptor >= 0 else { throw SocketError.failed("socket", errno) }
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError.failed("connect to 127.0.0.1:\(port)", code)
        }
    }

    deinit { close(descriptor) }

    public func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw SocketError.failed("send", errno) }
            sent += count
        }
    }

    /// Reads more bytes into the buffer; false at the end of the stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw SocketError.timedOut }
            throw SocketError.failed("recv", errno)
        }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Exactly `count` bytes.
    public func read(count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw SocketError.closed }
        }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// The bytes up to and including `delimiter`.
    public func read(through delimiter: [UInt8]) throws -> [UInt8] {
        var searchFrom = 0
        while true {
            if buffer.count >= delimiter.count {
                for start in searchFrom...(buffer.count - delimiter.count)
                where buffer[start..<start + delimiter.count].elementsEqual(delimiter) {
                    let bytes = Array(buffer[0..<start + delimiter.count])
                    buffer.removeFirst(start + delimiter.count)
                    return bytes
                }
                searchFrom = buffer.count - delimiter.count + 1
            }
            guard try fill() else { throw SocketError.closed }
        }
    }

    /// Everything until the peer closes the connection.
    public func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffer.removeAll() }
        return buffer
    }
}
