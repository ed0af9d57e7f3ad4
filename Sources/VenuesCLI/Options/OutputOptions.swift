import ArgumentParser

/// The output format of result lists.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table
    case json
    case geojson
    case csv
}

/// `--format`.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Output format: table, json, geojson or csv.", valueName: "format"))
    var format: OutputFormat = .table
}
