public import Foundation

/// A minimal blocking WebSocket client (RFC 6455) on a loopback port: text messages, with
/// fragmented and long frames, pings answered, for the Chrome DevTools protocol. Not a general
/// client: no TLS, no extensions, and the server's handshake accept key is not checked.
public final class WebSocketClient {
    private let socket: LoopbackSocket

    public enum WebSocketError: Error, CustomStringConvertible {
        case handshake(String)
        case closedByPeer

        public var description: String {
            switch self {
            case .handshake(let response): "WebSocket handshake refused: \(response)"
            case .closedByPeer: "the WebSocket was closed by the peer"
            }
        }
    }

    /// Connects to `ws://127.0.0.1:port/path`.
    public init(port: UInt16, path: String, timeout: TimeInterval) throws {
        socket = try LoopbackSocket(port: port, timeout: timeout)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try socket.write(Array(request.utf8))
        let response = String(decoding: try socket.read(through: Array("\r\n\r\n".utf8)), as: UTF8.self)
        guard response.hasPrefix("HTTP/1.1 101") else { throw WebSocketError.handshake(response) }
    }

    /// Sends one text message in one masked frame.
    public func send(_ text: String) throws {
        try sendFrame(opcode: 0x1, payload: Array(text.utf8))
    }

    private func sendFrame(opcode: UInt8, payload: [UInt8]) throws {
        var frame: [UInt8] = [0x80 | opcode]
        let count = payload.count
        if count < 126 {
            frame.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame += [UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((UInt64(count) >> (UInt64($0) * 8)) & 0xFF) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try socket.write(frame)
    }

    /// The next whole text message (control frames are handled on the way).
    public func receive() throws -> String {
        var message: [UInt8] = []
        while true {
            let head = try socket.read(count: 2)
            let final = head[0] & 0x80 != 0
            let opcode = head[0] & 0x0F
            var length = UInt64(head[1] & 0x7F)
            if length == 126 {
                length = try socket.read(count: 2).reduce(0) { $0 << 8 | UInt64($1) }
            } else if length == 127 {
                length = try socket.read(count: 8).reduce(0) { $0 << 8 | UInt64($1) }
            }
            var mask: [UInt8]?
            if head[1] & 0x80 != 0 { mask = try socket.read(count: 4) }
            var payload = try socket.read(count: Int(length))
            if let mask { payload = payload.enumerated().map { $0.element ^ mask[$0.offset % 4] } }
            switch opcode {
            case 0x8: throw WebSocketError.closedByPeer
            case 0x9: try sendFrame(opcode: 0xA, payload: payload)
            case 0xA: break
            default:
                message += payload
                if final { return String(decoding: message, as: UTF8.self) }
            }
        }
    }
}
