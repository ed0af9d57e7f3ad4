package import VenuesCLISupport
package import VenuesCore
package import VenuesFavorites
import VenuesOutput

/// Marking a favourite, as `venues favorites add` and the assistants' `favorite_add` do it.
package enum FavoriteAdding {
    /// Adds the place `id` to the favourites file with `note` (its text cleaned): the file is
    /// read first (an unreadable one fails before any lookup and is never written), the place
    /// is found where it costs least (the last listing, the favourites, else its provider).
    /// Throws ``CommandFailure`` saying why it could not be added.
    package static func add(
        _ id: VenueID,
        note: String?,
        context: CommandContext
    ) async throws
        -> FavoritesStore.AddOutcome
    {
        let store = context.favorites
        let index: FavoriteIndex
        do {
            index = try store.index()
        } catch {
            throw CommandFailure("\(error)")
        }
        let (merged, _) = try await VenueFinder(context: context, favorites: index).cheapest(
            id,
            timeout: context.configuration.timeout
        )
        do {
            return try store.add(
                venue: merged.venue,
                sources: merged.sources.map(\.id),
                note: note.map(TextSanitizer.clean)
            )
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
