import Foundation
import VenuesAggregator
import VenuesCLIRuntime
import VenuesCLISupport
import VenuesCore
import VenuesEngine
import VenuesFavorites
import VenuesMCP
import VenuesMerge
import VenuesOpenState
import VenuesOutput

/// What answers the assistants' tools in `venues mcp` (`venues-server mcp`): the CLI's own configuration, providers,
/// indexes, cache, budgets, last listing and favourites file, each tool answering with the
/// document the matching command prints with `--format json`.
struct LocalToolBackend: VenueToolBackend {
    let context: CommandContext

    func answer(_ call: VenueToolCall) async throws(VenueToolFailure) -> [UInt8] {
        do {
            switch call {
            case .listing(let parameters, let hours, let explain):
                return try await listing(parameters, hours: hours, explain: explain)
            case .place(let id, let timeout):
                return try await place(id, timeout: timeout)
            case .favorites(let near, let radius):
                return try favorites(near: near, radius: radius)
            case .addFavorite(let id, let note):
                return try await addFavorite(id, note: note)
            case .removeFavorite(let id):
                return try removeFavorite(id)
            case .providers:
                return ProviderStatusDocument.json(
                    registry: .standard,
                    configuration: context.configuration,
                    indexDirectory: context.directories.osmIndexes
                )
            case .hours(let request):
                return hours(request)
            }
        } catch let failure as VenueToolFailure {
            throw failure
        } catch let failure as CommandFailure {
            throw VenueToolFailure(failure.description)
        } catch {
            throw VenueToolFailure("\(error)")
        }
    }

    /// `nearby` and `search`, as `venues nearby|search --format json` runs them; the listing is
    /// kept as the last one, so that `place` and `favorite_add` find its venues.
    private func listing(_ parameters: QueryParameters, hours: HoursRequest, explain: Bool) async throws -> [UInt8] {
        let configuration = context.configuration
        var query = parameters.query(configuration: configuration, fallbackCenter: configuration.defaultLocation)
        if hours.filters { query.wantsOpeningHours = true }
        let (providers, unusable, recorders) = try ListingProviders.make(
            context: context,
            named: parameters.providerIDs()
        )
        let moment = hours.moment()
        var aggregator = try Aggregator(
            providers: providers,
            merger: Deduplicator(priority: configuration.dedupe.priority),
            favorites: context.favoritesIndexOrWarning("favourites are not marked") ?? NoFavorites()
        )
        aggregator.filter = hours.filter(moment)
        var result = await aggregator.run(query)
        for outcome in result.outcomes where outcome.error != nil {
            recorders[outcome.provider]?.forgetCachedAnswers()
        }
        result.outcomes.append(contentsOf: unusable)
        let listing = result.venues.map(\.merged)
        if !listing.isEmpty { _ = context.lastListing.save(listing) }
        let document = ResultDocument(
            result: result,
            explain: explain,
            catalog: context.registry.catalog,
            hours: moment
        )
        let json = Array(try JSONRenderer.render(document).utf8)
        guard result.anyProviderAnswered else {
            let reasons = result.outcomes.map { "\($0.provider): \($0.error?.message ?? "no answer")" }
            throw VenueToolFailure(
                "no provider answered: " + reasons.map(TextSanitizer.clean).joined(separator: "; "),
                document: json
            )
        }
        return json
    }

    /// `place`, as `venues show ID --format json`.
    private func place(_ id: VenueID, timeout: Double?) async throws -> [UInt8] {
        let favorites = context.favoritesIndexOrWarning("not checked against your favourites")
        let (merged, origin) = try await VenueFinder(context: context, favorites: favorites).freshest(
            id,
            timeout: timeout ?? context.configuration.timeout
        )
        let favorite = favorites?.favorite(matchingAnyOf: merged.sources.map(\.id))
        return Array(
            try VenueDetail(merged: merged, favorite: favorite, origin: origin, catalog: context.registry.catalog)
                .json().utf8
        )
    }

    /// `favorites_list`, as `venues favorites list --format json`.
    private func favorites(near: Coordinate?, radius: Int?) throws -> [UInt8] {
        let favorites: [Favorite]
        do {
            favorites = try context.favorites.load()
        } catch {
            throw VenueToolFailure("\(error)")
        }
        let document = ResultDocument(
            favorites: favorites,
            center: near,
            radius: radius,
            catalog: context.registry.catalog
        )
        return Array(try JSONRenderer.render(document).utf8)
    }

    /// `favorite_add`, as `venues favorites add ID --note TEXT`.
    private func addFavorite(_ id: VenueID, note: String?) async throws -> [UInt8] {
        let outcome = try await FavoriteAdding.add(id, note: note, context: context)
        let name = TextSanitizer.clean(outcome.favorite.name)
        let (change, message) =
            switch outcome {
            case .added: ("added", "Added \(name) (\(outcome.favorite.id)) to the favourites.")
            case .alreadyPresent: ("alreadyPresent", "\(name) (\(outcome.favorite.id)) is already a favourite.")
            case .noteUpdated: ("noteUpdated", "Updated the note of \(name) (\(outcome.favorite.id)).")
            }
        return FavoriteChangeDocument.json(change: change, message: message, favorites: [outcome.favorite])
    }

    /// `favorite_remove`, as `venues favorites remove ID`.
    private func removeFavorite(_ id: VenueID) throws -> [UInt8] {
        let removed: [Favorite]
        do {
            removed = try context.favorites.remove(id: id)
        } catch {
            throw VenueToolFailure("\(error)")
        }
        guard !removed.isEmpty else {
            throw VenueToolFailure("\(id) is not a favourite (favorites_list lists them)")
        }
        let names = removed.map { "\(TextSanitizer.clean($0.name)) (\($0.id))" }.joined(separator: ", ")
        return FavoriteChangeDocument.json(
            change: "removed",
            message: "Removed \(names) from the favourites.",
            favorites: removed
        )
    }

    /// `hours`, as `venues hours VALUE --format json`.
    private func hours(_ request: HoursToolRequest) -> [UInt8] {
        let evaluation = HoursValueEvaluation(
            at: request.at,
            position: request.near.map { ($0.latitude, $0.longitude) },
            timeZone: request.timeZone.flatMap(TimeZone.init(identifier:)),
            country: request.country
        )
        return Array(evaluation.rendered(request.value, format: .json).utf8)
    }
}
