import ArgumentParser

/// The output format of result lists.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table
    case json
    case geojson
    case csv
    /// One self-contained page: the list and an SVG map of it.
    case html
}

/// `--format`, and `--no-tiles` for the HTML page.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Output format: table, json, geojson, csv or html (a page with the list and a map).",
            valueName: "format"
        )
    )
    var format: OutputFormat = .table

    @Flag(
        name: .customLong("no-tiles"),
        help: "With --format html: no OpenStreetMap tiles under the map, so opening the page fetches nothing."
    )
    var noTiles = false
}
