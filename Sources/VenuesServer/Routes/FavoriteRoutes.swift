import Foundation
import Hummingbird
import VenuesCore
import VenuesEngine
import VenuesFavorites
import VenuesOutput
import VenuesServerStore

/// The caller's favourites: `GET /v1/favorites` (the CLI's `favorites list` document, with
/// `near` and `radius` as there), `PUT /v1/favorites/{id}` (body `{"note": "…"}` optional) and
/// `DELETE /v1/favorites/{id}`. Each client sees and changes only its own.
///
/// A PUT of a venue that is not yet a favourite takes its snapshot from the venue's provider
/// (through the shared cache) and answers 201; a PUT of one that is (matched by any of its
/// source ids) changes the note when one is given and answers 200. Either way the answer is the
/// favourite as stored. A write is answered only once the store has it durably.
struct FavoriteRoutes: Sendable {
    let services: ServerServices

    /// The longest note accepted, as on the command line.
    static let maximumNoteLength = 1000

    func list(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let url = try URLQuery(request, allowed: ["near", "radius"])
        let near = try url.single("near")
        let radius = try url.integer(.radius, expected: "a whole number of metres from 1 to 100000")
        let parameters = QueryParameters(near: near, radius: radius)
        do {
            try parameters.validate()
        } catch {
            throw APIError.badRequest(error.description)
        }
        if radius != nil, near == nil { throw APIError.badRequest("radius needs near") }
        let center = parameters.center
        let favorites = try await storedFavorites(context)
        // The same favourites listed the same way have the same bytes: rendered once.
        let key = RenderedListings.Key(
            text: "favorites|\(center?.description ?? "-")|\(radius.map(String.init) ?? "-")",
            favorites: favorites
        )
        if let body = services.rendered.body(for: key) { return JSONResponse.make(body: body) }
        let document = ResultDocument(
            favorites: favorites,
            center: center,
            radius: radius,
            catalog: services.registry.catalog
        )
        let body = JSONResponse.body(try JSONRenderer.render(document))
        services.rendered.keep(body, for: key)
        return JSONResponse.make(body: body)
    }

    func put(_ request: Request, context: ServerRequestContext) async throws -> Response {
        _ = try URLQuery(request, allowed: [])
        let id = try VenueLookup.id(of: context)
        let note = try await Self.note(in: request)
        let client = try context.requiredClient()
        let existing = FavoriteIndex(favorites: try await storedFavorites(context)).favorite(matching: id)
        let favorite: Favorite
        let created: Bool
        if var existing {
            if let note { existing.note = note.isEmpty ? nil : note }
            favorite = existing
            created = false
        } else {
            let venue: Venue
            switch await VenueLookup(services: services).venue(id) {
            case .success(let found): venue = found
            case .failure(let error): throw VenueLookup.error(for: error, id: id)
            }
            let sources = venue.id == id ? [] : [id]
            favorite = Favorite(
                venue: venue,
                sources: sources,
                note: note.flatMap { $0.isEmpty ? nil : $0 },
                addedAt: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            )
            created = true
        }
        do throws(ServerStoreError) {
            try await services.store.call { store throws(ServerStoreError) in
                try await store.putFavorite(favorite, client: client)
            }
        } catch {
            throw APIError.storeUnavailable(error.reason)
        }
        return JSONResponse.make(try Self.json(favorite), status: created ? .created : .ok)
    }

    func delete(_ request: Request, context: ServerRequestContext) async throws -> Response {
        _ = try URLQuery(request, allowed: [])
        let id = try VenueLookup.id(of: context)
        let client = try context.requiredClient()
        guard let favorite = FavoriteIndex(favorites: try await storedFavorites(context)).favorite(matching: id) else {
            throw APIError.notFound("\(id) is not one of your favourites")
        }
        let removed: Bool
        do throws(ServerStoreError) {
            removed = try await services.store.call { store throws(ServerStoreError) in
                try await store.removeFavorite(id: favorite.id, client: client)
            }
        } catch {
            throw APIError.storeUnavailable(error.reason)
        }
        guard removed else { throw APIError.notFound("\(id) is not one of your favourites") }
        return Response(status: .noContent)
    }

    /// The caller's favourites, or 503 when the store is unavailable.
    private func storedFavorites(_ context: ServerRequestContext) async throws -> [Favorite] {
        let client = try context.requiredClient()
        do throws(ServerStoreError) {
            return try await services.store.call { store throws(ServerStoreError) in
                try await store.favorites(client: client)
            }
        } catch {
            throw APIError.storeUnavailable(error.reason)
        }
    }

    /// The note of a PUT body (`{"note": "…"}`), `nil` when there is no body or no note;
    /// 400 for a note with a control character other than tab or line break
    /// (``isRefusedControl(_:)``) or longer than ``maximumNoteLength`` once cleaned.
    static func note(in request: Request) async throws -> String? {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: ServerLimits.maximumBodyBytes)
        } catch {
            throw APIError.payloadTooLarge()
        }
        guard buffer.readableBytes > 0 else { return nil }
        struct Body: Decodable {
            var note: String?
        }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
        } catch {
            throw APIError.badRequest(#"the body is not JSON of the form {"note": "…"}"#)
        }
        guard let note = body.note else { return nil }
        if let control = note.unicodeScalars.first(where: isRefusedControl) {
            throw APIError.badRequest(
                "note holds the control character \(String(format: "U+%04X", control.value)): only tabs and line breaks are accepted (they become spaces)"
            )
        }
        let cleaned = TextSanitizer.clean(note).trimmingCharacters(in: .whitespacesAndNewlines)
        guard cleaned.count <= maximumNoteLength else {
            throw APIError.badRequest(
                "note is \(cleaned.count) characters long: at most \(maximumNoteLength) are accepted"
            )
        }
        return cleaned
    }

    /// A control character (Unicode category Cc: C0, DEL, C1) other than tab, line feed and
    /// carriage return. A note holding one is refused before it reaches a store (PostgreSQL
    /// refuses NUL in text); tabs and line breaks become spaces, as the CLI's `--note` does.
    static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" || scalar == "\r" { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A favourite as `favorites.json` stores it.
    static func json(_ favorite: Favorite) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(favorite), as: UTF8.self)
    }
}

extension ServerRequestContext {
    /// The authenticated client; the `/v1` routes always have one.
    func requiredClient() throws -> String {
        guard let client else { throw APIError.unauthorized("no client") }
        return client
    }
}
