import Foundation
import VenuesHTTP

/// The HTTP request for an Overpass QL query: `POST` with the form body `data=<query>`.
enum OverpassRequestFactory {
    /// Two attempts at most, and only for 502/503/504 and connection errors: a busy server
    /// (504) may be asked once more, but a 429 is never retried quickly because the operator
    /// asks clients to wait at least 30 s after one.
    static let retryPolicy = RetryPolicy(
        maxAttempts: 2,
        baseDelay: 1,
        maxDelay: 5,
        retryableStatuses: [502, 503, 504],
        retriesConnectionErrors: true
    )

    /// The largest answer accepted (a 100 km radius in a city can be big), in bytes. The whole
    /// answer is held in memory (and cached), so a bigger one is refused as `invalidResponse`
    /// naming the limit; narrow the radius or add categories instead.
    static let maxResponseBytes = 32 * 1024 * 1024

    /// The request. The User-Agent (`venues/VERSION`) is added by the HTTP client.
    static func request(url: URL, query: String, timeout: Double) -> HTTPRequest {
        HTTPRequest(
            method: .post,
            url: url,
            headers: [
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept": "application/osm3s+xml, application/xml;q=0.9, */*;q=0.1",
            ],
            body: formBody(query),
            timeout: timeout,
            maxResponseBytes: maxResponseBytes,
            retry: retryPolicy
        )
    }

    /// `data=` followed by the query with every byte outside `A–Z a–z 0–9 - . _ ~`
    /// percent-encoded (so `+` is `%2B` and a space is `%20`: the server decodes `+` as a space).
    static func formBody(_ query: String) -> Data {
        Data(("data=" + percentEncoded(query)).utf8)
    }

    /// Form/URL component encoding of the UTF-8 bytes.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
