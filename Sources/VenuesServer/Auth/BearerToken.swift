import Crypto
import Foundation
public import VenuesServerStore

/// Bearer tokens of the server's clients: made at random, shown once, kept only as their
/// SHA-256.
public enum BearerToken {
    /// The prefix of every token, so that one found in a file or a log is recognisable.
    public static let prefix = "venues_"

    /// A new token: the prefix and 32 random bytes in base64url (43 characters).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + base64
    }

    /// The SHA-256 of `token`'s UTF-8 bytes: what the store keeps and looks clients up by.
    public static func hash(_ token: String) -> TokenHash {
        let digest = SHA256.hash(data: Data(token.utf8))
        return TokenHash(hex: digest.map { byte in String(byte, radix: 16).leftPadded(to: 2) }.joined())
    }

    /// The token of an `Authorization: Bearer TOKEN` header value, or `nil` when the value is
    /// not a well-formed bearer credential.
    static func token(fromAuthorization value: String) -> String? {
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, token.count <= 256, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            return nil
        }
        return token
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
