public import Foundation

extension OvertureProvider {
    /// Where the places come from and which are shown.
    public struct Configuration: Sendable {
        /// A source the endpoint setting names.
        public enum Source: Sendable, Hashable {
            /// An imported index (`.sqlite`): asked first, whatever its area.
            case index(URL)
            /// An Overture GeoJSON file (`.geojsonseq`, `.geojson`, gzip-compressed or not),
            /// read whole at every search: for small files.
            case file(URL)
        }

        /// The default smallest confidence of the places shown: 0.3. Overture gives places a
        /// confidence from 0 (certainly gone) to 1; below 0.3 most are stale or doubtful.
        public static let defaultMinimumConfidence = 0.3

        /// The index or file named by `VENUES_OVERTURE_URL` / `overture.url`, or `nil`.
        public var source: Source?
        /// The directory of imported indexes (`$VENUES_DATA_DIR/overture`): those whose area
        /// meets a search's circle answer it. `nil`: none.
        public var indexDirectory: URL?
        /// Places with a lower confidence are left out (places without one are kept).
        public var minimumConfidence: Double
        /// Whether places whose `operating_status` is not `open` (temporarily or permanently
        /// closed) are shown; by default they are left out.
        public var includeClosed: Bool

        public init(
            source: Source? = nil,
            indexDirectory: URL? = nil,
            minimumConfidence: Double = Self.defaultMinimumConfidence,
            includeClosed: Bool = false
        ) {
            self.source = source
            self.indexDirectory = indexDirectory
            self.minimumConfidence = minimumConfidence
            self.includeClosed = includeClosed
        }

        /// The source a setting names: a path (or `file://` URL) ending in `.sqlite` is an
        /// index, any other path a file; `nil` for an empty setting or another scheme.
        public static func source(parsing text: String) -> Source? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            let url: URL
            if trimmed.hasPrefix("file://") {
                guard let parsed = URL(string: trimmed), parsed.isFileURL else { return nil }
                url = parsed
            } else if trimmed.contains("://") {
                return nil
            } else {
                url = URL(fileURLWithPath: (trimmed as NSString).expandingTildeInPath)
            }
            return url.pathExtension.lowercased() == "sqlite" ? .index(url) : .file(url)
        }
    }
}
