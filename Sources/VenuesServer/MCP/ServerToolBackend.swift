import Foundation
import Hummingbird
import VenuesCore
import VenuesEngine
import VenuesFavorites
import VenuesMCP
import VenuesOpenState
import VenuesOutput

/// What answers the assistants' tools on `/mcp`: each call is the REST route that asks the same
/// question (`nearby` is `GET /v1/nearby`…), run in-process for the caller of the MCP request,
/// so that it is checked, cached, budgeted, counted and answered exactly as that route is.
struct ServerToolBackend: VenueToolBackend {
    /// The REST routes the tools are answered by.
    struct Routes: Sendable {
        var nearby: @Sendable (Request, ServerRequestContext) async throws -> Response
        var search: @Sendable (Request, ServerRequestContext) async throws -> Response
        var venue: @Sendable (Request, ServerRequestContext) async throws -> Response
        var favorites: @Sendable (Request, ServerRequestContext) async throws -> Response
        var putFavorite: @Sendable (Request, ServerRequestContext) async throws -> Response
        var deleteFavorite: @Sendable (Request, ServerRequestContext) async throws -> Response
    }

    let routes: Routes
    /// The context of the MCP request: its client, its rate limit.
    let context: ServerRequestContext
    let services: ServerServices
    /// Where the server's local indexes are (for `providers`).
    let indexDirectory: URL?

    func answer(_ call: VenueToolCall) async throws(VenueToolFailure) -> [UInt8] {
        do {
            switch call {
            case .listing(let parameters, let hours, let explain):
                let route = parameters.term == nil ? routes.nearby : routes.search
                let path = parameters.term == nil ? "/v1/nearby" : "/v1/search"
                return try await body(
                    of: route,
                    .get,
                    path + Self.query(Self.listingItems(parameters, hours: hours, explain: explain))
                )
            case .place(let id, _):
                // The route asks the provider within the server's own timeout, as for REST clients.
                return try await body(of: routes.venue, .get, "/v1/venues/" + Self.pathText(id), id: id)
            case .favorites(let near, let radius):
                var items: [URLQueryItem] = []
                if let near { items.append(URLQueryItem(name: "near", value: "\(near.latitude),\(near.longitude)")) }
                if let radius { items.append(URLQueryItem(name: "radius", value: String(radius))) }
                return try await body(of: routes.favorites, .get, "/v1/favorites" + Self.query(items))
            case .addFavorite(let id, let note):
                let noteBody = note.map { Self.noteBody($0) }
                let (status, bytes) = try await exchange(
                    routes.putFavorite,
                    .put,
                    "/v1/favorites/" + Self.pathText(id),
                    id: id,
                    body: noteBody
                )
                let favorite = try Self.decoder.decode(Favorite.self, from: Data(bytes))
                let name = TextSanitizer.clean(favorite.name)
                let (change, message) =
                    if status == .created {
                        ("added", "Added \(name) (\(favorite.id)) to the favourites.")
                    } else if note == nil {
                        ("alreadyPresent", "\(name) (\(favorite.id)) is already a favourite.")
                    } else {
                        ("noteUpdated", "Updated the note of \(name) (\(favorite.id)).")
                    }
                return FavoriteChangeDocument.json(change: change, message: message, favorites: [favorite])
            case .removeFavorite(let id):
                _ = try await exchange(routes.deleteFavorite, .delete, "/v1/favorites/" + Self.pathText(id), id: id)
                return FavoriteChangeDocument.json(
                    change: "removed",
                    message: "Removed \(id) from the favourites.",
                    favorites: []
                )
            case .providers:
                return ProviderStatusDocument.json(
                    registry: .standard,
                    configuration: services.configuration,
                    indexDirectory: indexDirectory
                )
            case .hours(let request):
                let evaluation = HoursValueEvaluation(
                    at: request.at,
                    position: request.near.map { ($0.latitude, $0.longitude) },
                    timeZone: request.timeZone.flatMap(TimeZone.init(identifier:)),
                    country: request.country
                )
                return Array(evaluation.rendered(request.value, format: .json).utf8)
            }
        } catch let failure as VenueToolFailure {
            throw failure
        } catch let error as APIError {
            throw VenueToolFailure(error.message)
        } catch {
            services.logger.error("an MCP tool call failed: \(error)")
            throw VenueToolFailure("the server failed to answer (see its log)")
        }
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// The body of a route's successful answer.
    private func body(
        of route: @Sendable (Request, ServerRequestContext) async throws -> Response,
        _ method: HTTPRequest.Method,
        _ target: String,
        id: VenueID? = nil
    ) async throws -> [UInt8] {
        try await exchange(route, method, target, id: id).body
    }

    /// Runs `route` on a request for `target` with the MCP request's context (the venue id as
    /// the path's rest, as the router would set it).
    private func exchange(
        _ route: @Sendable (Request, ServerRequestContext) async throws -> Response,
        _ method: HTTPRequest.Method,
        _ target: String,
        id: VenueID? = nil,
        body: ByteBuffer? = nil
    ) async throws -> (status: HTTPResponse.Status, body: [UInt8]) {
        var fields: HTTPFields = [.accept: "application/json"]
        if body != nil { fields[.contentType] = "application/json" }
        let request = Request(
            head: HTTPRequest(
                method: method,
                scheme: "http",
                authority: "localhost",
                path: target,
                headerFields: fields
            ),
            body: RequestBody(buffer: body ?? ByteBuffer())
        )
        var context = context
        if let id { context.coreContext.parameters.setCatchAll(Substring(Self.pathText(id))) }
        let response = try await route(request, context)
        let collector = BodyCollector()
        try await response.body.write(collector)
        return (response.status, Array(collector.buffer.readableBytesView))
    }

    /// The query of a `nearby` or `search` URL, with the REST route's parameter names.
    static func listingItems(_ parameters: QueryParameters, hours: HoursRequest, explain: Bool) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        func add(_ name: String, _ value: String?) {
            if let value { items.append(URLQueryItem(name: name, value: value)) }
        }
        add("near", parameters.near)
        add("radius", parameters.radius.map(String.init))
        add("term", parameters.term)
        for list in parameters.providers { add("providers", list) }
        for category in parameters.categories { add("category", category) }
        add("limit", parameters.limit.map(String.init))
        add("sort", parameters.sort)
        add("timeout", parameters.timeout.map { String($0) })
        if explain { add("explain", "true") }
        if hours.openNow { add("openNow", "true") }
        add("openAt", hours.openAt)
        add("openFor", hours.openFor)
        if hours.includeUnknown { add("includeUnknown", "true") }
        add("country", hours.country)
        return items
    }

    /// `?a=1&b=2`, every value %-escaped (a `+` or `&` in a term stays itself), or nothing.
    static func query(_ items: [URLQueryItem]) -> String {
        guard !items.isEmpty else { return "" }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+;#")
        return "?"
            + items.map { item in
                "\(item.name)=\((item.value ?? "").addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
            }.joined(separator: "&")
    }

    /// A venue id as a path's rest: its slashes kept, anything else a path cannot hold escaped.
    static func pathText(_ id: VenueID) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%?#")
        return id.description.addingPercentEncoding(withAllowedCharacters: allowed) ?? id.description
    }

    private static func noteBody(_ note: String) -> ByteBuffer {
        let data = (try? JSONEncoder().encode(["note": note])) ?? Data("{}".utf8)
        return ByteBuffer(bytes: data)
    }
}

/// Gathers a response body written in parts.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ part: ByteBuffer) async throws {
        buffer.writeImmutableBuffer(part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
