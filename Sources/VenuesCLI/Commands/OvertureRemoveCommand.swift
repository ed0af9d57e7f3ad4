import ArgumentParser
import Foundation
import OSMIndex
import VenuesCLISupport

/// `venues overture remove NAME`: deletes an imported Overture index.
struct OvertureRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete an imported Overture Maps index.",
        discussion: """
            Example:
              venues overture remove helsinki
            """
    )

    @Argument(help: "The index's name, as venues overture list shows it.")
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
            let catalog = OSMIndexCatalog(directory: context.directories.overtureIndexes)
            do throws(OSMIndexError) {
                try catalog.remove(name: name)
            } catch .notFound {
                throw CommandFailure(
                    "no Overture index named '\(name)' in \(catalog.directory.path) (venues overture list shows the imported ones)"
                )
            } catch {
                throw CommandFailure(error.description)
            }
            StandardOutput.write("Removed the Overture index \(name).\n")
        }
    }
}
