import Foundation
import OSMIndex
import OSMReplication
import VenuesCLISupport
import VenuesHTTP

/// `venues osm update NAME` without change files: follows the index's replication feed from the
/// sequence its data is current to, fetching the newer change files (at most about `maxBytes`
/// of them per run) and applying them as one update.
///
/// Fetched files wait in `.NAME.sqlite.changes/` beside the index until they are applied, so
/// that a run that fails or is interrupted after fetching some resumes without fetching them
/// again.
struct ReplicationUpdate {
    var index: URL
    var name: String
    /// `--replication`: the feed to follow now (else the one the index follows).
    var url: String?
    /// `--sequence`: the sequence the index is current to (else the one it keeps, or one found).
    var sequence: Int64?
    var maxBytes: Int
    var context: CommandContext

    func run() async throws {
        let info: OSMIndexInfo
        do {
            info = try OSMIndexReader(url: index).info
        } catch {
            throw CommandFailure(error.description)
        }
        guard let text = url ?? info.replication?.url ?? info.extraMeta["source_replication_url"] else {
            throw CommandFailure(
                "the index \(name) follows no replication feed: give change files, or the feed once with --replication URL (e.g. https://download.geofabrik.de/europe/finland-updates)"
            )
        }
        guard let feedURL = URL(string: text) else {
            throw CommandFailure("--replication: '\(text)' is not a URL")
        }
        // A client of its own: the command's may answer from the response cache, and a feed's
        // state.txt must be fresh.
        let client = LoggingHTTPClient(base: CurlHTTPClient(), logger: context.logger)
        let feed: ReplicationFeed
        do {
            feed = try ReplicationFeed(url: feedURL, client: client)
        } catch {
            throw CommandFailure(error.description)
        }
        do {
            try await follow(feed, info: info)
        } catch let error as ReplicationError {
            throw CommandFailure("update of \(index.path) failed, nothing changed: \(error.description)")
        }
    }

    private func follow(_ feed: ReplicationFeed, info: OSMIndexInfo) async throws {
        let current = try await startingSequence(feed, info: info)
        let latest = try await feed.latest()
        let following = OSMIndexInfo.Replication(
            url: feed.url.absoluteString,
            sequence: current.sequence,
            timestamp: current.timestamp
        )
        guard latest.sequence > current.sequence else {
            if info.replication != following {
                // Following the feed from now on: kept, though no change is due.
                _ = try await OSMUpdateCommand.apply(files: [], to: index, replication: following)
            }
            StandardOutput.write(
                "\(name) is up to date: sequence \(current.sequence)\(current.timestamp.map { " (\($0))" } ?? "") of \(feed.redactedURL); the feed's newest is \(latest).\n"
            )
            return
        }
        let folder = changesFolder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot make \(folder.path): \(error.localizedDescription)")
        }
        var files: [URL] = []
        var bytes = 0
        var last = current.sequence
        while last < latest.sequence, bytes < maxBytes || files.isEmpty {
            let next = last + 1
            let file = folder.appendingPathComponent(String(format: "%09lld.osc.gz", next))
            if let size = Self.size(of: file) {
                bytes += size
            } else {
                bytes += try await feed.changeFile(sequence: next, to: file, maxBytes: maxBytes)
            }
            files.append(file)
            last = next
        }
        let state = last == latest.sequence ? latest : try await feed.state(sequence: last)
        let summary = try await OSMUpdateCommand.apply(
            files: files,
            to: index,
            replication: OSMIndexInfo.Replication(
                url: feed.url.absoluteString,
                sequence: last,
                timestamp: state.timestampText
            )
        )
        for file in files { try? FileManager.default.removeItem(at: file) }
        try? FileManager.default.removeItem(at: folder)
        var report = OSMUpdateCommand.report(summary, name: name, sequence: last)
        if last < latest.sequence {
            report +=
                "\(latest.sequence - last) newer sequence(s) wait (--max-size reached): run venues osm update \(name) again.\n"
        }
        StandardOutput.write(report)
    }

    /// The sequence the index is current to, and its time when known: `--sequence`; the one the
    /// index keeps for this feed; its PBF header's; else the newest at or before its data time.
    private func startingSequence(
        _ feed: ReplicationFeed,
        info: OSMIndexInfo
    ) async throws -> (sequence: Int64, timestamp: String?) {
        let feedURL = feed.url.absoluteString
        if let sequence {
            return (sequence, nil)
        }
        if let kept = info.replication, Self.sameFeed(kept.url, feedURL) {
            return (kept.sequence, kept.timestamp)
        }
        if let source = info.extraMeta["source_replication_url"], Self.sameFeed(source, feedURL),
            let sequence = info.extraMeta["source_replication_sequence"].flatMap({ Int64($0) })
        {
            return (sequence, info.extraMeta["source_timestamp"])
        }
        guard let text = info.dataTimestamp, let date = ISO8601DateFormatter().date(from: text) else {
            throw CommandFailure(
                "the index \(name) has no data time to start the feed from: give --sequence N (the sequence its data is current to)"
            )
        }
        guard let found = try await feed.sequence(atOrBefore: date) else {
            throw CommandFailure(
                "the feed \(feed.redactedURL) has no state as old as the index's data (\(text)): import a newer extract, or give --sequence N"
            )
        }
        return (found, nil)
    }

    /// Two spellings of one feed's URL (a trailing `/` or `/state.txt` aside).
    static func sameFeed(_ lhs: String, _ rhs: String) -> Bool {
        func plain(_ text: String) -> String {
            var text = text
            if text.hasSuffix("/state.txt") { text.removeLast("/state.txt".count) }
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        return plain(lhs) == plain(rhs)
    }

    /// Where fetched change files wait until they are applied.
    var changesFolder: URL { OSMIndexFiles.changesFolder(of: index) }

    private static func size(of file: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
    }
}
