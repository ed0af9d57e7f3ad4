public import Foundation
public import VenuesHTTP

extension FoursquareProvider {
    /// How to reach Foursquare: which API generation, where, with which key, and how far to page.
    ///
    /// Defaults: the Places API version 2025-06-17 on `https://places-api.foursquare.com`, at
    /// most 5 pages per search, the standard retry policy. Choosing ``API/v3`` without a base
    /// URL uses the legacy host `https://api.foursquare.com`.
    ///
    /// The key never appears in ``description``, in a mirror of this value, in URLs, in
    /// errors or in notes.
    public struct Configuration: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The API generation to speak.
        public enum API: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
            /// The Places API on `places-api.foursquare.com`, version header `2025-06-17`, bearer
            /// service key. The only one open to accounts created after 2025-06-17.
            case places20250617 = "2025-06-17"
            /// The legacy `/v3/places` API on `api.foursquare.com` with a raw `fsq3…` key.
            case v3

            /// Parses a configuration value: `2025-06-17` (also `places`, `new`) or `v3` (also
            /// `legacy`), case-insensitively.
            public init?(configValue: String) {
                switch configValue.trimmingCharacters(in: .whitespaces).lowercased() {
                case "2025-06-17", "places", "new": self = .places20250617
                case "v3", "legacy": self = .v3
                default: return nil
                }
            }

            /// The base URL used when the configuration names none.
            public var defaultBaseURL: URL {
                switch self {
                case .places20250617: URL(string: "https://places-api.foursquare.com")!
                case .v3: URL(string: "https://api.foursquare.com")!
                }
            }

            public var description: String { rawValue }
        }

        /// The scheme and host (and optional path prefix) the provider appends its paths to.
        public var baseURL: URL
        /// The Foursquare key (a service key for 2025-06-17, an `fsq3…` key for v3).
        public var apiKey: String
        /// The API generation.
        public var api: API
        /// The most pages one search may fetch (each page has at most 50 places).
        public var maxPages: Int
        /// When requests are tried again (429, 502–504, connection errors).
        public var retry: RetryPolicy

        /// The largest page size Foursquare accepts.
        public static let maxPageSize = 50
        /// The largest search radius Foursquare accepts, in metres.
        public static let maxRadius = 100_000

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - apiKey: the value of `FOURSQUARE_API_KEY`.
        ///   - api: ``API/places20250617`` (default) or ``API/v3``.
        ///   - baseURL: overrides the host (e.g. `VENUES_FOURSQUARE_URL`, a proxy or a test server);
        ///     `nil` means ``API/defaultBaseURL``.
        ///   - maxPages: the page cap per search, at least 1 (default 5).
        ///   - retry: the retry policy (default ``RetryPolicy/standard``).
        public init(
            apiKey: String,
            api: API = .places20250617,
            baseURL: URL? = nil,
            maxPages: Int = 5,
            retry: RetryPolicy = .standard
        ) {
            self.apiKey = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
            self.api = api
            self.baseURL = baseURL ?? api.defaultBaseURL
            self.maxPages = max(1, maxPages)
            self.retry = retry
        }

        /// A summary without the key: `Foursquare 2025-06-17 at https://… (key set)`.
        public var description: String {
            "Foursquare \(api) at \(Redaction.redact(url: baseURL)) (key \(apiKey.isEmpty ? "missing" : "set"))"
        }

        public var debugDescription: String { description }

        /// A mirror that shows every setting except the key.
        public var customMirror: Mirror {
            Mirror(
                self,
                children: [
                    "baseURL": Redaction.redact(url: baseURL), "api": api.rawValue,
                    "apiKey": apiKey.isEmpty ? "<missing>" : "<redacted>", "maxPages": maxPages,
                ]
            )
        }
    }
}
