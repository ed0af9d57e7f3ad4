// Wire types for Google Places API (New), named and shaped after the discovery document
// `places.v1` (revision 20261101). Only the fields this provider sends or reads are declared;
// optional properties are left out of the JSON when nil, as Google expects.

/// `GoogleTypeLatLng`.
struct GoogleLatLng: Codable, Sendable, Hashable {
    var latitude: Double
    var longitude: Double
}

/// `GoogleMapsPlacesV1Circle`: radius in metres, 0…50 000.
struct GoogleCircle: Codable, Sendable, Hashable {
    var center: GoogleLatLng
    var radius: Double
}

/// `GoogleMapsPlacesV1SearchNearbyRequestLocationRestriction` and
/// `GoogleMapsPlacesV1SearchTextRequestLocationBias` (we only ever send the circle).
struct GoogleCircleArea: Codable, Sendable, Hashable {
    var circle: GoogleCircle
}

/// `GoogleMapsPlacesV1SearchNearbyRequest`.
struct SearchNearbyRequestBody: Codable, Sendable, Hashable {
    var includedTypes: [String]?
    var maxResultCount: Int
    var locationRestriction: GoogleCircleArea
    var rankPreference: String
    var languageCode: String?
}

/// `GoogleMapsPlacesV1SearchTextRequest`.
struct SearchTextRequestBody: Codable, Sendable, Hashable {
    var textQuery: String
    var includedType: String?
    var pageSize: Int
    var pageToken: String?
    var locationBias: GoogleCircleArea
    var rankPreference: String
    var languageCode: String?
}

/// `GoogleTypeLocalizedText`.
struct GoogleLocalizedText: Codable, Sendable, Hashable {
    var text: String?
    var languageCode: String?
}

/// `GoogleMapsPlacesV1PlaceOpeningHours` (the part we read).
struct GoogleOpeningHours: Codable, Sendable, Hashable {
    var weekdayDescriptions: [String]?
    var periods: [GoogleOpeningPeriod]?
    var openNow: Bool?
}

/// `GoogleMapsPlacesV1PlaceOpeningHoursPeriod`: open from `open` until `close`; no `close` is
/// open for ever (a place open day and night has one period, Sunday 00:00 without a close).
struct GoogleOpeningPeriod: Codable, Sendable, Hashable {
    var open: GooglePeriodPoint?
    var close: GooglePeriodPoint?
}

/// `GoogleMapsPlacesV1PlaceOpeningHoursPeriodPoint`: a day of the week (0 is Sunday), a time,
/// and in current hours the date, in the place's own zone.
struct GooglePeriodPoint: Codable, Sendable, Hashable {
    var day: Int?
    var hour: Int?
    var minute: Int?
    var date: GoogleDate?
}

/// `GoogleTypeDate`.
struct GoogleDate: Codable, Sendable, Hashable {
    var year: Int
    var month: Int
    var day: Int
}

/// `GoogleTypeTimeZone`: the IANA identifier.
struct GoogleTimeZone: Codable, Sendable, Hashable {
    var id: String?
}

/// `GoogleMapsPlacesV1Place`: every field is optional; Google omits what the mask did not ask for.
struct GooglePlace: Codable, Sendable, Hashable {
    var id: String?
    var displayName: GoogleLocalizedText?
    var formattedAddress: String?
    var location: GoogleLatLng?
    var types: [String]?
    var primaryType: String?
    var rating: Double?
    var userRatingCount: Int?
    var nationalPhoneNumber: String?
    var internationalPhoneNumber: String?
    var websiteUri: String?
    var googleMapsUri: String?
    var priceLevel: String?
    var businessStatus: String?
    var regularOpeningHours: GoogleOpeningHours?
    var currentOpeningHours: GoogleOpeningHours?
    var utcOffsetMinutes: Int?
    var timeZone: GoogleTimeZone?
}

/// `GoogleMapsPlacesV1SearchNearbyResponse` and `GoogleMapsPlacesV1SearchTextResponse`:
/// `{}` (no `places` key) means nothing matched.
struct SearchResponseBody: Codable, Sendable, Hashable {
    var places: [GooglePlace]?
    var nextPageToken: String?
}

/// The `{"error": {code, message, status, details}}` envelope (`google.rpc.Status` as JSON).
struct GoogleErrorEnvelope: Codable, Sendable, Hashable {
    struct Status: Codable, Sendable, Hashable {
        var code: Int?
        var message: String?
        var status: String?
        var details: [Detail]?
    }

    /// One typed detail; only `google.rpc.ErrorInfo` carries `reason`.
    struct Detail: Codable, Sendable, Hashable {
        var type: String?
        var reason: String?
        var domain: String?

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case reason, domain
        }
    }

    var error: Status
}
