import ArgumentParser
import VenuesOutput

/// The output format of result lists: the terminal's table, or one of the listing formats the
/// server answers too (``ListingFormat``).
enum OutputFormat: Hashable, CaseIterable, ExpressibleByArgument {
    case table
    case listing(ListingFormat)

    static var allCases: [OutputFormat] { [.table] + ListingFormat.allCases.map(OutputFormat.listing) }

    init?(argument: String) {
        if argument == "table" {
            self = .table
        } else if let format = ListingFormat(rawValue: argument) {
            self = .listing(format)
        } else {
            return nil
        }
    }

    /// `table`, `json`, `geojson`, `csv`, `html`.
    var name: String {
        switch self {
        case .table: "table"
        case .listing(let format): format.rawValue
        }
    }

    var defaultValueDescription: String { name }

    static var allValueStrings: [String] { allCases.map(\.name) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
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
