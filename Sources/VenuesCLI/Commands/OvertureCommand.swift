import ArgumentParser

/// `venues overture`: local Overture Maps places indexes.
struct OvertureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overture",
        abstract: "Import Overture Maps places into local indexes that searches use offline; list and remove them.",
        discussion: """
            Get places with the overturemaps tool (pip install overturemaps):
              overturemaps download --bbox=24.9,60.15,25.0,60.18 --type=place -f geojsonseq -o helsinki.geojsonseq
            An index answers nearby and text searches and lookups by id (overture:ID) offline. Searches
            whose circle meets an imported index's area use it automatically, merged with the other
            providers' places.

            Examples:
              venues overture import helsinki.geojsonseq
              venues overture list
              venues overture remove helsinki
            """,
        subcommands: [OvertureImportCommand.self, OvertureListCommand.self, OvertureRemoveCommand.self]
    )
}
