public import Foundation
public import VenuesCore

/// Turns Google Places (New) response bodies into venues, with no I/O.
public enum GooglePlacesDecoder {
    /// One decoded search page.
    public struct Page: Sendable, Hashable {
        /// The usable places, in Google's order.
        public var venues: [Venue]
        /// The token for the next page; `nil` when absent or empty (the last page).
        public var nextPageToken: String?
        /// How many places were skipped, and why.
        public var skippedWithoutLocation: Int
        public var skippedWithoutName: Int
        public var skippedWithoutID: Int

        /// A note per kind of skipped place, for `--verbose`.
        public var notes: [String] {
            var notes: [String] = []
            if skippedWithoutLocation > 0 {
                notes.append("skipped \(skippedWithoutLocation) place(s) without a location")
            }
            if skippedWithoutName > 0 { notes.append("skipped \(skippedWithoutName) place(s) without a name") }
            if skippedWithoutID > 0 { notes.append("skipped \(skippedWithoutID) place(s) without an id") }
            return notes
        }
    }

    /// Decodes a `SearchNearbyResponse` or `SearchTextResponse`; `{}` is an empty page.
    public static func decodeSearch(_ data: Data) throws(ProviderError) -> Page {
        let body: SearchResponseBody
        do {
            body = try JSONDecoder().decode(SearchResponseBody.self, from: data)
        } catch {
            throw .invalidResponse("Google search answer is not the expected JSON: \(describe(error))")
        }
        var page = Page(
            venues: [],
            nextPageToken: nil,
            skippedWithoutLocation: 0,
            skippedWithoutName: 0,
            skippedWithoutID: 0
        )
        for place in body.places ?? [] {
            switch venue(from: place) {
            case .success(let venue): page.venues.append(venue)
            case .failure(.noLocation): page.skippedWithoutLocation += 1
            case .failure(.noName): page.skippedWithoutName += 1
            case .failure(.noID): page.skippedWithoutID += 1
            }
        }
        if let token = body.nextPageToken, !token.isEmpty { page.nextPageToken = token }
        return page
    }

    /// Decodes a Place Details answer (`GoogleMapsPlacesV1Place`).
    public static func decodePlace(_ data: Data) throws(ProviderError) -> Venue {
        let place: GooglePlace
        do {
            place = try JSONDecoder().decode(GooglePlace.self, from: data)
        } catch {
            throw .invalidResponse("Google place answer is not the expected JSON: \(describe(error))")
        }
        switch venue(from: place) {
        case .success(let venue): return venue
        case .failure(.noLocation): throw .invalidResponse("Google returned the place without a location")
        case .failure(.noName): throw .invalidResponse("Google returned the place without a name")
        case .failure(.noID): throw .invalidResponse("Google returned the place without an id")
        }
    }

    /// `PRICE_LEVEL_FREE` 0 … `PRICE_LEVEL_VERY_EXPENSIVE` 4; unspecified or unknown → `nil`.
    public static func price(fromLevel level: String?) -> Int? {
        switch level {
        case "PRICE_LEVEL_FREE": 0
        case "PRICE_LEVEL_INEXPENSIVE": 1
        case "PRICE_LEVEL_MODERATE": 2
        case "PRICE_LEVEL_EXPENSIVE": 3
        case "PRICE_LEVEL_VERY_EXPENSIVE": 4
        default: nil
        }
    }

    enum Skip: Error {
        case noLocation, noName, noID
    }

    static func venue(from place: GooglePlace) -> Result<Venue, Skip> {
        guard let native = place.id, let id = try? VenueID(provider: .google, native: native) else {
            return .failure(.noID)
        }
        guard let name = place.displayName?.text?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty
        else {
            return .failure(.noName)
        }
        guard let location = place.location,
            let coordinate = try? Coordinate(latitude: location.latitude, longitude: location.longitude)
        else {
            return .failure(.noLocation)
        }
        var types = place.types ?? []
        if let primary = place.primaryType, !primary.isEmpty {
            types.removeAll { $0 == primary }
            types.insert(primary, at: 0)
        }
        var extras: [String: String] = [:]
        if let primary = place.primaryType, !primary.isEmpty { extras["primaryType"] = primary }
        if let national = nonEmpty(place.nationalPhoneNumber) { extras["nationalPhone"] = national }
        if let status = nonEmpty(place.businessStatus) { extras["businessStatus"] = status }
        var links: [VenueLink] = []
        if let maps = nonEmpty(place.googleMapsUri) {
            links.append(VenueLink(kind: .map, url: maps, title: "Google Maps"))
        }
        let hours = place.regularOpeningHours?.weekdayDescriptions?.filter { !$0.isEmpty } ?? []
        // The language of the name, for the merge (``Venue/names``).
        let language = nonEmpty(place.displayName?.languageCode)
        return .success(
            Venue(
                id: id,
                name: name,
                names: language.map { [VenueName(name, source: "displayName", language: $0)] } ?? [],
                coordinate: coordinate,
                address: nonEmpty(place.formattedAddress),
                categories: GooglePlacesTypes.categories(forTypes: types),
                providerCategories: types,
                phone: nonEmpty(place.internationalPhoneNumber) ?? nonEmpty(place.nationalPhoneNumber),
                website: nonEmpty(place.websiteUri),
                rating: place.rating,
                ratingCount: place.userRatingCount,
                price: price(fromLevel: place.priceLevel),
                openingHours: hours.isEmpty ? nil : hours.joined(separator: "; "),
                hours: GoogleHoursSpecification.hours(of: place),
                links: links,
                extras: extras
            )
        )
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return String(describing: error)
        }
    }
}
