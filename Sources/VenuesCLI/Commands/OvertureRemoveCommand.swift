import ArgumentParser
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
        try IndexRemoval.validate(name: name)
    }

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            try IndexRemoval.remove(
                name: name,
                from: context.directories.overtureIndexes,
                kind: "Overture",
                listCommand: "venues overture list"
            )
        }
    }
}
