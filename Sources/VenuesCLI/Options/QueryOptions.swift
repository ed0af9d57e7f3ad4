import ArgumentParser
import VenuesCore
import VenuesEngine

/// Options shared by `nearby` and `search`.
struct QueryOptions: ParsableArguments {
    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "Centre of the search as LAT,LON in decimal degrees (default: the configured location, else located by Foursquare, else Amsterdam Centraal).",
            valueName: "lat,lon"
        )
    )
    var near: String?

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp("Search radius in metres, 1–100000 (default 1000).", valueName: "m")
    )
    var radius: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Comma-separated providers to ask: fsq, google, osm; may be repeated (default: every configured and usable one).",
            valueName: "list"
        ),
        completion: .list(ProviderRegistry.knownIDs.map(\.rawValue))
    )
    var providers: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only venues in this category; repeat for several. One of: \(Category.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "name"
        ),
        completion: .list(Category.allCases.map(\.rawValue))
    )
    var category: [String] = []

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp("Most venues to list, at least 1 (default 50).", valueName: "n")
    )
    var limit: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Order: distance, name, rating or relevance (the default for search: best match, then nearest).",
            valueName: "order"
        ),
        completion: .list(VenueSort.allCases.map(\.rawValue))
    )
    var sort: String?

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp("Seconds each provider may take, 1 to 600 (default 10).", valueName: "seconds")
    )
    var timeout: Double?

    @Flag(name: .long, help: "Show which provider records were merged into each venue, and why.")
    var explain = false

    mutating func validate() throws {
        try Self.checked { () throws(QueryParameterError) in try parameters.validate() }
    }

    /// The options as the validator shared with the server sees them.
    var parameters: QueryParameters {
        QueryParameters(
            near: near,
            radius: radius,
            providers: providers,
            categories: category,
            limit: limit,
            sort: sort,
            timeout: timeout
        )
    }

    /// Runs `body`, turning a refused parameter into a usage error that names the option
    /// (`--radius 0 is out of range: …`, `TERM is empty: …`).
    static func checked<T>(_ body: () throws(QueryParameterError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw ValidationError(error.message(naming: optionName(error.parameter)))
        }
    }

    /// How the command line names a parameter: `--radius`, or `TERM` for the search term.
    static func optionName(_ parameter: QueryParameter) -> String {
        parameter == .term ? "TERM" : "--\(parameter.rawValue)"
    }

    /// The providers named with `--providers` (every occurrence, in order, each once),
    /// validated; `nil` when the option was not given.
    func providerIDs() throws -> [ProviderID]? {
        try Self.checked { () throws(QueryParameterError) in try parameters.providerIDs() }
    }

    /// The validated centre, if given.
    var center: Coordinate? { parameters.center }

    /// The validated categories.
    var categories: Set<Category> { parameters.categorySet }

    /// The validated sort order: relevance by default for a text search, distance otherwise.
    func sortOrder(isTextSearch: Bool) -> VenueSort { parameters.resolvedSort(isTextSearch: isTextSearch) }
}
