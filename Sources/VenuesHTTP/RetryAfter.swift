public import Foundation

extension HTTPResponse {
    /// The server's `Retry-After` in seconds from now: delta-seconds or an HTTP date
    /// (RFC 9110 §10.2.3). `nil` when absent or unreadable; never negative.
    public func retryAfter(now: Date = Date()) -> Double? {
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if let seconds = Double(value), seconds.isFinite {
            return max(0, seconds)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// Parses the three date formats HTTP allows (IMF-fixdate, RFC 850, asctime).
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",
        "EEEE, dd-MMM-yy HH:mm:ss zzz",
        "EEE MMM d HH:mm:ss yyyy",
    ]

    static func parse(_ text: String) -> Date? {
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
