import Foundation
import Hummingbird
import VenuesCore
import VenuesFavorites
import VenuesMerge
import VenuesOutput
import VenuesServerStore

/// `GET /v1/venues/{id}`: the CLI's `show` document (`venues show ID --format json`), with
/// the caller's favourite and note. When the provider cannot be asked but the caller keeps the
/// venue as a favourite, the favourite's snapshot is shown (`"origin": "favorites"`).
struct VenueRoutes: Sendable {
    let services: ServerServices

    func show(_ request: Request, context: ServerRequestContext) async throws -> Response {
        _ = try URLQuery(request, allowed: [])
        let id = try VenueLookup.id(of: context)
        let favorite = await clientFavorite(matching: id, context: context)
        switch await VenueLookup(services: services).venue(id) {
        case .success(let venue):
            let merged = MergedVenue(single: venue)
            let detail = VenueDetail(
                merged: merged,
                favorite: favorite ?? nil,
                origin: .provider,
                catalog: services.registry.catalog
            )
            return JSONResponse.make(try detail.json())
        case .failure(let error):
            if case .notFound = error {
                throw VenueLookup.error(for: error, id: id)
            }
            if let favorite = favorite ?? nil {
                let detail = VenueDetail(
                    merged: favorite.mergedVenue,
                    favorite: favorite,
                    origin: .favorites,
                    catalog: services.registry.catalog
                )
                return JSONResponse.make(try detail.json())
            }
            throw VenueLookup.error(for: error, id: id)
        }
    }

    /// The caller's favourite matching `id`, `nil` when it has none, or `.none` when the store
    /// is unavailable (and a note of it).
    private func clientFavorite(matching id: VenueID, context: ServerRequestContext) async -> Favorite?? {
        guard let client = context.client else { return .some(nil) }
        do throws(ServerStoreError) {
            let favorites = try await services.store.call { store throws(ServerStoreError) in
                try await store.favorites(client: client)
            }
            return .some(FavoriteIndex(favorites: favorites).favorite(matching: id))
        } catch {
            RequestNotes.current?.storeUnavailable(error.reason)
            return .none
        }
    }
}
