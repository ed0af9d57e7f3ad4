import ArgumentParser
import Foundation
import VenuesCLISupport
import VenuesEngine

/// `venues search TERM`: venues whose name matches a term, near a point.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search venues by name or kind near a point.",
        discussion: """
            Examples:
              venues search "coffee" --near 52.3791,4.9003
              venues search Stockmann --providers osm --format csv
            """
    )

    @Argument(help: "What to look for: a name, a cuisine, a kind of place.")
    var term: String

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions
    @OptionGroup var hours: HoursOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var index: IndexOptions
    @OptionGroup var overture: OvertureOptions

    mutating func validate() throws {
        let given = term
        term = try QueryOptions.checked { () throws(QueryParameterError) in try QueryParameters.checkedTerm(given) }
    }

    func run() async throws {
        try await failingWithMessage {
            var context = try await CommandContext.make(global: global)
            context.configuration = overture.applied(to: index.applied(to: context.configuration))
            try await QueryRunner(context: context, options: query, hours: hours, output: output).run(term: term)
        }
    }
}
