package import Foundation
package import OSMModel

/// Reads OsmChange documents (`.osc`, `.osc.gz`, `.osc.bz2`: the replication diffs of
/// planet.openstreetmap.org, the output of `osmium derive-changes`) through ``OSMXMLReader``.
///
/// ```xml
/// <osmChange version="0.6" generator="osmium/1.15.0">
///   <create><node id="1" version="1" lat="60.1" lon="24.9"><tag k="name" v="X"/></node></create>
///   <modify><way id="5" version="3"><nd ref="1"/><tag k="shop" v="bakery"/></way></modify>
///   <delete><relation id="9" version="2"/></delete>
/// </osmChange>
/// ```
///
/// Elements come in document order, each with the action of its block, its tags, references
/// (`nodeRefs`, `memberNodes`, `memberWays`), `version` and, for nodes, `lat`/`lon` (a deleted
/// node may have none). Blocks may come in any order and repeat, and the same element may come
/// several times with different versions: the visitor sees every occurrence. `<bounds>` is
/// passed over. The summary's ``OSMReadSummary/newestTimestamp`` is the newest element
/// `timestamp`.
///
/// Throws ``OSMFileError/malformed(_:)``, naming the document, for:
/// - a document whose root is not `<osmChange>` (an `.osm` extract given by mistake);
/// - malformed or truncated XML, with the byte offset where libxml2 stopped (of the
///   decompressed XML for a compressed file; a damaged compressed stream names the compressed
///   byte offset instead);
/// - an element outside a block, without a numeric id, with a non-numeric version, or a node
///   created or modified without `lat` and `lon`, with the byte offset;
/// - a DOCTYPE (refused unparsed by ``XMLPrologGuard``).
///
/// Byte offsets count from 0 and are libxml2's (`xmlByteConsumed`): for broken XML, the byte
/// where it found the fault; for a broken element, the end of its start tag (its `>` or `/>`).
///
/// Files that cannot be opened throw as ``OSMXMLReader`` does, and a raised cancellation flag
/// ``OSMFileError/cancelled``.
package enum OSMChangeFile {
    /// What a change pass collects: everything.
    static let options = OSMXMLReader.Options(tags: true, references: true, timestamps: true, versions: true)

    /// Reads the OsmChange file at `url` (plain, gzip or bzip2, told by its first bytes),
    /// calling `visit` for every element with its action, in document order, and `progress`
    /// every ``OSMXMLReader/progressInterval`` elements. The element is reused: copy what you
    /// keep.
    package static func read(
        _ url: URL,
        cancellation: CancellationFlag? = nil,
        progress: ((OSMReadProgress) -> Void)? = nil,
        visit: (OSMChangeAction, inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary {
        let blocks = OSMChangeBlocks()
        return try OSMXMLReader(options: options, cancellation: cancellation).read(
            url,
            changes: blocks,
            header: nil,
            progress: progress,
            visit: { element in visitElement(&element, in: blocks, visit) },
            malformed: { reason in "\(url.lastPathComponent) is not a readable OsmChange file: \(reason)" }
        )
    }

    /// Reads an OsmChange document in memory (an HTTP body), named `name` in messages, as
    /// ``read(_:cancellation:progress:visit:)-(URL,_,_,_)`` reads a file. Byte offsets are of
    /// `data`.
    package static func read(
        _ data: Data,
        name: String,
        cancellation: CancellationFlag? = nil,
        progress: ((OSMReadProgress) -> Void)? = nil,
        visit: (OSMChangeAction, inout OSMElement) -> OSMVisit
    ) throws(OSMFileError) -> OSMReadSummary {
        let blocks = OSMChangeBlocks()
        do {
            return try OSMXMLReader(options: options, cancellation: cancellation).read(
                data,
                documentName: name,
                changes: blocks,
                header: nil,
                progress: progress,
                visit: { element in visitElement(&element, in: blocks, visit) }
            )
        } catch .malformed(let reason) {
            throw .malformed("\(name) is not a readable OsmChange document: \(reason)")
        }
    }

    /// Hands `element` to `visit` with the action of the block it is in (the pass never hands
    /// over an element outside a block).
    private static func visitElement(
        _ element: inout OSMElement,
        in blocks: OSMChangeBlocks,
        _ visit: (OSMChangeAction, inout OSMElement) -> OSMVisit
    ) -> OSMVisit {
        guard let action = blocks.action else { return .next }
        return visit(action, &element)
    }
}
