package import OSMModel

/// The elements of one `OSMData` block, decoded into columns by a decoding thread and handed to
/// the visitor, element by element, on the reading thread.
///
/// Columns rather than one ``OSMElement`` per element: a block of 8,000 untagged nodes is then
/// a few arrays, not 8,000 objects to allocate on one thread and free on another. Tags are
/// indices into ``strings`` (each entry made a `String` once per block, only if used).
package struct OSMPBFBlock: Sendable {
    /// Each element's kind, in block order.
    package var kinds: [OSMElement.Kind] = []
    /// Each element's id.
    package var ids: [Int64] = []
    /// Each element's latitude and longitude in degrees (`nan` for ways and relations, and
    /// for a plain node written without them).
    package var latitudes: [Double] = []
    package var longitudes: [Double] = []
    /// Where each element's tags end in ``tagStrings`` (pairs of key and value indices), so
    /// element `i`'s are `tagEnds[i - 1] ..< tagEnds[i]` (from 0 for the first).
    package var tagEnds: [Int32] = []
    /// Key and value string indices, alternating.
    package var tagStrings: [UInt32] = []
    /// Where each element's node references end in ``nodeReferences``: a way's nodes, a
    /// relation's node members.
    package var nodeReferenceEnds: [Int32] = []
    package var nodeReferences: [Int64] = []
    /// Where each element's way references end in ``wayReferences``: a relation's way members.
    package var wayReferenceEnds: [Int32] = []
    package var wayReferences: [Int64] = []
    /// The block's string table, each entry filled only when a tag uses it.
    package var strings: [String] = []
    /// The newest element timestamp in the block, in milliseconds since 1970 (when asked for
    /// and present).
    package var newestTimestamp: Int64?
    /// Where the block's blob ends in the file (for progress).
    package var fileEnd = 0

    package init() {}

    /// The number of elements.
    package var count: Int { ids.count }

    /// Fills `element` with the block's element at `index`, as the XML reader would.
    @inline(__always)
    package func load(_ index: Int, into element: inout OSMElement) {
        let kind = kinds[index]
        element.reset(kind: kind)
        element.id = ids[index]
        if kind == .node {
            let latitude = latitudes[index]
            let longitude = longitudes[index]
            if !latitude.isNaN, !longitude.isNaN {
                element.latitude = latitude
                element.longitude = longitude
            }
        }
        let tagStart = index == 0 ? 0 : Int(tagEnds[index - 1])
        let tagEnd = Int(tagEnds[index])
        var tag = tagStart
        while tag < tagEnd {
            element.tags.append(
                key: strings[Int(tagStrings[2 * tag])],
                value: strings[Int(tagStrings[2 * tag + 1])]
            )
            tag += 1
        }
        let nodeStart = index == 0 ? 0 : Int(nodeReferenceEnds[index - 1])
        let nodeEnd = Int(nodeReferenceEnds[index])
        if nodeStart < nodeEnd {
            if kind == .way {
                element.nodeRefs.append(contentsOf: nodeReferences[nodeStart..<nodeEnd])
            } else {
                element.memberNodes.append(contentsOf: nodeReferences[nodeStart..<nodeEnd])
            }
        }
        let wayStart = index == 0 ? 0 : Int(wayReferenceEnds[index - 1])
        let wayEnd = Int(wayReferenceEnds[index])
        if wayStart < wayEnd {
            element.memberWays.append(contentsOf: wayReferences[wayStart..<wayEnd])
        }
    }
}
