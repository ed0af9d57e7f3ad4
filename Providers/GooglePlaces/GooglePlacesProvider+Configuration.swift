public import Foundation

extension GooglePlacesProvider {
    /// How to reach Google Places (New) and what to ask it for.
    ///
    /// Defaults: base URL `https://places.googleapis.com`, no language preference (Google picks
    /// one from the region), at most 3 pages of Text Search results.
    ///
    /// ``maxPages`` is always within ``maxPagesRange`` (1…3): Google's Text Search serves at most
    /// three pages (60 places), so a larger value is lowered to 3 and a smaller one raised to 1,
    /// both in the initialiser and on assignment.
    public struct Configuration: Sendable, Hashable {
        /// The default base URL, `https://places.googleapis.com`.
        public static let defaultBaseURL = URL(string: "https://places.googleapis.com")!
        /// The default number of Text Search pages fetched at most, 3 (Google's 60-result cap).
        public static let defaultMaxPages = 3
        /// The values ``maxPages`` may take, 1…3: Text Search answers at most three pages.
        public static let maxPagesRange: ClosedRange<Int> = 1...3
        /// The environment variable the CLI reads the key from; named in `unauthorized` errors.
        public static let apiKeyEnvironmentVariable = "GOOGLE_PLACES_API_KEY"

        /// Where the API lives; the provider appends `/v1/places:searchNearby` and friends.
        /// Point it at a proxy or a test server (`VENUES_GOOGLE_PLACES_URL`).
        public var baseURL: URL
        /// The API key, sent only in the `X-Goog-Api-Key` header.
        public var apiKey: String
        /// The preferred language of names and addresses (`en`, `fi`), or `nil` for Google's default.
        public var languageCode: String?
        /// The most Text Search pages fetched for one search (each page is one billed request).
        ///
        /// Clamped to ``maxPagesRange`` (1…3) whenever it is set: Google serves at most three
        /// pages, so asking for a fourth would only bill a request that cannot return venues.
        public var maxPages: Int {
            didSet { maxPages = Configuration.clampedMaxPages(maxPages) }
        }

        /// The environment variable that overrides ``baseURL``.
        public static let baseURLEnvironmentVariable = "VENUES_GOOGLE_PLACES_URL"

        /// A configuration from `GOOGLE_PLACES_API_KEY` and, if set, `VENUES_GOOGLE_PLACES_URL`;
        /// `nil` when there is no non-empty key. Pass `ProcessInfo.processInfo.environment`.
        public init?(environment: [String: String], languageCode: String? = nil) {
            guard
                let key = environment[Configuration.apiKeyEnvironmentVariable]?
                    .trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty
            else {
                return nil
            }
            let url = environment[Configuration.baseURLEnvironmentVariable].flatMap { text in
                text.isEmpty ? nil : URL(string: text)
            }
            self.init(apiKey: key, baseURL: url, languageCode: languageCode)
        }

        /// `pages` clamped to ``maxPagesRange`` (1…3).
        public static func clampedMaxPages(_ pages: Int) -> Int {
            min(max(pages, maxPagesRange.lowerBound), maxPagesRange.upperBound)
        }

        /// Creates a configuration; `baseURL` `nil` means ``defaultBaseURL``, and `maxPages` is
        /// clamped to ``maxPagesRange`` (1…3).
        public init(
            apiKey: String,
            baseURL: URL? = nil,
            languageCode: String? = nil,
            maxPages: Int = Configuration.defaultMaxPages
        ) {
            self.apiKey = apiKey
            self.baseURL = baseURL ?? Configuration.defaultBaseURL
            self.languageCode = languageCode
            self.maxPages = Configuration.clampedMaxPages(maxPages)
        }
    }
}

extension GooglePlacesProvider.Configuration: CustomStringConvertible {
    /// A description that never shows the key.
    public var description: String {
        "GooglePlacesProvider.Configuration(baseURL: \(baseURL.absoluteString), apiKey: ***, "
            + "languageCode: \(languageCode ?? "nil"), maxPages: \(maxPages))"
    }
}
