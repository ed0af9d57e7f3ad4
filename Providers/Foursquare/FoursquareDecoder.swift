public import Foundation
public import VenuesCore

/// Turns Foursquare answers into venues: pure, no I/O. One decoder serves both API
/// generations (the shapes differ only in the id key, the coordinates and the category ids).
public enum FoursquareDecoder {
    /// One decoded search page.
    public struct Page: Sendable, Hashable {
        /// The usable places, in Foursquare's order.
        public var venues: [Venue]
        /// `context.geo_bounds.circle.center`: the centre Foursquare searched around.
        public var center: Coordinate?
        /// Records left out, by reason (`"without coordinates"` → 2).
        public var skipped: [String: Int]

        public init(venues: [Venue] = [], center: Coordinate? = nil, skipped: [String: Int] = [:]) {
            self.venues = venues
            self.center = center
            self.skipped = skipped
        }
    }

    /// Why a record is not a venue.
    public enum Skip: String, Error, Sendable, Hashable {
        case malformed = "that are not JSON objects"
        case noID = "without a usable id"
        case noName = "without a name"
        case noCoordinates = "without coordinates"
    }

    /// Decodes a search answer (`{"results": […], "context": …}`).
    public static func decodeSearch(_ data: Data) throws(ProviderError) -> Page {
        let dto: FoursquareSearchDTO
        do {
            dto = try JSONDecoder().decode(FoursquareSearchDTO.self, from: data)
        } catch {
            throw .invalidResponse("Foursquare search answer is not the expected JSON: \(describe(error, data))")
        }
        var page = Page()
        for entry in dto.results {
            guard let entry else {
                page.skipped[Skip.malformed.rawValue, default: 0] += 1
                continue
            }
            switch venue(from: entry) {
            case .success(let venue): page.venues.append(venue)
            case .failure(let skip): page.skipped[skip.rawValue, default: 0] += 1
            }
        }
        if let center = dto.context?.geo_bounds?.circle?.center, let latitude = center.latitude,
            let longitude = center.longitude
        {
            page.center = try? Coordinate(latitude: latitude, longitude: longitude)
        }
        return page
    }

    /// Decodes a place-details answer (one place object), or says why it is no venue.
    public static func decodePlace(_ data: Data) throws(ProviderError) -> Result<Venue, Skip> {
        do {
            return venue(from: try JSONDecoder().decode(FoursquarePlaceDTO.self, from: data))
        } catch {
            throw .invalidResponse("Foursquare place answer is not the expected JSON: \(describe(error, data))")
        }
    }

    /// Maps one place onto a venue: id `fsq:<id>`, name (and, in ``Venue/names``, the names of
    /// its chains, source `chain`), coordinate (top-level for 2025-06-17, `geocodes.main` for
    /// v3), address, categories, phone, website, rating (0–10 halved to 0–5), price, opening
    /// hours, the Foursquare page and photos.
    static func venue(from place: FoursquarePlaceDTO) -> Result<Venue, Skip> {
        guard let native = nonEmpty(place.id), let id = try? VenueID(provider: .foursquare, native: native) else {
            return .failure(.noID)
        }
        guard let name = nonEmpty(place.name) else { return .failure(.noName) }
        guard let coordinate = coordinate(of: place) else { return .failure(.noCoordinates) }

        var categories: [Category] = []
        var labels: [String] = []
        for category in place.categories {
            if let label = nonEmpty(category.name), !labels.contains(label) { labels.append(label) }
            if let mapped = FoursquareCategories.category(id: category.id, name: category.name),
                !categories.contains(mapped)
            {
                categories.append(mapped)
            }
        }

        var links = [
            VenueLink(
                kind: .providerPage,
                url: "https://foursquare.com/v/\(escapePathSegment(native))",
                title: "Foursquare"
            )
        ]
        for photo in place.photos {
            if let url = photoURL(photo) { links.append(VenueLink(kind: .photo, url: url, title: "Foursquare photo")) }
        }

        var chains: [VenueName] = []
        for chain in place.chainNames {
            if let text = nonEmpty(chain), text != name, !chains.contains(where: { $0.text == text }) {
                chains.append(VenueName(text, source: "chain"))
            }
        }
        return .success(
            Venue(
                id: id,
                name: name,
                names: chains.isEmpty ? [] : [VenueName(name, source: "name")] + chains,
                coordinate: coordinate,
                address: address(of: place.location),
                categories: categories,
                providerCategories: labels,
                phone: nonEmpty(place.tel),
                website: nonEmpty(place.website),
                rating: place.rating.flatMap { (0...10).contains($0) ? ($0 / 2 * 100).rounded() / 100 : nil },
                ratingCount: place.totalRatings.flatMap { $0 >= 0 ? $0 : nil },
                price: place.price.flatMap { (1...4).contains($0) ? $0 : nil },
                openingHours: nonEmpty(place.hoursDisplay),
                hours: FoursquareHours.hours(of: place),
                links: links
            )
        )
    }

    /// Top-level `latitude`/`longitude`, else `geocodes.main`; `nil` when absent or out of range.
    static func coordinate(of place: FoursquarePlaceDTO) -> Coordinate? {
        if let latitude = place.latitude, let longitude = place.longitude,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        {
            return coordinate
        }
        if let latitude = place.mainGeocode?.latitude, let longitude = place.mainGeocode?.longitude {
            return try? Coordinate(latitude: latitude, longitude: longitude)
        }
        return nil
    }

    /// `formatted_address`, else `address, postcode locality` from the parts; empty strings
    /// count as missing.
    static func address(of location: [String: String]) -> String? {
        if let formatted = nonEmpty(location["formatted_address"]) { return formatted }
        let street = [location["address"], location["address_extended"]].compactMap(nonEmpty).joined(separator: " ")
        let town = [location["postcode"], location["locality"]].compactMap(nonEmpty).joined(separator: " ")
        let parts = [street, town].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `prefix + "original" + suffix` when both are there and the result is an https URL.
    static func photoURL(_ photo: FoursquarePhotoDTO) -> String? {
        guard let prefix = nonEmpty(photo.prefix), let suffix = nonEmpty(photo.suffix) else { return nil }
        let text = prefix + "original" + suffix
        guard let url = URL(string: text), url.scheme == "https", url.host != nil else { return nil }
        return text
    }

    /// Percent-escapes an id for use as one path segment (`/` and `?` included).
    static func escapePathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%;")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The trimmed text, or `nil` when missing or blank.
    static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        return trimmed
    }

    /// A short reason for a decoding failure, with the start of the body.
    private static func describe(_ error: any Error, _ data: Data) -> String {
        let reason: String
        switch error {
        case DecodingError.keyNotFound(let key, _): reason = "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context): reason = "wrong type at \(path(context.codingPath))"
        case DecodingError.valueNotFound(_, let context): reason = "null at \(path(context.codingPath))"
        default: reason = "not JSON"
        }
        return "\(reason) (body starts: \(FoursquareErrors.excerpt(data, limit: 80)))"
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty
            ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
