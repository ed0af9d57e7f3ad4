public import Foundation
public import VenuesCore

/// Where an API key may travel: over `https` to any host, over plain `http` only to this
/// machine (a loopback address: tests, a local proxy). Anywhere else a plain `http` request
/// would hand the key to every network in between.
public enum KeyTransport {
    /// Whether a request to `url` may carry an API key.
    public static func mayCarryKey(to url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": true
        case "http": isLoopback(host: url.host)
        default: false
        }
    }

    /// `localhost`, an IPv4 address in 127.0.0.0/8, or `::1`.
    public static func isLoopback(host: String?) -> Bool {
        guard var host = host?.lowercased(), !host.isEmpty else { return false }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The refusal for a plain `http` URL that is not loopback: `setting` names what the user
    /// set (an environment variable or a configuration key).
    public static func refusal(url: URL, setting: String) -> String {
        "\(setting) '\(Redaction.redact(url: url))' would send the API key unencrypted: use https "
            + "(plain http is allowed only for loopback addresses such as 127.0.0.1)"
    }

    /// An absolute http(s) URL, or an error naming the setting.
    public static func webURL(_ text: String, setting: String) -> Result<URL, ProviderError> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            return .failure(.badRequest("\(setting) '\(text)' is not an http(s) URL"))
        }
        return .success(url)
    }

    /// An http(s) URL that an API key may be sent to: `https`, or plain `http` to a loopback
    /// address only; otherwise an error naming the setting.
    public static func keyedURL(_ text: String, setting: String) -> Result<URL, ProviderError> {
        webURL(text, setting: setting).flatMap { url in
            mayCarryKey(to: url) ? .success(url) : .failure(.badRequest(refusal(url: url, setting: setting)))
        }
    }
}
