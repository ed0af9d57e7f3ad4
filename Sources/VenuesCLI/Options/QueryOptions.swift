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
        help: ArgumentHelp("Order: distance, name or rating.", valueName: "order"),
        completion: .list(["distance", "name", "rating"])
    )
    var sort: String = VenueSort.distance.rawValue

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp("Seconds each provider may take (default 10).", valueName: "seconds")
    )
    var timeout: Double?

    @Flag(name: .long, help: "Show which provider records were merged into each venue, and why.")
    var explain = false

    mutating func validate() throws {
        if let near { _ = try CoordinateArgument.parse(near) }
        if let radius, !VenueQuery.radiusRange.contains(radius) {
            throw ValidationError("--radius \(radius) is out of range: expected 1 to 100000 metres")
        }
        if let limit, limit < 1 {
            throw ValidationError("--limit \(limit) is too small: expected a whole number of at least 1")
        }
        if let timeout, !(timeout > 0 && timeout <= 600) {
            throw ValidationError("--timeout \(timeout) is out of range: expected more than 0 and at most 600 seconds")
        }
        if VenueSort(rawValue: sort) == nil {
            throw ValidationError("--sort '\(sort)' is not known: expected distance, name or rating")
        }
        for name in category where Category(name: name) == nil {
            throw ValidationError(
                "--category '\(name)' is not known: expected one of \(Category.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        _ = try providerIDs()
    }

    /// The providers named with `--providers` (every occurrence, in order, each once),
    /// validated; `nil` when the option was not given.
    func providerIDs() throws -> [ProviderID]? {
        guard !providers.isEmpty else { return nil }
        var names: [String] = []
        for list in providers {
            let parts = list.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard parts.allSatisfy({ !$0.isEmpty }) else {
                throw ValidationError(
                    "--providers '\(list)' has an empty name: expected a comma-separated list of \(ProviderRegistry.knownIDs.map(\.rawValue).joined(separator: ", "))"
                )
            }
            names += parts
        }
        var seen: [ProviderID] = []
        for name in names {
            let id = ProviderID(rawValue: name.lowercased())
            guard ProviderRegistry.knownIDs.contains(id) else {
                throw ValidationError(
                    "--providers: '\(name)' is not a provider: expected a comma-separated list of \(ProviderRegistry.knownIDs.map(\.rawValue).joined(separator: ", "))"
                )
            }
            if !seen.contains(id) { seen.append(id) }
        }
        return seen
    }

    /// The validated centre, if given.
    var center: Coordinate? {
        near.flatMap { try? Coordinate(parsing: $0) }
    }

    /// The validated categories.
    var categories: Set<Category> {
        Set(category.compactMap(Category.init(name:)))
    }

    /// The validated sort order.
    var sortOrder: VenueSort {
        VenueSort(rawValue: sort) ?? .distance
    }
}
