import Foundation

// The JSON shapes of both API generations, decoded leniently: a field of an unexpected type
// reads as missing instead of failing the whole answer (PROVIDERS.md §1.4: every field except
// the id may be missing; location parts may be empty strings).

/// `GET …/places/search`: `{"results": [Place…], "context": {…}}`.
struct FoursquareSearchDTO: Decodable {
    /// One entry per result; an entry that is not an object decodes to `nil`.
    var results: [FoursquarePlaceDTO?]
    var context: FoursquareContextDTO?

    private enum CodingKeys: String, CodingKey { case results, context }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.results) else {
            throw DecodingError.keyNotFound(
                CodingKeys.results,
                .init(codingPath: [], debugDescription: "the answer has no \"results\" array")
            )
        }
        self.results = try container.decode([Lossy<FoursquarePlaceDTO>?].self, forKey: .results).map { $0?.value }
        self.context = try? container.decodeIfPresent(FoursquareContextDTO.self, forKey: .context)
    }
}

/// A value that decodes to `nil` instead of failing (one odd entry never spoils its array).
struct Lossy<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

/// `context.geo_bounds.circle`: the circle Foursquare searched (with IP location, its guess).
struct FoursquareContextDTO: Decodable {
    struct GeoBounds: Decodable { var circle: Circle? }
    struct Circle: Decodable {
        var center: FoursquarePointDTO?
        var radius: Double?
    }

    var geo_bounds: GeoBounds?
}

/// `{latitude, longitude}`.
struct FoursquarePointDTO: Decodable {
    var latitude: Double?
    var longitude: Double?

    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latitude = container.lenientDouble(.latitude)
        longitude = container.lenientDouble(.longitude)
    }
}

/// One place, in the union of the 2025-06-17 and v3 shapes.
struct FoursquarePlaceDTO: Decodable {
    /// `fsq_place_id` (2025-06-17) or `fsq_id` (v3).
    var id: String?
    var name: String?
    /// Top-level `latitude`/`longitude` (2025-06-17).
    var latitude: Double?
    var longitude: Double?
    /// `geocodes.main` (v3).
    var mainGeocode: FoursquarePointDTO?
    var location: [String: String]
    var categories: [FoursquareCategoryDTO]
    var tel: String?
    var website: String?
    var rating: Double?
    var price: Int?
    var distance: Double?
    var hoursDisplay: String?
    /// `hours.regular`: the usual week.
    var regularHours: [FoursquareHoursEntry]
    /// `hours.open_now`.
    var openNow: Bool?
    /// `timezone` (v3 only: the new API dropped it).
    var timeZone: String?
    var totalRatings: Int?
    var photos: [FoursquarePhotoDTO]
    /// The names of the chains the place belongs to (`chains[].name`).
    var chainNames: [String]

    private enum CodingKeys: String, CodingKey {
        case fsq_place_id, fsq_id, name, latitude, longitude, geocodes, location, categories, tel, website,
            rating, price, distance, hours, stats, photos, chains, timezone
    }
    private struct Chain: Decodable { var name: String? }
    private struct Geocodes: Decodable { var main: FoursquarePointDTO? }
    private struct Hours: Decodable {
        var display: String?
        var open_now: Bool?
        var regular: [FoursquareHoursEntry]?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            display = try? container.decodeIfPresent(String.self, forKey: .display)
            open_now = try? container.decodeIfPresent(Bool.self, forKey: .open_now)
            regular = container.lossyArray(FoursquareHoursEntry.self, .regular)
        }

        private enum Keys: String, CodingKey { case display, open_now, regular }
    }
    private struct Stats: Decodable { var total_ratings: Int? }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientString(.fsq_place_id) ?? container.lenientString(.fsq_id)
        name = container.lenientString(.name)
        latitude = container.lenientDouble(.latitude)
        longitude = container.lenientDouble(.longitude)
        mainGeocode = (try? container.decodeIfPresent(Geocodes.self, forKey: .geocodes))??.main
        location = Self.strings(in: container, key: .location)
        categories = container.lossyArray(FoursquareCategoryDTO.self, .categories)
        tel = container.lenientString(.tel)
        website = container.lenientString(.website)
        rating = container.lenientDouble(.rating)
        price = container.lenientDouble(.price).flatMap { $0.isFinite ? Int(exactly: $0) : nil }
        distance = container.lenientDouble(.distance)
        let hours = (try? container.decodeIfPresent(Hours.self, forKey: .hours)) ?? nil
        hoursDisplay = hours?.display
        regularHours = hours?.regular ?? []
        openNow = hours?.open_now
        timeZone = container.lenientString(.timezone)
        totalRatings = (try? container.decodeIfPresent(Stats.self, forKey: .stats))??.total_ratings
        photos = container.lossyArray(FoursquarePhotoDTO.self, .photos)
        chainNames = container.lossyArray(Chain.self, .chains).compactMap(\.name)
    }

    /// The string-valued members of `location` (arrays such as `neighborhood` are left out).
    private static func strings(
        in container: KeyedDecodingContainer<CodingKeys>,
        key: CodingKeys
    ) -> [String: String] {
        guard let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key) else { return [:] }
        var strings: [String: String] = [:]
        for member in nested.allKeys {
            if let value = try? nested.decode(String.self, forKey: member) { strings[member.stringValue] = value }
        }
        return strings
    }
}

/// `categories[]`: `{fsq_category_id: "BSON"}` (2025-06-17) or `{id: 13034}` (v3), with names.
struct FoursquareCategoryDTO: Decodable {
    var id: String?
    var name: String?

    private enum CodingKeys: String, CodingKey { case fsq_category_id, id, name }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id =
            container.lenientString(.fsq_category_id) ?? container.lenientString(.id)
            ?? container.lenientDouble(.id).flatMap { $0.isFinite ? Int(exactly: $0).map(String.init) : nil }
        name = container.lenientString(.name)
    }
}

/// `photos[]`: a public image is `prefix + size + suffix`.
struct FoursquarePhotoDTO: Decodable {
    var prefix: String?
    var suffix: String?
}

/// Any JSON object key.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// `{"message": "…"}`, the error body of v3 and 2025-06-17.
struct FoursquareErrorDTO: Decodable {
    var message: String?
}

extension KeyedDecodingContainer {
    /// A string, or `nil` when missing, `null` or not a string.
    fileprivate func lenientString(_ key: Key) -> String? {
        (try? decodeIfPresent(String.self, forKey: key)) ?? nil
    }

    /// The decodable entries of an array; `[]` when missing or not an array.
    fileprivate func lossyArray<Element: Decodable>(_ type: Element.Type, _ key: Key) -> [Element] {
        let entries = (try? decodeIfPresent([Lossy<Element>?].self, forKey: key)) ?? nil
        return entries?.compactMap { $0?.value } ?? []
    }

    /// A finite number (also from a numeric string), or `nil`.
    fileprivate func lenientDouble(_ key: Key) -> Double? {
        if let value = (try? decodeIfPresent(Double.self, forKey: key)) ?? nil { return value.isFinite ? value : nil }
        if let text = lenientString(key), let value = Double(text.trimmingCharacters(in: .whitespaces)),
            value.isFinite
        {
            return value
        }
        return nil
    }
}
