/// A file of OpenStreetMap elements read as one stream, whatever its format: OSM XML (plain,
/// gzip or bzip2) or PBF. The local index imports from any source.
///
/// A source calls `header` once, before the first element (with an empty header when the file
/// declares nothing), then `visit` for every node, way and relation in file order, and
/// `progress` now and then. The element passed to `visit` is reused: copy what you keep.
package protocol OSMElementSource {
    /// The file's name, for messages.
    var displayName: String { get }

    /// Reads the whole file, or until `visit` says ``OSMVisit/stop``.
    ///
    /// Throws ``OSMFileError`` for a file that cannot be read or is malformed (the message
    /// names the file and where: a line, or a byte offset), and ``OSMFileError/cancelled``
    /// when cancelled.
    func read(
        header: (OSMHeader) -> Void,
        progress: (OSMReadProgress) -> Void,
        visit: (inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary
}

/// What a visitor wants after an element.
package enum OSMVisit: Sendable, Hashable {
    /// Go on with the next element.
    case next
    /// End the pass here.
    case stop
}

/// How far a pass has got, for progress lines.
package struct OSMReadProgress: Sendable, Hashable {
    /// Elements read so far.
    package var elements: Int
    /// Bytes of the file consumed so far (compressed bytes for a compressed file).
    package var bytesRead: Int

    package init(elements: Int, bytesRead: Int) {
        self.elements = elements
        self.bytesRead = bytesRead
    }
}

/// What a pass over a file saw.
package struct OSMReadSummary: Sendable, Hashable {
    /// Elements read.
    package var elements = 0
    /// Whether the file listed all nodes, then all ways, then all relations.
    package var typeOrdered = true
    /// Whether the visitor stopped the pass before the end.
    package var stoppedEarly = false
    /// The newest `timestamp` of any element, when the reader was asked for them and the
    /// elements have one (ISO 8601, as written in the file).
    package var newestTimestamp: String?
    /// Bytes of the file consumed (compressed bytes for a compressed file).
    package var bytesRead = 0

    package init() {}
}
