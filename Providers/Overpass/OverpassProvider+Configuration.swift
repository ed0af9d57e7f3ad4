public import Foundation
public import VenuesCore

extension OverpassProvider {
    /// Where the OpenStreetMap data comes from, and how to ask for it.
    public struct Configuration: Sendable {
        /// An Overpass interpreter on the network, a local OSM XML file searched in place, or a
        /// local index made by `venues osm import`.
        public enum Endpoint: Sendable, Hashable {
            /// An Overpass API interpreter URL (`http` or `https`), queried with `POST data=…`.
            case remote(URL)
            /// A local OSM XML file (`.osm`, `.osm.gz`, `.osm.bz2`), streamed and filtered locally
            /// with the same rules.
            case file(URL)
            /// A local index (`NAME.sqlite`, written by `venues osm import`), searched offline in
            /// milliseconds with the same rules.
            case index(URL)
        }

        /// The public instance, `https://overpass-api.de/api/interpreter`.
        public static let defaultInterpreterURL = URL(string: "https://overpass-api.de/api/interpreter")!

        /// Where to search. Default: ``Endpoint/remote(_:)`` with ``defaultInterpreterURL``.
        public var endpoint: Endpoint

        /// A directory of imported indexes (`$VENUES_DATA_DIR/osm`). Every index whose area meets
        /// a search's circle answers it (one OSM element in two is one venue, from the newer);
        /// with a remote endpoint, the endpoint is asked only when they do not together hold the
        /// whole circle. A lookup by id asks the first index that has the element. `nil` (the
        /// default, and `--no-index`) always asks the endpoint.
        public var indexDirectory: URL?

        /// Never ask a remote endpoint: a search is answered by the imported indexes that meet its
        /// circle, with a warning when they hold only part of it (`overpass.offline`). Default
        /// `false`: the remote server answers what the indexes do not wholly hold.
        public var offline: Bool

        /// How far a text search on a remote endpoint fetches the circle's venues to forgive typos
        /// and word order (``ForgivingBound``). Default ``ForgivingBound/standard``.
        public var forgivingBound: ForgivingBound

        /// Creates a configuration; the default asks the public Overpass instance.
        public init(
            endpoint: Endpoint = .remote(Configuration.defaultInterpreterURL),
            indexDirectory: URL? = nil,
            offline: Bool = false,
            forgivingBound: ForgivingBound = .standard
        ) {
            self.endpoint = endpoint
            self.indexDirectory = indexDirectory
            self.offline = offline
            self.forgivingBound = forgivingBound
        }

        /// Parses a user string (configuration file or `VENUES_OVERPASS_URL`).
        ///
        /// - `http://…` or `https://…` → ``Endpoint/remote(_:)``;
        /// - `file:///…` or a plain path (absolute, or relative to the current directory, `~`
        ///   expanded) → ``Endpoint/file(_:)``, or ``Endpoint/index(_:)`` when it ends in `.sqlite`.
        ///   The file is not opened here: a missing file is reported when a search runs, as
        ///   ``ProviderError/misconfigured(_:)`` with the message `OSM file not found: PATH` (the
        ///   resolved absolute path).
        ///
        /// Throws ``ProviderError/badRequest(_:)`` for an empty string, another URL scheme or a
        /// URL without a host.
        public static func endpoint(parsing text: String) throws(ProviderError) -> Endpoint {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                throw .badRequest(
                    "the Overpass endpoint is empty: give an http(s) interpreter URL or a path to an .osm file"
                )
            }
            if let colon = trimmed.firstIndex(of: ":"), let scheme = schemeIfURL(trimmed, colon: colon) {
                switch scheme {
                case "http", "https":
                    guard let url = URL(string: trimmed), let host = url.host, !host.isEmpty else {
                        throw .badRequest("'\(trimmed)' is not a valid Overpass interpreter URL")
                    }
                    return .remote(url)
                case "file":
                    guard let url = URL(string: trimmed), url.isFileURL, !url.path.isEmpty else {
                        throw .badRequest("'\(trimmed)' is not a valid file:// URL of an OSM XML file")
                    }
                    return localEndpoint(url.standardizedFileURL)
                default:
                    throw .badRequest(
                        "unsupported Overpass endpoint scheme '\(scheme):': use http(s):// for an interpreter, or file:// or a path for an .osm file"
                    )
                }
            }
            let expanded = (trimmed as NSString).expandingTildeInPath
            let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            return localEndpoint(URL(fileURLWithPath: expanded, relativeTo: base).standardizedFileURL.absoluteURL)
        }

        /// An index for a `.sqlite` path, else an OSM file.
        private static func localEndpoint(_ url: URL) -> Endpoint {
            url.pathExtension.lowercased() == "sqlite" ? .index(url) : .file(url)
        }

        /// The lowercased scheme when `text` starts like a URL (`letters:` followed by `//` or a
        /// non-drive path), `nil` for plain paths such as `C:\x` or `dir/a:b.osm`.
        private static func schemeIfURL(_ text: String, colon: String.Index) -> String? {
            let scheme = text[..<colon]
            guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { return nil }
            return scheme.lowercased()
        }
    }
}
