import ArgumentParser
import Foundation
import OSMIndex
import VenuesCLISupport

/// `venues osm remove NAME`: deletes an imported index.
struct OSMRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete an imported OpenStreetMap index.",
        discussion: """
            Example:
              venues osm remove helsinki
            """
    )

    @Argument(help: "The index's name, as venues osm list shows it.")
    var name: String

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        do {
            try OSMIndexCatalog.validate(name: name)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            let catalog = OSMIndexCatalog(directory: context.directories.osmIndexes)
            do throws(OSMIndexError) {
                try catalog.remove(name: name)
            } catch .notFound {
                throw CommandFailure(
                    "no OSM index named '\(name)' in \(catalog.directory.path) (venues osm list shows the imported ones)"
                )
            } catch {
                throw CommandFailure(error.description)
            }
            StandardOutput.write("Removed the OSM index \(name).\n")
        }
    }
}
