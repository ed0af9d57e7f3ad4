import Foundation
import Hummingbird
import VenuesCore
import VenuesEngine
import VenuesOutput

/// `GET /v1/suggest?q=…&near=…&radius=…`: venues as the user types, from the providers that are
/// ``VenueSuggesting``: the OpenStreetMap and Overture indexes on this machine, and where the
/// OpenStreetMap data is a remote Overpass server, the circle's venues fetched once for the
/// keystrokes that follow (within the search's bound, else a warning); never a paid provider.
/// At most `limit` (1–10, default 10) venues, each with its id, name, category, distance and
/// ``VenueMatch``, the best matches first, then the nearest (``SearchTerm``: the last word of `q` may be unfinished, typos are forgiven).
struct SuggestRoutes: Sendable {
    let services: ServerServices

    static let parameters: Set<String> = ["q", "near", "radius", "category", "limit"]
    /// The most suggestions, and the default.
    static let maximumLimit = 10

    func suggest(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let query = try Self.query(request, services: services)
        var suggested: [SuggestedVenue] = []
        var warnings: [String] = []
        for suggester in services.providers.suggesters {
            do {
                let found = try await suggester.suggest(query)
                suggested += found.venues
                warnings += found.warnings.map { TextSanitizer.clean($0) }
            } catch {
                continue
            }
        }
        let center = query.center!
        // Each suggester ranked its own; the lists of several are ranked together.
        let ranked = SearchTerm.ranked(suggested, around: center).prefix(query.limit)
        let document = SuggestionDocument(
            q: query.term ?? "",
            center: .init(latitude: center.latitude, longitude: center.longitude),
            radius: query.radius,
            suggestions: ranked.map { item in
                SuggestionDocument.Suggestion(
                    id: TextSanitizer.clean(item.venue.id.description),
                    name: TextSanitizer.clean(item.venue.name),
                    category: item.venue.categories.first?.rawValue
                        ?? item.venue.providerCategories.first.map {
                            TextSanitizer.clean(ResultDocument.Row.humanised($0))
                        },
                    distance: (item.distance * 10).rounded() / 10,
                    match: item.match
                )
            },
            warnings: warnings.isEmpty ? nil : warnings
        )
        return JSONResponse.make(document.json())
    }

    /// The request's parameters checked, as a query: 400 for what `search` would refuse, for a
    /// missing `q` and for a limit outside 1–10.
    static func query(_ request: Request, services: ServerServices) throws -> VenueQuery {
        let url = try URLQuery(request, allowed: parameters)
        guard let text = try url.single("q") else {
            throw APIError.badRequest("q is required: give what has been typed so far")
        }
        let parameters = QueryParameters(
            near: try url.single("near"),
            radius: try url.integer(.radius, expected: "a whole number of metres from 1 to 100000"),
            categories: url.list("category"),
            limit: try url.integer(.limit, expected: "a whole number from 1 to \(maximumLimit)")
        )
        let term: String
        do {
            try parameters.validate()
            term = try QueryParameters.checkedTerm(text)
        } catch {
            throw APIError.badRequest(error.parameter == .term ? error.message(naming: "q") : error.description)
        }
        if let limit = parameters.limit, limit > maximumLimit {
            throw APIError.badRequest(
                "limit \(limit) is out of range: expected a whole number from 1 to \(maximumLimit)"
            )
        }
        let configuration = services.configuration
        guard let center = parameters.center ?? configuration.defaultLocation else {
            throw APIError.badRequest(
                "near is required: give the centre as near=LAT,LON in decimal degrees, e.g. near=60.1699,24.9384"
            )
        }
        return VenueQuery(
            center: center,
            radius: parameters.radius ?? configuration.radius,
            term: term,
            categories: parameters.categorySet,
            limit: parameters.limit ?? maximumLimit,
            sort: .relevance,
            timeout: configuration.timeout
        )
    }
}
