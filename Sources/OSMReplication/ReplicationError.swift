/// Why a replication feed could not be read. Every URL in a case is redacted (a user name or
/// password in it reads `***`), so the cases and their descriptions are safe to print and log.
package enum ReplicationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The feed URL is not one this client reads: not `http`/`https` (`file://` included), no
    /// host, or a query or fragment.
    case invalidURL(url: String, reason: String)
    /// Plain `http` to a host that is not this machine: the files could be changed on the way.
    case insecureURL(url: String)
    /// A sequence number that has no path on a replication server (below 0 or above 999,999,999).
    case sequenceOutOfRange(Int64)
    /// A size cap below one byte.
    case invalidLimit(Int)
    /// No connection: DNS, refused, TLS.
    case unreachable(url: String, detail: String)
    /// The server did not answer within the request's time, retries included.
    case timedOut(url: String, seconds: Double)
    /// HTTP 404 or 410. `sequence` is the sequence asked for (`nil` for `state.txt`): a server
    /// answers so for a sequence it does not have (yet, or any more).
    case notFound(url: String, sequence: Int64?)
    /// Any other answer than 200, after the retries.
    case httpStatus(url: String, status: Int)
    /// A state file that cannot be read; `line` is its line number when one line is at fault.
    case malformedState(url: String, line: Int?, reason: String)
    /// A change file that is not gzip (a web page answered with 200, or a server that undid the
    /// compression).
    case malformedChangeFile(url: String, reason: String)
    /// The answer was larger than the cap.
    case tooLarge(url: String, limit: Int)
    /// The transfer failed another way (broken connection, too many redirects).
    case transfer(url: String, detail: String)
    /// The downloaded change file could not be put in place.
    case cannotWrite(path: String, reason: String)
    /// The calling task was cancelled.
    case cancelled

    package var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            "'\(url)' is not a replication feed URL: \(reason)"
        case .insecureURL(let url):
            "'\(url)' uses plain http: use https (plain http is allowed only for loopback addresses such as 127.0.0.1)"
        case .sequenceOutOfRange(let sequence):
            "sequence \(sequence) is outside 0…999999999, the sequences a replication server can name"
        case .invalidLimit(let limit):
            "a size limit of \(limit) bytes: it must be at least 1"
        case .unreachable(let url, let detail):
            "cannot reach \(url): \(detail)"
        case .timedOut(let url, let seconds):
            "\(url) did not answer within \(Self.seconds(seconds))"
        case .notFound(let url, let sequence?):
            "no sequence \(sequence) on the replication server: \(url) answered 404 (not published yet, or removed)"
        case .notFound(let url, nil):
            "\(url) was not found (HTTP 404): is the URL the folder of a replication feed, with its state.txt?"
        case .httpStatus(let url, let status):
            "\(url) answered HTTP \(status)"
        case .malformedState(let url, let line?, let reason):
            "malformed state file \(url), line \(line): \(reason)"
        case .malformedState(let url, nil, let reason):
            "malformed state file \(url): \(reason)"
        case .malformedChangeFile(let url, let reason):
            "\(url) is not a change file: \(reason)"
        case .tooLarge(let url, let limit):
            "\(url) is larger than the limit of \(limit) bytes"
        case .transfer(let url, let detail):
            "reading \(url) failed: \(detail)"
        case .cannotWrite(let path, let reason):
            "cannot write the change file \(path): \(reason)"
        case .cancelled:
            "cancelled"
        }
    }

    /// `20 s`, `0.5 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
