public import Foundation

/// Hides secrets in text meant for logs and messages.
public enum Redaction {
    /// Query parameter names whose values are secrets.
    public static let sensitiveQueryParameters: Set<String> = ["key", "api_key", "apikey", "token", "access_token"]

    /// Header names whose values are secrets.
    public static let sensitiveHeaders: Set<String> = [
        "authorization", "x-goog-api-key", "proxy-authorization", "cookie",
    ]

    /// The URL with the values of sensitive query parameters and any user info replaced by `***`.
    public static func redact(url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<url>"
        }
        if components.user != nil || components.password != nil {
            components.user = "***"
            components.password = nil
        }
        components.queryItems = components.queryItems?.map { item in
            sensitiveQueryParameters.contains(item.name.lowercased())
                ? URLQueryItem(name: item.name, value: "***") : item
        }
        return components.string ?? "<url>"
    }

    /// The headers as `Name: value` lines with sensitive values replaced by `***`.
    public static func redact(headers: HTTPHeaders) -> [String] {
        headers.map { field in
            sensitiveHeaders.contains(field.name.lowercased()) ? "\(field.name): ***" : "\(field.name): \(field.value)"
        }
    }

    /// Removes every occurrence of each secret from the text (for messages that echo input).
    public static func scrub(_ text: String, secrets: [String]) -> String {
        secrets.filter { $0.count >= 4 }.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }
}
