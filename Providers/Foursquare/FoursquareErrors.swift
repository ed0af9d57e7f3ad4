public import Foundation
public import VenuesCore
public import VenuesHTTP

/// Maps Foursquare's HTTP answers onto ``ProviderError``: pure, no I/O.
///
/// Error bodies are `{"message": "…"}` (v3 and 2025-06-17; never the v2 `meta` envelope). The
/// message is carried into the error; a body without one contributes its first 200
/// characters. Every message has the API key removed, and none names it: a bad key is
/// reported as a problem with `FOURSQUARE_API_KEY`.
public enum FoursquareErrors {
    /// The environment variable users set the key in.
    public static let keyVariable = "FOURSQUARE_API_KEY"

    /// What went wrong with a non-2xx answer.
    ///
    /// - Parameters:
    ///   - response: the answer.
    ///   - lookup: the venue asked for, when this was `GET /places/{id}` (a 404 then means
    ///     ``ProviderError/notFound(_:)``).
    ///   - configuration: for the API generation (hints) and the key (to scrub it).
    public static func error(
        for response: HTTPResponse,
        lookup: VenueID? = nil,
        configuration: FoursquareProvider.Configuration
    ) -> ProviderError {
        let message = self.message(in: response.body, secret: configuration.apiKey)
        let detail = message.map { ": \($0)" } ?? ""
        switch response.status {
        case 401:
            let hint =
                configuration.api == .v3
                ? " Keys from accounts created after 2025-06-17 only work with the 2025-06-17 API (set the api to 2025-06-17)."
                : " A legacy fsq3… key needs the v3 API (set the api to v3)."
            return .unauthorized(
                "Foursquare rejected the key in \(keyVariable) (HTTP 401\(detail)). Check the key.\(hint)"
            )
        case 402:
            return .unauthorized(
                "the Foursquare account of \(keyVariable) cannot pay for this call (HTTP 402\(detail))"
            )
        case 403:
            return .unauthorized("the key in \(keyVariable) is not allowed to make this request (HTTP 403\(detail))")
        case 404:
            if let lookup { return .notFound(lookup) }
            return .badRequest(
                "Foursquare has no such endpoint (HTTP 404\(detail)); check the base URL and the api setting (\(configuration.api))"
            )
        case 429:
            return .rateLimited(retryAfter: response.retryAfter())
        case 400..<500:
            return .badRequest(message ?? "HTTP \(response.status) without a message")
        case 500..<600:
            return .server(status: response.status, message: message)
        default:
            return .invalidResponse("unexpected HTTP status \(response.status) from Foursquare\(detail)")
        }
    }

    /// The `message` of a JSON error body, else the body's text (whitespace collapsed, at most
    /// 200 characters); `nil` for an empty body. The secret is replaced by `***`.
    public static func message(in body: Data, secret: String) -> String? {
        let text: String
        if let dto = try? JSONDecoder().decode(FoursquareErrorDTO.self, from: body),
            let message = dto.message?.trimmingCharacters(in: .whitespacesAndNewlines), !message.isEmpty
        {
            text = message
        } else {
            text = excerpt(body, limit: 200)
        }
        let scrubbed = scrub(text, secret: secret)
        return scrubbed.isEmpty ? nil : scrubbed
    }

    /// The start of a body as one line: control characters and runs of whitespace become one
    /// space, cut at `limit` characters with `…`.
    static func excerpt(_ body: Data, limit: Int) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let oneLine = text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control || scalar.properties.isWhitespace ? " " : String(scalar)
        }.joined().split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return oneLine.count > limit ? String(oneLine.prefix(limit)) + "…" : oneLine
    }

    /// Replaces the key (and its `Bearer` form) by `***`, even when the key is short.
    static func scrub(_ text: String, secret: String) -> String {
        guard !secret.isEmpty else { return text }
        return text.replacingOccurrences(of: secret, with: "***")
    }

    /// Applies ``scrub(_:secret:)`` to the text of an error.
    static func scrub(_ error: ProviderError, secret: String) -> ProviderError {
        switch error {
        case .unreachable(let text): .unreachable(scrub(text, secret: secret))
        case .unauthorized(let text): .unauthorized(scrub(text, secret: secret))
        case .badRequest(let text): .badRequest(scrub(text, secret: secret))
        case .misconfigured(let text): .misconfigured(scrub(text, secret: secret))
        case .server(let status, let text): .server(status: status, message: text.map { scrub($0, secret: secret) })
        case .invalidResponse(let text): .invalidResponse(scrub(text, secret: secret))
        case .unsupported(let text): .unsupported(scrub(text, secret: secret))
        case .budgetExhausted(let text): .budgetExhausted(scrub(text, secret: secret))
        case .timedOut, .rateLimited, .notFound, .cancelled: error
        }
    }
}
