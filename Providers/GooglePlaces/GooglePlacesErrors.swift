public import Foundation
public import VenuesCore
public import VenuesHTTP

/// Maps Google's error answers onto ``ProviderError``.
///
/// Google's errors come as `{"error": {"code", "message", "status", "details": [...]}}`. The kind
/// is chosen from `status` and the `reason` of the `details` (never from the message, which
/// Google rewords):
///
/// 1. any `API_KEY_*` reason, `PERMISSION_DENIED` or `UNAUTHENTICATED` → `unauthorized`, naming
///    `GOOGLE_PLACES_API_KEY` (never its value);
/// 2. `INVALID_ARGUMENT`, `FAILED_PRECONDITION`, `OUT_OF_RANGE` → `badRequest` with Google's message;
/// 3. `RESOURCE_EXHAUSTED` → `rateLimited`, with `Retry-After` when sent;
/// 4. `UNAVAILABLE`, `INTERNAL`, `DEADLINE_EXCEEDED`, `UNKNOWN`, `DATA_LOSS` → `server`;
/// 5. `NOT_FOUND` → `notFound` for a lookup by id;
/// 6. otherwise, and for bodies that are not the envelope, the HTTP status decides: 401/403
///    `unauthorized`, 429 `rateLimited`, 5xx `server`, anything else `invalidResponse`.
///
/// Every message has the key scrubbed out, in case a proxy echoes it.
public enum GooglePlacesErrors {
    /// The error for a non-2xx answer. `lookup` is the id asked for by a Place Details call.
    public static func error(
        for response: HTTPResponse,
        apiKey: String,
        lookup: VenueID? = nil,
        now: Date = Date()
    ) -> ProviderError {
        let envelope = try? JSONDecoder().decode(GoogleErrorEnvelope.self, from: response.body)
        let status = envelope?.error.status ?? ""
        let reasons = envelope?.error.details?.compactMap(\.reason) ?? []
        let message = Redaction.scrub(
            (envelope?.error.message ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
            secrets: [apiKey]
        )
        let label = ([status] + reasons).filter { !$0.isEmpty }.joined(separator: ", ")

        if reasons.contains(where: { $0.hasPrefix("API_KEY_") }) || status == "PERMISSION_DENIED"
            || status == "UNAUTHENTICATED"
        {
            return unauthorized(label: label, message: message)
        }
        switch status {
        case "INVALID_ARGUMENT", "FAILED_PRECONDITION", "OUT_OF_RANGE":
            return .badRequest(message.isEmpty ? "Google rejected the request (\(status))" : message)
        case "RESOURCE_EXHAUSTED":
            return .rateLimited(retryAfter: response.retryAfter(now: now))
        case "UNAVAILABLE", "INTERNAL", "DEADLINE_EXCEEDED", "UNKNOWN", "DATA_LOSS":
            return .server(status: response.status, message: message.isEmpty ? status : "\(status): \(message)")
        case "NOT_FOUND" where lookup != nil:
            return .notFound(lookup!)
        default:
            break
        }
        return byHTTPStatus(response, apiKey: apiKey, lookup: lookup, label: label, message: message, now: now)
    }

    private static func unauthorized(label: String, message: String) -> ProviderError {
        var text = "Google Places refused the API key"
        if !label.isEmpty { text += " (\(label))" }
        if !message.isEmpty { text += ": \(message)" }
        text +=
            ". Check \(GooglePlacesProvider.Configuration.apiKeyEnvironmentVariable), that Places API (New) is enabled "
            + "for its project and that the key's restrictions allow it"
        return .unauthorized(text)
    }

    private static func byHTTPStatus(
        _ response: HTTPResponse,
        apiKey: String,
        lookup: VenueID?,
        label: String,
        message: String,
        now: Date
    ) -> ProviderError {
        let detail: String
        if !message.isEmpty {
            detail = label.isEmpty ? message : "\(label): \(message)"
        } else {
            detail = Redaction.scrub(snippet(response.bodyText), secrets: [apiKey])
        }
        switch response.status {
        case 401, 403:
            return unauthorized(label: label, message: message)
        case 404 where lookup != nil:
            return .notFound(lookup!)
        case 429:
            return .rateLimited(retryAfter: response.retryAfter(now: now))
        case 500...599:
            return .server(status: response.status, message: detail.isEmpty ? nil : detail)
        default:
            let what = detail.isEmpty ? "" : ": \(detail)"
            return .invalidResponse("unexpected HTTP \(response.status) from Google Places\(what)")
        }
    }

    /// The first line of a body, shortened, with control characters removed.
    private static func snippet(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let clean = String(
            String.UnicodeScalarView(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
        )
        return clean.count > 200 ? String(clean.prefix(200)) + "…" : clean
    }
}
