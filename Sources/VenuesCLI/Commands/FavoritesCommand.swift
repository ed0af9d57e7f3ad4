import ArgumentParser
import Foundation
import VenuesAggregator
import VenuesCLIRuntime
import VenuesCLISupport
import VenuesCore
import VenuesEngine
import VenuesFavorites
import VenuesOutput

/// `venues favorites add|remove|list`: the user's favourite places, kept by id in
/// `favorites.json` in the data directory.
struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Mark, unmark and list favourite venues.",
        discussion: """
            Favourites live in favorites.json in $VENUES_DATA_DIR, else $XDG_DATA_HOME/venues, else
            ~/.local/share/venues. A file that cannot be read is never overwritten.

            Examples:
              venues favorites add osm:node/59622323 --note "lunch on Fridays"
              venues favorites list --near 60.1699,24.9384
              venues favorites remove osm:node/59622323
            """,
        subcommands: [Add.self, Remove.self, List.self],
        aliases: ["favourites"]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Mark a venue from a listing as a favourite (adding twice changes nothing)."
        )

        @Argument(help: "The venue id from a listing, e.g. osm:node/59622323.")
        var id: String

        @Option(name: .long, help: ArgumentHelp("A note to keep with it.", valueName: "text"))
        var note: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            _ = try VenueIDArgument.parse(id)
            if let note, note.count > 1000 {
                throw ValidationError("--note is \(note.count) characters long: at most 1000 are accepted")
            }
        }

        func run() async throws {
            try await failingWithMessage {
                let context = try await CommandContext.make(global: global)
                let venueID = try VenueIDArgument.parse(id)
                let outcome = try await FavoriteAdding.add(venueID, note: note, context: context)
                let name = TextSanitizer.clean(outcome.favorite.name)
                switch outcome {
                case .added: print("★ Added \(name) (\(outcome.favorite.id)) to your favourites.")
                case .alreadyPresent: print("\(name) (\(outcome.favorite.id)) is already a favourite.")
                case .noteUpdated: print("Updated the note of \(name) (\(outcome.favorite.id)).")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Unmark a favourite (by its id or any of its source ids)."
        )

        @Argument(help: "The venue id.")
        var id: String

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            _ = try VenueIDArgument.parse(id)
        }

        func run() async throws {
            try await failingWithMessage {
                let context = try await CommandContext.make(global: global)
                let venueID = try VenueIDArgument.parse(id)
                let removed: [Favorite]
                do {
                    removed = try context.favorites.remove(id: venueID)
                } catch {
                    throw CommandFailure("\(error)")
                }
                guard !removed.isEmpty else {
                    throw CommandFailure("\(venueID) is not a favourite (see venues favorites list)")
                }
                for favorite in removed {
                    print("Removed \(TextSanitizer.clean(favorite.name)) (\(favorite.id)) from your favourites.")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List favourites, nearest first with --near."
        )

        @Option(
            name: .long,
            parsing: .unconditional,
            help: ArgumentHelp("Sort by distance from LAT,LON.", valueName: "lat,lon")
        )
        var near: String?

        @Option(
            name: .long,
            parsing: .unconditional,
            help: ArgumentHelp("With --near: only favourites within this many metres.", valueName: "m")
        )
        var radius: Int?

        @OptionGroup var output: OutputOptions
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let near { _ = try CoordinateArgument.parse(near) }
            if let radius {
                guard near != nil else { throw ValidationError("--radius needs --near") }
                guard VenueQuery.radiusRange.contains(radius) else {
                    throw ValidationError("--radius \(radius) is out of range: expected 1 to 100000 metres")
                }
            }
        }

        /// What an empty listing says: there are no favourites, or none within the circle.
        private func emptyListing(favoriteCount: Int) -> String {
            let circle = "within \(radius ?? 0) m of \(near ?? "there")"
            switch favoriteCount {
            case 0: return "No favourites yet: add one with venues favorites add ID.\n"
            case 1: return "Your one favourite is not \(circle).\n"
            default: return "None of your \(favoriteCount) favourites is \(circle).\n"
            }
        }

        func run() async throws {
            try await failingWithMessage {
                let context = try await CommandContext.make(global: global)
                let favorites: [Favorite]
                do {
                    favorites = try context.favorites.load()
                } catch {
                    throw CommandFailure("\(error)")
                }
                let center = near.flatMap { try? Coordinate(parsing: $0) }
                let document = ResultDocument(
                    favorites: favorites,
                    center: center,
                    radius: radius,
                    catalog: context.registry.catalog
                )
                StandardOutput.write(
                    try document.rendered(
                        as: output.format,
                        terminalWidth: Terminal.width(environment: context.environment),
                        emptyTable: emptyListing(favoriteCount: favorites.count),
                        tiles: !output.noTiles
                    )
                )
            }
        }
    }
}
