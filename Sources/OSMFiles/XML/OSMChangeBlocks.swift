import Foundation
import OSMModel

/// What an OsmChange pass of ``OSMXMLReader`` knows besides the element: the block
/// (`<create>`, `<modify>`, `<delete>`) it is in, and how to say where in the XML it stopped.
///
/// The pass sets ``action`` at a block's start tag and clears it at its end tag; the visitor
/// that ``OSMChangeFile`` wraps reads it for each element. One per pass, never shared between
/// threads.
final class OSMChangeBlocks {
    /// The block being read; `nil` between blocks.
    var action: OSMChangeAction?
    /// Whether the XML was decompressed from the file, so that its byte offsets are not the
    /// file's own.
    var offsetsAreDecompressed = false

    /// ` at byte N` (` of the decompressed XML` when so), or nothing when libxml2 could not tell.
    func position(_ offset: Int?) -> String {
        guard let offset else { return "" }
        return " at byte \(offset)" + (offsetsAreDecompressed ? " of the decompressed XML" : "")
    }

    /// A malformed document: `reason`, then where.
    func failure(_ reason: String, at offset: Int?) -> OSMFileError {
        .malformed(reason + position(offset))
    }
}

@available(*, unavailable)
extension OSMChangeBlocks: Sendable {}
