import Foundation
import Hummingbird

/// An error answer: `{"error": {"kind": "…", "message": "…"}}` with its status (and headers
/// such as `Retry-After` or `WWW-Authenticate`).
struct APIError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    /// A stable machine-readable name: `badRequest`, `unauthorized`, `notFound`,
    /// `notAcceptable`, `payloadTooLarge`, `rateLimited`, `storeUnavailable`, `noProviderAnswered`,
    /// `internal`.
    var kind: String
    /// What happened and what is accepted, for people.
    var message: String
    var headers: HTTPFields = [:]

    static func badRequest(_ message: String) -> APIError {
        APIError(status: .badRequest, kind: "badRequest", message: message)
    }

    static func unauthorized(_ message: String) -> APIError {
        APIError(
            status: .unauthorized,
            kind: "unauthorized",
            message: message,
            headers: [.wwwAuthenticate: #"Bearer realm="venues""#]
        )
    }

    static func notFound(_ message: String) -> APIError {
        APIError(status: .notFound, kind: "notFound", message: message)
    }

    static func payloadTooLarge() -> APIError {
        APIError(
            status: .contentTooLarge,
            kind: "payloadTooLarge",
            message: "the request body is larger than \(ServerLimits.maximumBodyBytes / 1024) KiB"
        )
    }

    /// 429 `rateLimited`, always with `Retry-After` (whole seconds): `retryAfter`, or when the
    /// provider that refused said nothing, the pause the server leaves it alone for
    /// (``RateLimitPauses/standardPause``).
    static func rateLimited(_ message: String, retryAfter: Double?) -> APIError {
        let seconds = max(0, retryAfter ?? RateLimitPauses.standardPause)
        let headers: HTTPFields = [.retryAfter: String(Int(seconds.rounded(.up)))]
        return APIError(status: .tooManyRequests, kind: "rateLimited", message: message, headers: headers)
    }

    static func storeUnavailable(_ reason: String) -> APIError {
        APIError(
            status: .serviceUnavailable,
            kind: "storeUnavailable",
            message: "the server's store is unavailable: \(reason)"
        )
    }

    static func internalError() -> APIError {
        APIError(status: .internalServerError, kind: "internal", message: "the server failed; see its log")
    }

    /// The error another part of Hummingbird threw, in this shape.
    init(_ error: any HTTPResponseError) {
        switch error.status {
        case .notFound: self = .notFound("no such route")
        case .contentTooLarge: self = .payloadTooLarge()
        case .methodNotAllowed:
            self.init(status: .methodNotAllowed, kind: "methodNotAllowed", message: "method not allowed")
        case let status where status.kind == .clientError:
            self.init(status: status, kind: "badRequest", message: status.reasonPhrase)
        default: self = .internalError()
        }
    }

    init(status: HTTPResponse.Status, kind: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.kind = kind
        self.message = message
        self.headers = headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response()
    }

    /// The response.
    func response() -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    private var body: [UInt8] {
        struct Envelope: Encodable {
            struct Detail: Encodable {
                var kind: String
                var message: String
            }
            var error: Detail
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Envelope(error: .init(kind: kind, message: message)))) ?? Data()
        return Array(data) + [0x0A]
    }
}
