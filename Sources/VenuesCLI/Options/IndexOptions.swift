import ArgumentParser
import VenuesConfig
import VenuesCore

/// `--no-index`, for the commands that ask OpenStreetMap.
struct IndexOptions: ParsableArguments {
    @Flag(
        name: .long,
        help: "Ask the Overpass server even when an imported OSM index (venues osm import) covers the search."
    )
    var noIndex = false

    /// The configuration with automatic index use turned off when `--no-index` was given.
    func applied(to configuration: VenuesConfiguration) -> VenuesConfiguration {
        var configuration = configuration
        if noIndex { configuration[.openStreetMap].set("useIndexes", .flag(false), source: "--no-index") }
        return configuration
    }
}
