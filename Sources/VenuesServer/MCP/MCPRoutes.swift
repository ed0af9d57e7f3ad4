import Foundation
import HTTPTypes
import Hummingbird
import MCP
import VenuesHTTP
import VenuesMCP

/// `POST /mcp`: the assistants' tools over the Model Context Protocol's streamable HTTP
/// transport, answered with JSON (no session, no event stream). Behind the same bearer tokens
/// and rate limits as `/v1` (a message is one request), each tool answered by the REST route
/// that asks the same question (``ServerToolBackend``). `GET` and `DELETE` are 405: the server
/// sends no messages of its own and keeps no session to end.
struct MCPRoutes: Sendable {
    let services: ServerServices
    let routes: ServerToolBackend.Routes
    let indexDirectory: URL?

    /// The path.
    static let path = "/mcp"

    func post(_ request: Request, context: ServerRequestContext) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: ServerLimits.maximumBodyBytes)
        } catch {
            throw APIError.payloadTooLarge()
        }
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] =
                headers[field.name.canonicalName].map { "\($0), \(field.value)" }
                ?? field.value
        }
        let backend = ServerToolBackend(
            routes: routes,
            context: context,
            services: services,
            indexDirectory: indexDirectory
        )
        let answer = await VenueToolServer(backend: backend, version: VenuesVersion.current).respond(
            to: MCP.HTTPRequest(method: "POST", headers: headers, body: Data(body.readableBytesView), path: Self.path)
        )
        return Self.response(answer)
    }

    /// `GET` and `DELETE`: 405, `Allow: POST`.
    func notAllowed(_ request: Request, context: ServerRequestContext) async throws -> Response {
        var error = APIError(
            status: .methodNotAllowed,
            kind: "methodNotAllowed",
            message: "\(Self.path) takes POST only: this server sends no messages of its own and keeps no sessions"
        )
        error.headers[.allow] = "POST"
        throw error
    }

    /// The transport's answer as a Hummingbird response.
    static func response(_ answer: MCP.HTTPResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        let status = HTTPResponse.Status(code: answer.statusCode)
        guard let data = answer.bodyData else { return Response(status: status, headers: fields) }
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
