import ArgumentParser
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
        try IndexRemoval.validate(name: name)
    }

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            try IndexRemoval.remove(
                name: name,
                from: context.directories.osmIndexes,
                kind: "OSM",
                listCommand: "venues osm list"
            )
        }
    }
}
