public import Foundation

/// One plain HTTP/1.1 request to a loopback server, blocking (`Connection: close`; chunked or
/// sized bodies): how a browser test asks an API what the page under test should show.
public enum LoopbackHTTP {
    public struct Response: Sendable {
        public var status: Int
        /// Header fields, names lowercased.
        public var headers: [String: String]
        public var body: Data
    }

    public enum HTTPError: Error {
        case notLoopback(URL)
        case malformed(String)
    }

    public static func request(
        _ method: String = "GET",
        _ url: URL,
        headers: [String: String] = [:],
        timeout: TimeInterval = 60
    ) throws -> Response {
        guard url.host == "127.0.0.1", let port = url.port else { throw HTTPError.notLoopback(url) }
        let socket = try LoopbackSocket(port: UInt16(port), timeout: timeout)
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try socket.write(Array((head + "\r\n").utf8))
        let raw = try socket.readToEnd()
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: Array("\r\n\r\n".utf8)) }) else {
            throw HTTPError.malformed("no end of headers")
        }
        let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw HTTPError.malformed(lines[0]) }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(raw[(end + 4)...])
        if fields["transfer-encoding"]?.lowercased() == "chunked" { body = try unchunked(body) }
        return Response(status: status, headers: fields, body: Data(body))
    }

    private static func unchunked(_ bytes: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].indices.first(where: { bytes[$0...].starts(with: [13, 10]) }) else {
                throw HTTPError.malformed("chunk size line")
            }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw HTTPError.malformed("chunk size \(sizeText)")
            }
            if size == 0 { break }
            let start = lineEnd + 2
            guard start + size <= bytes.count else { throw HTTPError.malformed("short chunk") }
            out += bytes[start..<start + size]
            index = start + size + 2
        }
        return out
    }
}
