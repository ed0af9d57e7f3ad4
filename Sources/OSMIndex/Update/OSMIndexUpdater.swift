package import Foundation
package import OSMModel
import VenuesFiles
import VenuesSQLite

/// Applies OpenStreetMap changes to an index in place (``ChangeApplier``), all or nothing.
///
/// The index is in WAL mode (schema 3): the update writes in one transaction while searches
/// read the file; a search sees the index before the update or after it, never a mixture
/// (each search reads one snapshot, see ``OSMIndexReader``). A failure or a kill before the
/// commit leaves the index as it was. The index's lock (shared with imports and removals) is
/// taken first: a second update of the same index is refused while one runs.
package enum OSMIndexUpdater {
    /// How to update.
    package struct Options: Sendable {
        /// Written to meta `updated_by`.
        package var generator: String
        /// The replication feed and sequence the index is current to after this update (meta
        /// `replication_*`); `nil` leaves them as they are.
        package var replication: OSMIndexInfo.Replication?

        /// Called with every change written, just before the commit (tests hold the update
        /// there to search the index meanwhile).
        package var beforeCommit: (@Sendable () -> Void)?
        /// The longest word lists rewritten by an update (longer ones get `word_change` rows);
        /// tests lower it to see every way of writing words on a small index.
        package var wordListRewriteLimit = 1024

        package init(
            generator: String,
            replication: OSMIndexInfo.Replication? = nil,
            beforeCommit: (@Sendable () -> Void)? = nil
        ) {
            self.generator = generator
            self.replication = replication
            self.beforeCommit = beforeCommit
        }
    }

    /// Applies `changes` to the index at `index`.
    ///
    /// Throws ``OSMIndexError/notFound(path:)``, ``OSMIndexError/busy(path:)`` while another
    /// import, update or removal holds the index, ``OSMIndexError/notUpdatable(path:reason:)``
    /// for an index of another source, ``OSMIndexError/olderSchema(path:version:)`` for one
    /// written by an earlier venues, and ``OSMIndexError/write(path:reason:)`` when writing fails.
    package static func apply(
        _ changes: OSMChangeSet,
        to index: URL,
        options: Options
    ) throws(OSMIndexError) -> OSMUpdateSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let path = index.path
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(path: path) }
        let lock: FileLock
        do {
            lock = try FileLock.acquire(at: OSMIndexFiles.lockURL(for: index), timeout: 0)
        } catch .timedOut(let lockPath, _) {
            throw .busy(path: lockPath)
        } catch {
            throw .write(path: path, reason: error.description)
        }
        defer { lock.unlock() }
        let info = try OSMIndexReader(url: index).info
        guard info.content == OSMIndexImporter.Content.openStreetMap.rawValue else {
            throw .notUpdatable(path: path, reason: "it holds \(info.content) data, not OpenStreetMap")
        }
        func failure(_ error: SQLiteError) -> OSMIndexError {
            .write(path: path, reason: error.isDiskFull ? "the disk is full" : error.message)
        }
        do {
            let connection = try SQLiteConnection(path: path, access: .readWrite)
            try connection.execute("PRAGMA busy_timeout = 10000; PRAGMA cache_size = -65536")
            guard try connection.text("PRAGMA journal_mode = WAL") == "wal" else {
                throw OSMIndexError.notUpdatable(path: path, reason: "it cannot be put in WAL mode")
            }
            try connection.execute("BEGIN IMMEDIATE")
            var committed = false
            defer { if !committed { try? connection.execute("ROLLBACK") } }
            let rows = try VenueRowEditor(connection: connection, wordListRewriteLimit: options.wordListRewriteLimit)
            let applier = ChangeApplier(
                changes: changes,
                tracking: try TrackingState(connection: connection),
                rows: rows,
                area: info.bounds
            )
            try applier.apply()
            let added = rows.added.reduce(0, +)
            let deleted = rows.deleted.reduce(0, +)
            let venues = info.venues + added - deleted
            var dataTimestamp = info.dataTimestamp
            if let newest = changes.newestTimestamp,
                dataTimestamp.map({ $0.utf8.lexicographicallyPrecedes(newest.utf8) }) ?? true
            {
                dataTimestamp = newest
            }
            let generation = info.generation + 1
            var meta: [(String, MetaValue)] = [
                ("venues", .integer(Int64(venues))),
                ("generation", .integer(generation)),
                ("updated_at", .text(ISO8601DateFormatter().string(from: Date()))),
                ("updated_by", .text(options.generator)),
            ]
            // This build's rows keep the hours bit: it stays trusted where it was (an update by a
            // build without it leaves it behind for good).
            if info.hoursBit != nil { meta.append(("hours_bit_generation", .integer(generation))) }
            for (kind, key) in ["node_venues", "way_venues", "relation_venues"].enumerated() {
                let old = info.extraMeta[key].flatMap { Int64($0) } ?? 0
                meta.append((key, .integer(old + Int64(rows.added[kind] - rows.deleted[kind]))))
            }
            if let dataTimestamp { meta.append(("data_timestamp", .text(dataTimestamp))) }
            if let replication = options.replication {
                meta.append(("replication_url", .text(replication.url)))
                meta.append(("replication_sequence", .integer(replication.sequence)))
                if let timestamp = replication.timestamp { meta.append(("replication_timestamp", .text(timestamp))) }
            }
            let insertMeta = try connection.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)")
            for (key, value) in meta {
                try insertMeta.bind(key, at: 1)
                switch value {
                case .integer(let number): try insertMeta.bind(number, at: 2)
                case .text(let text): try insertMeta.bind(text, at: 2)
                }
                try insertMeta.run()
            }
            ImportTestStop.updating.reached()
            options.beforeCommit?()
            try connection.execute("COMMIT")
            committed = true
            ImportTestStop.updated.reached()
            // Copies the new pages into the file (waiting for searches that read older ones),
            // so that the WAL stays small; a search meanwhile reads them from the WAL.
            try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            var notes: [String] = []
            if !applier.incomplete.isEmpty {
                notes.append(
                    "\(applier.incomplete.count) way(s)/relation(s) use nodes the index did not keep and the changes do not hold: placed from the nodes known (an import of the newer extract places them exactly)"
                )
            }
            if applier.withoutNodes > 0 {
                notes.append("skipped \(applier.withoutNodes) way(s)/relation(s) none of whose nodes are known")
            }
            return OSMUpdateSummary(
                index: index,
                objects: changes.count,
                elementsRead: changes.elementsRead,
                added: added,
                deleted: deleted,
                changed: rows.changed,
                venues: venues,
                dataTimestamp: dataTimestamp,
                generation: generation,
                seconds: (clock.now - start).seconds,
                notes: notes
            )
        } catch let error as OSMIndexError {
            throw error
        } catch let error as SQLiteError {
            if error.isCorrupt || error.isShortRead { throw .damaged(path: path, reason: error.message) }
            throw failure(error)
        } catch {
            throw .write(path: path, reason: "\(error)")
        }
    }

    private enum MetaValue {
        case integer(Int64)
        case text(String)
    }
}
