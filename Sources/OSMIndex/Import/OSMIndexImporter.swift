package import Foundation
package import OSMModel
import Synchronization
import VenuesCore
import VenuesFiles

/// Builds an index file from an OSM file, in one pass over the file.
///
/// 1. Takes the index's lock (another import of the same index is refused, not waited for)
///    and deletes what failed earlier imports left behind.
/// 2. Reads the file once (``ImportPass``) on the calling thread while ``IndexWriter`` writes a
///    temporary file beside the index on another: venue nodes go in as they are read; ways and
///    relations are placed once every node has gone by.
/// 3. Packs the position R-tree, writes the word index, writes `meta`, and checks the result
///    by opening it as a reader would.
/// 4. Renames the temporary file over the index (after syncing it to disk), so that a search
///    running meanwhile reads the old index, and an import that fails or is killed leaves the
///    old index as it was.
package enum OSMIndexImporter {
    /// What an index holds, written to meta `content`: which elements of the source are venues.
    package enum Content: String, Sendable, Hashable {
        /// OpenStreetMap: the elements the provider's rules select (``OSMSelection``) with a name.
        case openStreetMap = "openstreetmap"
        /// Overture Maps places, handed over as nodes whose tags code the place: every node with
        /// a `name` is a venue, whatever its other tags.
        case overture
    }

    /// How to import.
    package struct Options: Sendable {
        /// Written to meta `generator`, e.g. `venues 0.1.0`.
        package var generator: String
        /// Called on the reading thread now and then.
        package var progress: (@Sendable (OSMImportProgress) -> Void)?
        /// Raised to stop the import (the old index stays).
        package var cancellation: CancellationFlag?
        /// What the source holds (meta `content`); `openStreetMap` by default.
        package var content: Content
        /// More `meta` entries, written as text (a source's own counts).
        package var meta: [String: String]
        /// Called once the source has been read, for notes of the source's own to add to the
        /// summary (polygons placed at their centroid…).
        package var notes: (@Sendable () -> [String])?

        package init(
            generator: String,
            progress: (@Sendable (OSMImportProgress) -> Void)? = nil,
            cancellation: CancellationFlag? = nil,
            content: Content = .openStreetMap,
            meta: [String: String] = [:],
            notes: (@Sendable () -> [String])? = nil
        ) {
            self.generator = generator
            self.progress = progress
            self.cancellation = cancellation
            self.content = content
            self.meta = meta
            self.notes = notes
        }
    }

    /// Imports `source` (the file at `sourceFile`) into the index at `destination`.
    package static func run(
        source: some OSMElementSource,
        sourceFile: URL,
        destination: URL,
        options: Options
    ) throws(OSMIndexError) -> OSMImportSummary {
        let clock = ContinuousClock()
        let start = clock.now
        func elapsed() -> Double { (clock.now - start).seconds }
        let directory = destination.deletingLastPathComponent()
        do {
            try AtomicFileWriter.createDirectory(directory)
        } catch {
            throw .write(path: destination.path, reason: error.description)
        }
        let lock: FileLock
        do {
            lock = try FileLock.acquire(at: OSMIndexFiles.lockURL(for: destination), timeout: 0)
        } catch .timedOut(let path, _) {
            throw .busy(path: path)
        } catch {
            throw .write(path: destination.path, reason: error.description)
        }
        defer { lock.unlock() }
        var notes: [String] = []
        let removed = OSMIndexFiles.removeLeftovers(for: destination)
        if !removed.isEmpty {
            // An import leaves its index file (and, by an earlier venues, its text index's file).
            let suffix = OSMIndexFiles.textIndexSuffix
            let imports = Set(removed.map { $0.hasSuffix(suffix) ? String($0.dropLast(suffix.count)) : $0 }).count
            notes.append("removed the temporary files of \(imports) earlier import(s) that did not finish")
        }

        let temporary = OSMIndexFiles.temporaryURL(for: destination)
        var renamed = false
        defer { if !renamed { unlink(temporary.path) } }
        let sourceBytes = fileSize(sourceFile) ?? 0

        // The writer, on its own thread.
        let queue = BoundedQueue<ImportMessage>(capacity: 4)
        let writerResult = Mutex<Result<IndexWriter.Report, OSMIndexError>?>(nil)
        let writerDone = DispatchSemaphore(value: 0)
        let writer = Thread {
            let result = IndexWriter.run(path: temporary.path, destination: destination.path, queue: queue)
            writerResult.withLock { $0 = result }
            writerDone.signal()
        }
        writer.name = "venues index writer"
        writer.start()
        func waitForWriter() -> Result<IndexWriter.Report, OSMIndexError> {
            writerDone.wait()
            return writerResult.withLock { $0 } ?? .failure(.cancelled)
        }
        func abandon(_ error: OSMIndexError) -> OSMIndexError {
            queue.cancel()
            if case .failure(let writerError) = waitForWriter(), case .write = writerError { return writerError }
            return error
        }

        // Reading.
        let pass: ImportPass
        do {
            pass = try ImportPass(queue: queue, temporaryDirectory: directory, content: options.content)
        } catch {
            throw abandon(OSMIndexError(error))
        }
        var header = OSMHeader()
        let progress = options.progress
        let read: OSMReadSummary
        do {
            read = try source.read(
                header: { found in
                    header = found
                    pass.collectsCoverage = found.bounds == nil
                },
                progress: { step in
                    progress?(
                        OSMImportProgress(
                            phase: .reading,
                            bytesRead: step.bytesRead,
                            totalBytes: sourceBytes,
                            elements: step.elements,
                            venues: pass.venues,
                            seconds: elapsed()
                        )
                    )
                },
                visit: pass.visit
            )
        } catch {
            throw abandon(OSMIndexError(error))
        }
        if let failure = pass.spillFailure { throw abandon(OSMIndexError(failure)) }
        if pass.writerStopped { throw abandon(.cancelled) }
        if options.cancellation?.isCancelled == true { throw abandon(.cancelled) }
        let readingSeconds = elapsed()

        // Placing ways and relations.
        progress?(
            OSMImportProgress(
                phase: .placing,
                bytesRead: read.bytesRead,
                totalBytes: sourceBytes,
                elements: read.elements,
                venues: pass.venues,
                seconds: readingSeconds
            )
        )
        do {
            pass.flush()
            try pass.placeWaysAndRelations(cancellation: options.cancellation)
        } catch {
            throw abandon(OSMIndexError(error))
        }
        if pass.writerStopped { throw abandon(.cancelled) }
        let placingSeconds = elapsed() - readingSeconds
        progress?(
            OSMImportProgress(
                phase: .indexing,
                bytesRead: read.bytesRead,
                totalBytes: sourceBytes,
                elements: read.elements,
                venues: pass.venues,
                seconds: elapsed()
            )
        )

        // Finishing: the writer packs the indexes, writes meta and commits.
        let declared = header.bounds
        let derived = declared == nil ? CoverageCells(cells: pass.coverage) : nil
        let bounds = declared ?? derived?.bounds
        let dataTimestamp = read.newestTimestamp ?? header.timestamp
        var meta: [MetaEntry] = [
            MetaEntry("schema_version", .integer(OSMIndexSchema.version)),
            MetaEntry("generator", .text(options.generator)),
            MetaEntry("source_name", .text(sourceFile.lastPathComponent)),
            MetaEntry("source_bytes", .integer(Int64(sourceBytes))),
            MetaEntry("imported_at", .text(ISO8601DateFormatter().string(from: Date()))),
            MetaEntry("venues", .integer(Int64(pass.venues))),
            MetaEntry("node_venues", .integer(Int64(pass.nodeVenues))),
            MetaEntry("way_venues", .integer(Int64(pass.wayVenues))),
            MetaEntry("relation_venues", .integer(Int64(pass.relationVenues))),
            MetaEntry("nodes", .integer(Int64(pass.nodeCount))),
            MetaEntry("ways", .integer(Int64(pass.wayCount))),
            MetaEntry("relations", .integer(Int64(pass.relationCount))),
            MetaEntry("skipped_without_nodes", .integer(Int64(pass.withoutNodes))),
            MetaEntry("venue_rules", .text(VenueRules.fingerprint)),
            MetaEntry("category_bits", .text(VenueRules.categoryOrder.map(\.rawValue).joined(separator: ","))),
            MetaEntry("hours_bit", .integer(Int64(VenueRules.hoursBitIndex))),
            MetaEntry("hours_bit_generation", .integer(0)),
            MetaEntry("content", .text(options.content.rawValue)),
        ]
        for (key, value) in options.meta.sorted(by: { $0.key < $1.key }) { meta.append(MetaEntry(key, .text(value))) }
        if let generator = header.generator { meta.append(MetaEntry("source_generator", .text(generator))) }
        if let timestamp = header.timestamp { meta.append(MetaEntry("source_timestamp", .text(timestamp))) }
        if let url = header.replicationURL, let sequence = header.replicationSequence {
            meta.append(MetaEntry("source_replication_url", .text(url)))
            meta.append(MetaEntry("source_replication_sequence", .integer(sequence)))
        }
        if let dataTimestamp { meta.append(MetaEntry("data_timestamp", .text(dataTimestamp))) }
        meta.append(MetaEntry("bounds_origin", .text(declared != nil ? "declared" : "derived")))
        if let bounds {
            meta += [
                MetaEntry("bounds_min_latitude", .real(bounds.minLatitude)),
                MetaEntry("bounds_min_longitude", .real(bounds.minLongitude)),
                MetaEntry("bounds_max_latitude", .real(bounds.maxLatitude)),
                MetaEntry("bounds_max_longitude", .real(bounds.maxLongitude)),
            ]
        }
        if let derived { meta.append(MetaEntry("coverage_cells", .text(derived.encoded))) }
        _ = queue.put(.finish(meta))
        queue.close()
        let report: IndexWriter.Report
        switch waitForWriter() {
        case .success(let value): report = value
        case .failure(let error): throw error
        }
        if report.rows != pass.venues - report.duplicates {
            throw .write(path: destination.path, reason: "\(pass.venues) venues sent but \(report.rows) written")
        }

        // Checking: the file opens as an index and holds what was written.
        ImportTestStop.checking.reached()
        do {
            // Immutable: nobody else has the file yet, and a WAL reader would leave its -wal and
            // -shm files beside the temporary name.
            let check = try OSMIndexReader(url: temporary, immutable: true)
            guard check.info.venues == report.rows, try check.positionCount() == report.rows else {
                throw OSMIndexError.write(path: destination.path, reason: "the new index does not hold every venue")
            }
        } catch let error as OSMIndexError {
            throw .write(path: destination.path, reason: "the new index failed its check: \(error.description)")
        } catch {
            throw .write(path: destination.path, reason: "the new index failed its check: \(error)")
        }
        try syncAndRename(temporary, to: destination)
        renamed = true

        notes += options.notes?() ?? []
        if report.duplicates > 0 {
            notes.append("skipped \(report.duplicates) element(s) listed twice")
        }
        if pass.withoutNodes > 0 {
            notes.append("skipped \(pass.withoutNodes) way(s)/relation(s) none of whose nodes are in the file")
        }
        if let derived {
            notes.append(
                "the file declares no bounds: the index holds the \(derived.cellCount) cells of 1/100° where its venues lie (see docs/osm-index.md)"
            )
        }
        return OSMImportSummary(
            index: destination,
            indexBytes: fileSize(destination) ?? 0,
            source: sourceFile,
            sourceBytes: sourceBytes,
            nodeVenues: pass.nodeVenues,
            wayVenues: pass.wayVenues,
            relationVenues: pass.relationVenues,
            duplicates: report.duplicates,
            nodes: pass.nodeCount,
            ways: pass.wayCount,
            relations: pass.relationCount,
            bounds: bounds,
            dataTimestamp: dataTimestamp,
            readingSeconds: readingSeconds,
            placingSeconds: placingSeconds,
            indexingSeconds: elapsed() - readingSeconds - placingSeconds,
            seconds: elapsed(),
            notes: notes
        )
    }

    /// Flushes the new file to disk, renames it over the index, and flushes the directory, so
    /// that after a crash the index is the old one or the new one, never a mixture.
    private static func syncAndRename(_ temporary: URL, to destination: URL) throws(OSMIndexError) {
        let descriptor = open(temporary.path, O_RDONLY)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw .write(path: destination.path, reason: "cannot flush the new index to disk: \(reason)")
        }
        close(descriptor)
        ImportTestStop.renaming.reached()
        // The old file's WAL companions are its own: the new file starts without them (readers
        // of the old file keep theirs open).
        OSMIndexFiles.removeWriteAheadLog(of: destination)
        guard rename(temporary.path, destination.path) == 0 else {
            throw .write(
                path: destination.path,
                reason: "cannot rename the new index into place: \(String(cString: strerror(errno)))"
            )
        }
        ImportTestStop.renamed.reached()
        let directory = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    private static func fileSize(_ url: URL) -> Int? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }
}
