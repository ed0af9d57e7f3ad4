import ArgumentParser
import VenuesCLISupport

/// `venues nearby`: venues around a point.
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "List venues around a point.",
        discussion: """
            Examples:
              venues nearby --near 60.1699,24.9384 --radius 500
              venues nearby --providers fsq,osm --category cafe --format json
              venues nearby --near 60.1699,24.9384 --radius 300 --format html > map.html
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions
    @OptionGroup var hours: HoursOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var index: IndexOptions
    @OptionGroup var overture: OvertureOptions

    func run() async throws {
        try await failingWithMessage {
            var context = try await CommandContext.make(global: global)
            context.configuration = overture.applied(to: index.applied(to: context.configuration))
            try await QueryRunner(context: context, options: query, hours: hours, output: output).run(term: nil)
        }
    }
}
