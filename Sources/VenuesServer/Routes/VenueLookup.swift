import Foundation
import Hummingbird
import VenuesAggregator
import VenuesCore
import VenuesOutput

/// Finds one venue by id for the server: parses the id of a `…/{id}` route and asks the
/// provider that issued it, through the shared calls (so lookups are cached and coalesced
/// like searches).
struct VenueLookup: Sendable {
    let services: ServerServices

    /// The venue id at the end of the request's path (`osm:node/123` or `osm:node%2F123`).
    static func id(of context: ServerRequestContext) throws -> VenueID {
        guard let text = PathText.decoded(context.parameters.getCatchAll()), !text.isEmpty else {
            throw APIError.badRequest("the path has no venue id or a malformed %-escape")
        }
        do {
            return try VenueID(parsing: text)
        } catch {
            throw APIError.badRequest(error.description)
        }
    }

    /// The venue as its provider knows it now (or as the shared cache has it).
    func venue(_ id: VenueID) async -> Result<Venue, ProviderError> {
        switch services.providers.provider(for: id) {
        case .failure(let error):
            return .failure(error)
        case .success(let provider):
            do {
                return try await Aggregator(providers: [provider]).venue(id, timeout: services.configuration.timeout)
            } catch {
                return .failure(.badRequest(error.description))
            }
        }
    }

    /// The answer for a lookup that failed: 404 for an unknown id, 429 while the provider is
    /// paused, 503 when it cannot be asked or failed.
    static func error(for error: ProviderError, id: VenueID) -> APIError {
        let message = TextSanitizer.clean(error.message)
        switch error {
        case .notFound:
            return .notFound("no venue with id \(id): \(id.provider) does not know it")
        case .unsupported:
            return .notFound("no venue with id \(id): \(message)")
        case .rateLimited(let retryAfter):
            return .rateLimited("\(id.provider) is rate limited: \(message)", retryAfter: retryAfter)
        default:
            return APIError(
                status: .serviceUnavailable,
                kind: "providerUnavailable",
                message: "cannot look up \(id): \(id.provider) failed: \(message)"
            )
        }
    }
}
