import ArgumentParser
import Foundation
import OSMIndex
import VenuesCLISupport
import VenuesOutput

/// `venues osm list`: the imported indexes.
struct OSMListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the imported OpenStreetMap indexes: name, area, venues, data date and how far behind, size.",
        discussion: """
            JSON (--format json) is an array of objects: name, path, bounds (minLatitude, minLongitude,
            maxLatitude, maxLongitude, or null), boundsOrigin (declared: the file's own; derived: around
            where its venues lie, the file declaring none), venues, dataTimestamp (the newest element's time),
            importedAt, source (the extract's file name) and bytes, behindSeconds (how old its data is
            now), updatedAt (the last venues osm update, or null) and replication (url, sequence and
            timestamp of the feed it follows, or null); an index that cannot be read has name, path
            and error instead.
            """
    )

    enum Format: String, CaseIterable, ExpressibleByArgument {
        case table, json
    }

    @Option(name: .long, help: ArgumentHelp("Output format: table or json.", valueName: "format"))
    var format: Format = .table

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            let directory = context.directories.osmIndexes
            let entries = OSMIndexCatalog(directory: directory).list()
            switch format {
            case .json:
                StandardOutput.write(try Self.json(entries) + "\n")
            case .table:
                guard !entries.isEmpty else {
                    StandardOutput.write(
                        "No OSM index in \(directory.path). Import an extract with: venues osm import FILE.osm\n"
                    )
                    return
                }
                StandardOutput.write(Self.table(entries) + "Directory: \(directory.path)\n")
            }
        }
    }

    struct Object: Encodable {
        struct Bounds: Encodable {
            var minLatitude: Double
            var minLongitude: Double
            var maxLatitude: Double
            var maxLongitude: Double
        }
        var name: String
        var path: String
        var bounds: Bounds?
        var venues: Int?
        /// `declared`, `derived` or `nodes` (see ``OSMIndexInfo/boundsOrigin``).
        var boundsOrigin: String?
        var dataTimestamp: String?
        var importedAt: String?
        var source: String?
        var bytes: Int?
        var behindSeconds: Int?
        var updatedAt: String?
        var replication: Replication?
        var error: String?

        /// The replication feed an index follows.
        struct Replication: Encodable {
            var url: String
            var sequence: Int64
            var timestamp: String?
        }

        enum CodingKeys: String, CodingKey {
            case name, path, bounds, boundsOrigin, venues, dataTimestamp, importedAt, source, bytes, error
            case behindSeconds, updatedAt, replication
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(path, forKey: .path)
            if let error {
                try container.encode(error, forKey: .error)
                return
            }
            try container.encode(bounds, forKey: .bounds)
            try container.encodeIfPresent(boundsOrigin, forKey: .boundsOrigin)
            try container.encode(venues, forKey: .venues)
            try container.encode(dataTimestamp, forKey: .dataTimestamp)
            try container.encode(importedAt, forKey: .importedAt)
            try container.encode(source, forKey: .source)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(behindSeconds, forKey: .behindSeconds)
            try container.encode(updatedAt, forKey: .updatedAt)
            try container.encode(replication, forKey: .replication)
        }
    }

    /// Seconds from the index's data time to `now`.
    static func behind(_ info: OSMIndexInfo, now: Date) -> Int? {
        guard let text = info.dataTimestamp, let date = ISO8601DateFormatter().date(from: text) else { return nil }
        return max(0, Int(now.timeIntervalSince(date)))
    }

    /// `3 min`, `5 h`, `2 d`, `1.5 y`.
    static func age(_ seconds: Int) -> String {
        switch seconds {
        case ..<120: "\(seconds) s"
        case ..<7_200: "\(seconds / 60) min"
        case ..<172_800: "\(seconds / 3_600) h"
        case ..<(2 * 31_557_600): "\(seconds / 86_400) d"
        default: String(format: "%.1f y", Double(seconds) / 31_557_600)
        }
    }

    static func json(_ entries: [OSMIndexCatalog.Entry], now: Date = Date()) throws -> String {
        let objects = entries.map { entry in
            switch entry.info {
            case .success(let info):
                Object(
                    name: info.name,
                    path: info.url.path,
                    bounds: info.bounds.map {
                        Object.Bounds(
                            minLatitude: $0.minLatitude,
                            minLongitude: $0.minLongitude,
                            maxLatitude: $0.maxLatitude,
                            maxLongitude: $0.maxLongitude
                        )
                    },
                    venues: info.venues,
                    boundsOrigin: info.boundsOrigin,
                    dataTimestamp: info.dataTimestamp,
                    importedAt: info.importedAt,
                    source: info.sourceName,
                    bytes: info.fileBytes,
                    behindSeconds: behind(info, now: now),
                    updatedAt: info.updatedAt,
                    replication: info.replication.map {
                        Object.Replication(url: $0.url, sequence: $0.sequence, timestamp: $0.timestamp)
                    }
                )
            case .failure(let error):
                Object(name: entry.name, path: entry.url.path, error: error.description)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(objects), as: UTF8.self)
    }

    static func table(_ entries: [OSMIndexCatalog.Entry], now: Date = Date()) -> String {
        var rows = [["Name", "Venues", "Data as of", "Behind", "Size", "Area (south,west – north,east)"]]
        var feeds: [String] = []
        for entry in entries {
            switch entry.info {
            case .success(let info):
                let area = info.bounds.map {
                    [$0.minLatitude, $0.minLongitude].map(HumanNumbers.degrees).joined(separator: ",") + " – "
                        + [$0.maxLatitude, $0.maxLongitude].map(HumanNumbers.degrees).joined(separator: ",")
                        + (info.boundsOrigin == "derived" ? " (derived: the file declares none)" : "")
                }
                rows.append([
                    info.name, HumanNumbers.grouped(info.venues), info.dataTimestamp ?? "-",
                    behind(info, now: now).map(age) ?? "-", HumanNumbers.size(info.fileBytes), area ?? "-",
                ])
                if let feed = info.replication {
                    feeds.append(
                        "\(info.name) follows \(feed.url) (sequence \(feed.sequence)\(feed.timestamp.map { ", \($0)" } ?? "")): venues osm update \(info.name)"
                    )
                }
            case .failure(let error):
                rows.append([entry.name, "-", "-", "-", "-", "unreadable: \(error.description)"])
            }
        }
        let widths = (0..<rows[0].count).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                let cell = TextSanitizer.clean(text)
                guard column < row.count - 1 else { return cell }
                let padding = String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(cell)))
                return column == 1 || column == 3 || column == 4 ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n" + feeds.map { TextSanitizer.clean($0) + "\n" }.joined()
    }
}
