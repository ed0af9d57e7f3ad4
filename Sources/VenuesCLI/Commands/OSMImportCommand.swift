import ArgumentParser
import Foundation
import OSMFiles
import OSMIndex
import OSMModel
import Synchronization
import VenuesCLISupport
import VenuesCore
import VenuesHTTP
import VenuesOutput

/// `venues osm import FILE`: reads an extract once into `$VENUES_DATA_DIR/osm/NAME.sqlite`.
struct OSMImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz, .osm.bz2) into a local index.",
        discussion: """
            The index is NAME.sqlite in the osm folder of the data directory ($VENUES_DATA_DIR,
            else $XDG_DATA_HOME/venues, else ~/.local/share/venues). Importing again replaces it
            atomically: searches meanwhile use the old one, and a failed import leaves it as it was.

            Examples:
              venues osm import finland-latest.osm.pbf
              venues osm import finland-latest.osm.bz2
              venues osm import city.osm --name city
              venues osm import city.osm.gz --output /srv/indexes/city.sqlite
            """
    )

    @Argument(
        help: "The extract: OSM PBF, or OSM XML plain or compressed with gzip or bzip2.",
        completion: .file()
    )
    var file: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The index's name (default: the file's name without .osm, .gz, .bz2).",
            valueName: "name"
        )
    )
    var name: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Write the index to this path (ending in .sqlite) instead.", valueName: "path"),
        completion: .file(extensions: ["sqlite"])
    )
    var output: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        try IndexImportTarget.validate(
            name: name,
            output: output,
            recognisedBy: "an OSM endpoint is recognised as an index"
        )
    }

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            let source = try IndexImportTarget.source(file)
            let destination = try IndexImportTarget.destination(
                output: output,
                name: name,
                defaultName: OSMIndexCatalog.defaultName(forSource: source),
                directory: context.directories.osmIndexes
            )
            let progress = ImportProgressLine(
                file: source.lastPathComponent,
                enabled: Terminal.isTerminal(STDERR_FILENO) && !global.verbose
            )
            let flag = CancellationFlag()
            let summary: OSMImportSummary
            do {
                summary = try await onThreadOfItsOwn(named: "venues.import") { () throws(any Error) in
                    try OSMIndexImporter.run(
                        source: OSMExtractFile.source(
                            url: source,
                            tags: true,
                            references: true,
                            timestamps: true,
                            cancellation: flag
                        ),
                        sourceFile: source,
                        destination: destination,
                        options: .init(
                            generator: "venues \(VenuesVersion.current)",
                            progress: { progress.show($0) },
                            cancellation: flag
                        )
                    )
                }
            } catch let error as OSMIndexError {
                progress.clear()
                throw CommandFailure("import of \(source.path) failed: \(error.description)")
            }
            progress.clear()
            context.logger.debug(
                """
                import phases: reading \(Self.seconds(summary.readingSeconds)), placing ways and relations \
                \(Self.seconds(summary.placingSeconds)), finishing the indexes \(Self.seconds(summary.indexingSeconds))
                """
            )
            StandardOutput.write(Self.report(summary))
        }
    }

    /// `12 s`, `1.2 s`, `0.012 s`.
    private static func seconds(_ value: Double) -> String { HumanNumbers.seconds(value) }

    /// `1,205 venues`, `1 node`.
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(HumanNumbers.grouped(count)) \(count == 1 ? noun : noun + "s")"
    }

    /// The summary printed when the import is done.
    static func report(_ summary: OSMImportSummary) -> String {
        let name = OSMIndexReader.name(of: summary.index)
        var lines = [
            "Imported \(counted(summary.venues, "venue")) (\(counted(summary.nodeVenues, "node")), "
                + "\(counted(summary.wayVenues, "way")), \(counted(summary.relationVenues, "relation"))) "
                + "from \(summary.source.lastPathComponent) (\(HumanNumbers.size(summary.sourceBytes))) "
                + "in \(HumanNumbers.seconds(summary.seconds)).",
            "Index \(name): \(summary.index.path), \(HumanNumbers.size(summary.indexBytes))"
                + (summary.venues > 0 ? " (\(summary.indexBytes / summary.venues) bytes per venue)." : "."),
        ]
        if let bounds = summary.bounds {
            var area =
                "Covers \(HumanNumbers.degrees(bounds.minLatitude)),\(HumanNumbers.degrees(bounds.minLongitude)) to "
                + "\(HumanNumbers.degrees(bounds.maxLatitude)),\(HumanNumbers.degrees(bounds.maxLongitude))"
            if let date = summary.dataTimestamp { area += "; data as of \(date)" }
            lines.append(area + ". Searches inside it use the index (--no-index asks Overpass).")
        }
        lines += summary.notes.map { "Note: \($0)." }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The self-rewriting stderr line of an import (only on a terminal), at most four times a second.
final class ImportProgressLine: Sendable {
    private let file: String
    private let enabled: Bool
    private let lastShown = Mutex<ContinuousClock.Instant?>(nil)

    init(file: String, enabled: Bool) {
        self.file = file
        self.enabled = enabled
    }

    func show(_ progress: OSMImportProgress) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let due = lastShown.withLock { last -> Bool in
            if let last, progress.phase == .reading, now - last < .milliseconds(250) { return false }
            last = now
            return true
        }
        guard due else { return }
        let text: String
        switch progress.phase {
        case .reading:
            let read = HumanNumbers.size(progress.bytesRead)
            let total = progress.totalBytes.map { " of \(HumanNumbers.size($0))" } ?? ""
            let rate = progress.seconds > 0 ? Double(progress.bytesRead) / 1e6 / progress.seconds : 0
            text =
                "Reading \(file): \(read)\(total), \(HumanNumbers.grouped(progress.elements)) elements, "
                + "\(HumanNumbers.grouped(progress.venues)) venues, \(String(format: "%.0f", rate)) MB/s"
        case .placing:
            text = "Placing ways and relations (\(HumanNumbers.grouped(progress.venues)) venues so far)…"
        case .indexing:
            text = "Building the position and word indexes for \(HumanNumbers.grouped(progress.venues)) venues…"
        }
        StandardError.write("\r\u{1B}[K" + TextSanitizer.clean(text))
    }

    func clear() {
        guard enabled else { return }
        StandardError.write("\r\u{1B}[K")
    }
}
