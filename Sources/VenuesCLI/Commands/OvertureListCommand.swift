import ArgumentParser
import Foundation
import OSMIndex
import VenuesCLISupport

/// `venues overture list`: the imported Overture indexes, as `venues osm list` shows OSM's.
struct OvertureListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the imported Overture Maps indexes: name, area, places, size.",
        discussion: """
            JSON (--format json) has the fields of venues osm list's (venues counts the places).
            """
    )

    @Option(name: .long, help: ArgumentHelp("Output format: table or json.", valueName: "format"))
    var format: OSMListCommand.Format = .table

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            let directory = context.directories.overtureIndexes
            let entries = OSMIndexCatalog(directory: directory).list()
            switch format {
            case .json:
                StandardOutput.write(try OSMListCommand.json(entries) + "\n")
            case .table:
                guard !entries.isEmpty else {
                    StandardOutput.write(
                        "No Overture index in \(directory.path). Import places with: venues overture import FILE.geojsonseq\n"
                    )
                    return
                }
                StandardOutput.write(OSMListCommand.table(entries) + "Directory: \(directory.path)\n")
            }
        }
    }
}
