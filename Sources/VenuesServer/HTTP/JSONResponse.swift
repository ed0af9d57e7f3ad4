import Hummingbird

/// Responses with a JSON body.
enum JSONResponse {
    /// `status` with `text` (a JSON document) and a final newline.
    static func make(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        var buffer = ByteBuffer()
        buffer.writeString(text)
        buffer.writeInteger(UInt8(ascii: "\n"))
        return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
    }
}
