import Hummingbird

/// Responses with a JSON body.
enum JSONResponse {
    /// `status` with `text` (a JSON document) and a final newline.
    static func make(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        make(body: body(text), status: status, headers: headers)
    }

    /// `text` and a final newline, as a response body.
    static func body(_ text: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(text.utf8.count + 1)
        buffer.writeString(text)
        buffer.writeInteger(UInt8(ascii: "\n"))
        return buffer
    }

    /// `status` with a body made by ``body(_:)``.
    static func make(body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }
}
