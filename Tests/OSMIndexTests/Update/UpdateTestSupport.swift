import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import VenuesCore

/// Applying change files in the update tests, as `venues osm update` does.
enum UpdateTest {
    /// Reads the change files and applies them to `index`, as `venues osm update` does
    /// (blocking: call it off the pool).
    @discardableResult
    static func apply(
        files: [URL],
        to index: URL,
        wordListRewriteLimit: Int = 1024,
        beforeCommit: (@Sendable () -> Void)? = nil
    ) throws -> OSMUpdateSummary {
        var changes = OSMChangeSet()
        try OSMChangeFiles.read(files, into: &changes)
        var options = OSMIndexUpdater.Options(generator: "venues tests", beforeCommit: beforeCommit)
        options.wordListRewriteLimit = wordListRewriteLimit
        return try OSMIndexUpdater.apply(changes, to: index, options: options)
    }

    /// Applies `changes` to `index` without a file between (blocking: call it off the pool).
    @discardableResult
    static func apply(
        _ changes: [TestOSMData.Change],
        to index: URL,
        beforeCommit: (@Sendable () -> Void)? = nil
    ) throws -> OSMUpdateSummary {
        var set = OSMChangeSet()
        for change in changes {
            var element = OSMElement()
            element.reset(kind: change.element.kind)
            element.id = change.element.id
            element.latitude = change.element.latitude
            element.longitude = change.element.longitude
            for tag in change.element.tags { element.tags.append(key: tag.key, value: tag.value) }
            element.nodeRefs = change.element.nodes
            element.memberNodes = change.element.memberNodes
            element.memberWays = change.element.memberWays
            set.add(element, deleted: change.action == .delete, version: change.element.version)
        }
        return try OSMIndexUpdater.apply(
            set,
            to: index,
            options: .init(generator: "venues tests", beforeCommit: beforeCommit)
        )
    }

    /// Every venue of an index (sorted by id), as a search of the whole sample area finds them.
    static func everything(_ reader: OSMIndexReader) throws -> [Venue] {
        try reader.search(
            .init(
                center: IndexTest.helsinki,
                radius: 20_000,
                categories: [],
                selection: try OSMSelection(categories: [], term: nil),
                nearest: nil
            )
        ).venues.sorted { $0.id < $1.id }
    }

    /// The venues a search for `term` ranks first, in their order, each with how it matched.
    static func search(_ term: String, _ reader: OSMIndexReader) throws -> [String] {
        let answer = try reader.search(
            .init(
                center: IndexTest.helsinki,
                radius: 3_000,
                categories: [],
                selection: try OSMSelection(categories: [], term: term),
                nearest: nil,
                ranked: 10
            )
        )
        return IndexComparison.ranked(answer, around: IndexTest.helsinki)
    }
}
