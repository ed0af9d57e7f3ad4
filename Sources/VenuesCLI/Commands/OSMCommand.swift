import ArgumentParser

/// `venues osm`: local OpenStreetMap indexes.
struct OSMCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "osm",
        abstract:
            "Import OpenStreetMap extracts into local indexes that searches use offline; update, list and remove them.",
        discussion: """
            An index answers nearby and text searches and lookups by id in milliseconds, with the
            same results as searching the extract itself. Searches whose whole circle lies inside an
            imported index's area use it automatically (--no-index asks Overpass instead).

            Examples:
              venues osm import helsinki.osm.bz2
              venues osm update helsinki changes.osc.gz
              venues osm list
              venues osm remove helsinki
            """,
        subcommands: [OSMImportCommand.self, OSMUpdateCommand.self, OSMListCommand.self, OSMRemoveCommand.self]
    )
}
