import ArgumentParser
import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import VenuesCLISupport
import VenuesCore
import VenuesHTTP
import VenuesOutput

/// `venues osm update NAME [CHANGE-FILE…]`: applies OpenStreetMap changes to an index in place.
struct OSMUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract:
            "Apply OpenStreetMap change files (.osc, .osc.gz, .osc.bz2) to an index, or follow a replication feed.",
        discussion: """
            The index comes out as an import of the newer extract would make it: renamed, retagged,
            moved, new and deleted venues, and ways and relations whose nodes moved. The update is
            all or nothing (a broken file changes nothing), searches meanwhile answer from the index
            as it was until it is done, and a second update of the same index is refused while one
            runs.

            With change files, they are applied in the order given. Without, the index follows a
            replication directory laid out as planet.osm.org's and Geofabrik's (state.txt,
            AAA/BBB/CCC.osc.gz): --replication URL the first time (the sequence the index is current
            to comes from --sequence, from the PBF file it was imported from, or from its data time),
            and then just `venues osm update NAME` until it is up to date.

            Examples:
              venues osm update helsinki 6123456.osc.gz 6123457.osc.gz
              venues osm update finland --replication https://download.geofabrik.de/europe/finland-updates
              venues osm update finland
            """
    )

    @Argument(help: ArgumentHelp("The index's name (see venues osm list).", valueName: "name"))
    var name: String

    @Argument(help: ArgumentHelp("OsmChange files, applied in order.", valueName: "change-file"), completion: .file())
    var changeFiles: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Follow this replication directory (https; kept for later updates).", valueName: "url")
    )
    var replication: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The replication sequence the index is current to (default: kept, or from the import).",
            valueName: "n"
        )
    )
    var sequence: Int64?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Fetch at most about this much of change files in one run (bytes, or with k, M, G; default 1G).",
            valueName: "size"
        )
    )
    var maxSize: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if !changeFiles.isEmpty, replication != nil || sequence != nil || maxSize != nil {
            throw ValidationError("give change files, or --replication/--sequence/--max-size, not both")
        }
        if let sequence, sequence < 0 { throw ValidationError("--sequence must be 0 or more") }
        if let maxSize, ByteSize.parse(maxSize) == nil {
            throw ValidationError("--max-size must be a size such as 500M or 2G, not '\(maxSize)'")
        }
    }

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            let index: URL
            do {
                index = try OSMIndexCatalog(directory: context.directories.osmIndexes).url(forName: name)
            } catch let error as OSMIndexError {
                throw CommandFailure(error.description)
            }
            guard FileManager.default.fileExists(atPath: index.path) else {
                throw CommandFailure(
                    "no OSM index named \(name) in \(context.directories.osmIndexes.path) (see venues osm list)"
                )
            }
            if changeFiles.isEmpty {
                guard !context.offline else {
                    throw CommandFailure(
                        "offline (--offline or the configuration): a replication feed cannot be fetched; give change files instead"
                    )
                }
                try await ReplicationUpdate(
                    index: index,
                    name: name,
                    url: replication,
                    sequence: sequence,
                    maxBytes: maxSize.flatMap(ByteSize.parse) ?? ByteSize.gibibyte,
                    context: context
                ).run()
                return
            }
            let files = try changeFiles.map { try IndexImportTarget.source($0) }
            let summary = try await Self.apply(files: files, to: index, replication: nil)
            StandardOutput.write(Self.report(summary, name: name))
        }
    }

    /// Reads `files` and applies them to `index` off the cooperative pool.
    static func apply(
        files: [URL],
        to index: URL,
        replication: OSMIndexInfo.Replication?
    ) async throws -> OSMUpdateSummary {
        do {
            return try await onThreadOfItsOwn(named: "venues.import") { () throws(any Error) in
                var changes = OSMChangeSet()
                try OSMChangeFiles.read(files, into: &changes)
                return try OSMIndexUpdater.apply(
                    changes,
                    to: index,
                    options: .init(generator: "venues \(VenuesVersion.current)", replication: replication)
                )
            }
        } catch let error as OSMFileError {
            throw CommandFailure("update of \(index.path) failed, nothing changed: \(error.description)")
        } catch let error as OSMIndexError {
            throw CommandFailure("update of \(index.path) failed, nothing changed: \(error.description)")
        }
    }

    /// The summary printed when an update is done.
    static func report(_ summary: OSMUpdateSummary, name: String, sequence: Int64? = nil) -> String {
        var line =
            "Updated \(name): \(HumanNumbers.grouped(summary.added)) venue(s) added, "
            + "\(HumanNumbers.grouped(summary.deleted)) deleted, \(HumanNumbers.grouped(summary.changed)) changed, "
            + "from \(HumanNumbers.grouped(summary.objects)) changed object(s) in \(HumanNumbers.seconds(summary.seconds)); "
            + "\(HumanNumbers.grouped(summary.venues)) venues"
        if let date = summary.dataTimestamp { line += ", data as of \(date)" }
        if let sequence { line += " (sequence \(sequence))" }
        var lines = [line + "."]
        lines += summary.notes.map { "Note: \($0)." }
        return lines.joined(separator: "\n") + "\n"
    }
}
