import ArgumentParser
import Foundation
import OSMIndex
import OSMModel
import OvertureProvider
import VenuesCLISupport
import VenuesCore
import VenuesHTTP

/// `venues overture import FILE`: reads Overture places once into
/// `$VENUES_DATA_DIR/overture/NAME.sqlite`.
struct OvertureImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import Overture Maps places (GeoJSON sequence or FeatureCollection, plain or gzip) into a local index.",
        discussion: """
            The file is what `overturemaps download --type=place` writes: -f geojsonseq (a Feature a
            line; RFC 8142 record separators accepted) or -f geojson (a FeatureCollection), either
            compressed with gzip or not. The index is NAME.sqlite in the overture folder of the data
            directory ($VENUES_DATA_DIR, else $XDG_DATA_HOME/venues, else ~/.local/share/venues).
            Importing again replaces it atomically: searches meanwhile use the old one, and a failed
            import (a line that cannot be read: exit status 1, the line named) leaves it as it was.

            Examples:
              venues overture import helsinki.geojsonseq
              venues overture import places.geojson.gz --name finland
              venues overture import city.geojsonseq --output /srv/indexes/city-places.sqlite
            """
    )

    @Argument(help: "The places: GeoJSON text sequence or FeatureCollection, plain or gzip.", completion: .file())
    var file: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The index's name (default: the file's name without .geojsonseq, .geojson, .gz).",
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
            recognisedBy: "VENUES_OVERTURE_URL recognises an index"
        )
    }

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            let source = try IndexImportTarget.source(file)
            let destination = try IndexImportTarget.destination(
                output: output,
                name: name,
                defaultName: OvertureImport.defaultName(forSource: source),
                directory: context.directories.overtureIndexes
            )
            let progress = ImportProgressLine(
                file: source.lastPathComponent,
                enabled: Terminal.isTerminal(STDERR_FILENO) && !global.verbose
            )
            let flag = CancellationFlag()
            let summary: OSMImportSummary
            do {
                summary = try await onThreadOfItsOwn(named: "venues.import") { () throws(any Error) in
                    try OvertureImport.run(
                        file: source,
                        destination: destination,
                        generator: "venues \(VenuesVersion.current)",
                        progress: { progress.show($0) },
                        cancellation: flag
                    )
                }
            } catch let error as OSMIndexError {
                progress.clear()
                throw CommandFailure("import of \(source.path) failed: \(error.description); nothing was replaced")
            }
            progress.clear()
            StandardOutput.write(Self.report(summary))
        }
    }

    /// The summary printed when the import is done.
    static func report(_ summary: OSMImportSummary) -> String {
        let name = OSMIndexReader.name(of: summary.index)
        let places = "\(HumanNumbers.grouped(summary.venues)) \(summary.venues == 1 ? "place" : "places")"
        var lines = [
            "Imported \(places) from \(summary.source.lastPathComponent) (\(HumanNumbers.size(summary.sourceBytes))) "
                + "in \(HumanNumbers.seconds(summary.seconds)).",
            "Index \(name): \(summary.index.path), \(HumanNumbers.size(summary.indexBytes))"
                + (summary.venues > 0 ? " (\(summary.indexBytes / summary.venues) bytes per place)." : "."),
        ]
        if let bounds = summary.bounds {
            lines.append(
                "Places lie within \(HumanNumbers.degrees(bounds.minLatitude)),\(HumanNumbers.degrees(bounds.minLongitude)) to "
                    + "\(HumanNumbers.degrees(bounds.maxLatitude)),\(HumanNumbers.degrees(bounds.maxLongitude)); "
                    + "searches whose circle meets them use the index."
            )
        }
        lines += summary.notes.map { "Note: \($0)." }
        return lines.joined(separator: "\n") + "\n"
    }
}
