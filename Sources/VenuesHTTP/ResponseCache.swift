public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Successful (200) HTTP responses kept on disk, one file per request, for a limited time.
///
/// **Key.** A request's key is the FNV-1a 128-bit hash (32 hex digits, the file name) of its
/// method, its URL with secret query parameters masked (``Redaction/redact(url:)``), the names
/// and values of its headers except the secret ones (``Redaction/sensitiveHeaders``:
/// `Authorization`, `X-Goog-Api-Key`, …) and its body. So a changed field mask, page size,
/// search term or Overpass query is a different entry, while the API key is not part of the
/// key: two keys for the same account get the same answers, and a user who switches keys
/// keeps their cache. FNV-1a is not a cryptographic hash, which a cache key does not need:
/// inputs are our own requests, 128 bits make an accidental collision negligible, and each
/// entry also records the masked request line, which must match when it is read.
///
/// **What is written.** Each entry holds the status, the response headers (without
/// `Set-Cookie` or any secret header), the body, when it was stored and the masked request
/// line — never a request header or a secret. A response whose body or headers contain one of
/// its request's secrets is not stored at all.
///
/// **Robustness.** Entries are written to a temporary file and renamed into place (mode 0600,
/// directories 0700), so readers never see half an entry. An entry that cannot be read or
/// decoded — truncated, corrupt, from another format — counts as missing and is replaced by
/// the next successful response. Failing to write the cache never fails a request.
public struct ResponseCache: Sendable {
    /// Fifteen minutes.
    public static let defaultTimeToLive: Double = 15 * 60

    /// The directory holding the entries (`<key>.json`); created when first needed.
    public let directory: URL
    /// How long, in seconds, an entry answers requests in the normal mode.
    public var timeToLive: Double
    /// The current time (injectable for tests).
    public var now: @Sendable () -> Date

    /// A cache in `directory` (for the CLI: ``DataDirectories``' `responseCache`, that is
    /// `$XDG_CACHE_HOME/venues/responses`).
    public init(
        directory: URL,
        timeToLive: Double = ResponseCache.defaultTimeToLive,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.timeToLive = timeToLive
        self.now = now
    }

    /// One stored response.
    public struct Entry: Sendable, Hashable {
        /// The masked request line (`GET https://…?key=***`) the entry answers.
        public var request: String
        /// The response status (always 200 for entries this version writes).
        public var status: Int
        /// The response headers, without cookies or secrets.
        public var headers: HTTPHeaders
        /// The response body.
        public var body: Data
        /// When the response was stored.
        public var storedAt: Date

        /// The stored response.
        public var response: HTTPResponse { HTTPResponse(status: status, headers: headers, body: body) }
    }

    /// The entry's file name without extension: 32 lowercase hex digits.
    public func key(for request: HTTPRequest) -> String {
        var hash = FNV1a128()
        hash.append("venues-response-cache-1\n")
        hash.append("\(request.method.rawValue)\n\(Redaction.redact(url: request.url))\n")
        let headers = request.headers
            .filter { !Redaction.sensitiveHeaders.contains($0.name.lowercased()) }
            .map { "\($0.name.lowercased()): \($0.value)\n" }
            .sorted()
        for header in headers { hash.append(header) }
        hash.append("\n")
        if let body = request.body { hash.append(body) }
        return hash.hexDigest
    }

    /// The file that holds (or would hold) the request's entry.
    public func fileURL(for request: HTTPRequest) -> URL {
        directory.appendingPathComponent(key(for: request) + ".json", isDirectory: false)
    }

    /// The stored entry for the request, whatever its age; `nil` when there is none or it is
    /// unreadable, corrupt or for another request.
    public func entry(for request: HTTPRequest) -> Entry? {
        guard Self.isCacheable(request), let data = try? Data(contentsOf: fileURL(for: request)),
            let stored = try? JSONDecoder().decode(StoredEntry.self, from: data),
            stored.format == StoredEntry.currentFormat,
            stored.request == request.redactedDescription,
            stored.status == 200
        else { return nil }
        return Entry(
            request: stored.request,
            status: stored.status,
            headers: HTTPHeaders(stored.headers.compactMap { $0.count == 2 ? (name: $0[0], value: $0[1]) : nil }),
            body: stored.body,
            storedAt: Date(timeIntervalSince1970: stored.storedAt)
        )
    }

    /// Whether the entry is younger than ``timeToLive`` (an entry from the future is not).
    public func isFresh(_ entry: Entry) -> Bool {
        let age = now().timeIntervalSince(entry.storedAt)
        return age >= 0 && age < timeToLive
    }

    /// The entry for the request when there is one and it is fresh.
    public func freshEntry(for request: HTTPRequest) -> Entry? {
        entry(for: request).flatMap { isFresh($0) ? $0 : nil }
    }

    /// The stored response when there is a fresh entry for the request.
    public func freshResponse(for request: HTTPRequest) -> HTTPResponse? {
        freshEntry(for: request)?.response
    }

    /// Stores a 200 response for the request, replacing any entry; anything else is ignored.
    ///
    /// - Returns: whether an entry was written. It is not when the status is not 200, when
    ///   the response contains one of the request's secrets, or when writing fails (the cache
    ///   is an optimisation: failing to fill it is never an error).
    @discardableResult
    public func store(_ response: HTTPResponse, for request: HTTPRequest) -> Bool {
        guard response.status == 200, Self.isCacheable(request) else { return false }
        let secrets = Self.secrets(of: request)
        let headers = response.headers.filter { field in
            let name = field.name.lowercased()
            return name != "set-cookie" && name != "set-cookie2" && !Redaction.sensitiveHeaders.contains(name)
        }
        for secret in secrets {
            let bytes = Data(secret.utf8)
            if response.body.range(of: bytes) != nil { return false }
            if headers.contains(where: { $0.value.contains(secret) }) { return false }
        }
        let stored = StoredEntry(
            format: StoredEntry.currentFormat,
            request: request.redactedDescription,
            status: response.status,
            headers: headers.map { [$0.name, $0.value] },
            body: response.body,
            storedAt: now().timeIntervalSince1970
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(stored) else { return false }
        return Self.writeAtomically(data, to: fileURL(for: request), directory: directory)
    }

    /// Removes every entry stored before `date`, every unreadable entry and temporary files
    /// last modified before `date` (for housekeeping); returns how many entries it removed.
    @discardableResult
    public func removeEntries(storedBefore date: Date) -> Int {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let path = directory.appendingPathComponent(name, isDirectory: false).path
            if let modified = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                modified < date
            {
                try? fileManager.removeItem(atPath: path)
            }
        }
        for name in names where name.hasSuffix(".json") {
            let url = directory.appendingPathComponent(name, isDirectory: false)
            let stored = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(StoredEntry.self, from: $0) }
            if stored.map({ $0.storedAt < date.timeIntervalSince1970 }) ?? true {
                if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
            }
        }
        return removed
    }

    /// Whether the request's URL can be masked, and so identified without its secrets (a URL
    /// that `URLComponents` cannot take apart is never cached).
    static func isCacheable(_ request: HTTPRequest) -> Bool {
        Redaction.redact(url: request.url) != "<url>"
    }

    /// The request's secret values: sensitive header values (and the token of
    /// `Authorization: Bearer …`) and sensitive query parameter values, 8 characters or longer.
    static func secrets(of request: HTTPRequest) -> [String] {
        var secrets: [String] = []
        for field in request.headers where Redaction.sensitiveHeaders.contains(field.name.lowercased()) {
            secrets.append(field.value)
            if let space = field.value.firstIndex(of: " ") {
                secrets.append(String(field.value[field.value.index(after: space)...]))
            }
        }
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        for item in items where Redaction.sensitiveQueryParameters.contains(item.name.lowercased()) {
            if let value = item.value { secrets.append(value) }
        }
        return secrets.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 8 }
    }

    /// Writes through a temporary file in the same directory and a rename.
    private static func writeAtomically(_ data: Data, to url: URL, directory: URL) -> Bool {
        if !FileManager.default.fileExists(atPath: directory.path) {
            do {
                try FileManager.default.createDirectory(
                    at: directory,
                    withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700]
                )
            } catch {
                return false
            }
        }
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        ).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let complete = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        let closed = close(descriptor) == 0
        guard complete, closed, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}

/// `write(2)`, callable where a method named `write` would shadow it.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// An entry as written to disk (JSON; the body is Base64).
private struct StoredEntry: Codable {
    static let currentFormat = 1

    var format: Int
    var request: String
    var status: Int
    /// `[name, value]` pairs, in order.
    var headers: [[String]]
    var body: Data
    /// Seconds since 1970.
    var storedAt: Double
}

/// The 128-bit FNV-1a hash (offset basis 0x6c62272e07bb014262b821756295c58d, prime 2^88 + 0x13b).
struct FNV1a128 {
    private static let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B
    private(set) var value: UInt128 = 0x6C62_272E_07BB_0142_62B8_2175_6295_C58D

    mutating func append(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt128(byte)
            value &*= Self.prime
        }
    }

    mutating func append(_ text: String) { append(text.utf8) }

    /// 32 lowercase hex digits.
    var hexDigest: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 32 - digits.count) + digits
    }
}
