import ArgumentParser
import VenuesHTTP

/// `venues`: find venues around a point or by name across Foursquare, Google Places and
/// OpenStreetMap at once, merge the duplicates, and keep favourites.
@main
struct Venues: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "venues",
        abstract:
            "Find venues across Foursquare, Google Places, OpenStreetMap and Overture Maps, merged into one list.",
        discussion: """
            Examples:
              venues nearby --near 60.1699,24.9384 --radius 500 --providers osm
              venues search "coffee" --near 52.3791,4.9003 --format json
              venues providers

            Exit codes: 0 when at least one provider answered; 1 when none did or on a runtime error; 64 for invalid input.
            """,
        version: VenuesVersion.current,
        subcommands: [
            NearbyCommand.self, SearchCommand.self, ShowCommand.self, HoursCommand.self, FavoritesCommand.self,
            ProvidersCommand.self, OSMCommand.self, OvertureCommand.self, ServeHandOff.self, MCPHandOff.self,
        ]
    )

    /// `venues serve …` goes to the server program as it is, before any parsing: its options are
    /// the server's (``ServerProgram``); so does `venues mcp …`, as `venues-server mcp …`.
    /// Everything else is parsed here.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == ServeHandOff.configuration.commandName {
            do {
                try ServerProgram.replaceProcess(arguments: Array(arguments.dropFirst()))
            } catch {
                exit(withError: error)
            }
        }
        if arguments.first == MCPHandOff.configuration.commandName {
            do {
                try ServerProgram.replaceProcess(arguments: arguments)
            } catch {
                exit(withError: error)
            }
        }
        await main(nil)
    }
}
