import ArgumentParser
import Foundation
import VenuesAggregator
import VenuesCLIRuntime
import VenuesCLISupport
import VenuesCore
import VenuesEngine
import VenuesOutput

/// `venues show ID`: one venue with every field we have, its sources and map links.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one venue: every field, its sources, and links to open it on a map.",
        discussion: """
            ID is an id from a listing: fsq:…, google:…, osm:node/N, osm:way/N or osm:relation/N.

            Examples:
              venues show osm:node/59622323
              venues show google:ChIJ53I1Yn2AhYAR_Vl1vNygfMg --format json
            """
    )

    @Argument(help: "The venue id, e.g. osm:node/59622323.")
    var id: String

    @Option(name: .long, help: ArgumentHelp("Output format: table or json.", valueName: "format"))
    var format: DetailFormat = .table

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp("Seconds the provider may take, 1 to 600 (default 10).", valueName: "seconds")
    )
    var timeout: Double?

    @OptionGroup var global: GlobalOptions
    @OptionGroup var index: IndexOptions

    enum DetailFormat: String, CaseIterable, ExpressibleByArgument {
        case table, json
    }

    func validate() throws {
        _ = try VenueIDArgument.parse(id)
        if let timeout, !VenueQuery.timeoutRange.contains(timeout) {
            throw ValidationError(
                QueryParameterError(.timeout, .timeoutOutOfRange(timeout)).message(naming: "--timeout")
            )
        }
    }

    func run() async throws {
        try await failingWithMessage {
            var context = try await CommandContext.make(global: global)
            context.configuration = index.applied(to: context.configuration)
            let venueID = try VenueIDArgument.parse(id)
            let favorites = context.favoritesIndexOrWarning("not checked against your favourites")
            let (merged, origin) = try await VenueFinder(context: context, favorites: favorites).freshest(
                venueID,
                timeout: timeout ?? context.configuration.timeout
            )
            let favorite = favorites?.favorite(matchingAnyOf: merged.sources.map(\.id))
            let detail = VenueDetail(
                merged: merged,
                favorite: favorite,
                origin: origin,
                catalog: context.registry.catalog
            )
            let text = format == .json ? try detail.json() + "\n" : detail.text()
            StandardOutput.write(text)
        }
    }
}
