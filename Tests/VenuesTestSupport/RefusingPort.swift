public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A port on 127.0.0.1 that refuses connections: a socket bound to it that does not listen, so
/// the kernel answers a connection attempt with a reset. The socket stays open until `close()`,
/// so that no other server of the test run can be given the port meanwhile. (Stopping a loopback
/// server and reusing its URL is not the same: another test's server may be handed the freed
/// port at once, and then the "closed" port answers.)
public final class RefusingPort: Sendable {
    /// The port number.
    public let port: UInt16
    private let descriptor: Int32

    /// Binds a fresh socket to an ephemeral port on 127.0.0.1 without listening.
    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RefusingPortError(code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            Glibc.close(descriptor)
            throw RefusingPortError(code: code)
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.descriptor = descriptor
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    public func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Frees the port.
    public func close() {
        Glibc.close(descriptor)
    }
}

/// Binding the refusing socket failed with this `errno`.
public struct RefusingPortError: Error {
    public var code: Int32
}
