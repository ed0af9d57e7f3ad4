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
        let digest = SHA256.hash(data: Array(token.utf8))
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return TokenHash(hex: String(decoding: hex, as: UTF8.self))
    }

    /// The token of an `Authorization: Bearer TOKEN` header value, or `nil` when the value is
    /// not a well-formed bearer credential.
    static func token(fromAuthorization value: String) -> String? {
        var utf8 = Substring(value).utf8
        // "Bearer", in any case, then spaces, then the token: printable ASCII without spaces.
        let scheme = Array("bearer".utf8)
        guard utf8.count > scheme.count, zip(utf8, scheme).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        utf8 = utf8.dropFirst(scheme.count)
        guard utf8.first == UInt8(ascii: " ") else { return nil }
        utf8 = utf8.drop { $0 == UInt8(ascii: " ") }
        while utf8.last == UInt8(ascii: " ") { utf8 = utf8.dropLast() }
        guard !utf8.isEmpty, utf8.count <= 256, utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(Substring(utf8))
    }
}
