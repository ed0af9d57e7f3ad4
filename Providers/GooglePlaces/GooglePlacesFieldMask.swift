/// The `X-Goog-FieldMask` values this provider sends: exactly the fields it decodes, never `*`.
///
/// Google bills each call by the most expensive field in its mask. Phone numbers, web site,
/// rating, rating count and price level put searches in the Enterprise tier; see the README.
public enum GooglePlacesFieldMask {
    /// Place fields read from every search result and every lookup (paths of `GoogleMapsPlacesV1Place`).
    public static let placeFields: [String] = [
        "id",
        "displayName",
        "formattedAddress",
        "location",
        "types",
        "primaryType",
        "rating",
        "userRatingCount",
        "nationalPhoneNumber",
        "internationalPhoneNumber",
        "websiteUri",
        "googleMapsUri",
        "priceLevel",
    ]

    /// Opening hours: the regular week, the coming days (special days included) and the
    /// place's offset and zone. Asked for by a lookup, and by a search only when a filter on
    /// opening hours needs them (``VenueQuery/wantsOpeningHours``): they are costlier fields.
    public static let hoursFields: [String] = [
        "regularOpeningHours",
        "currentOpeningHours",
        "utcOffsetMinutes",
        "timeZone",
    ]

    /// Extra place fields read by a lookup by id (`venues show`), which shows everything we know.
    public static let detailOnlyFields: [String] = ["businessStatus"] + hoursFields

    /// Nearby Search: paths relative to `GoogleMapsPlacesV1SearchNearbyResponse`.
    public static let nearby: String = placeFields.map { "places.\($0)" }.joined(separator: ",")

    /// Text Search: the place paths plus the top-level `nextPageToken`, without which Google
    /// sends no token and paging stops after one page.
    public static let textSearch: String = nearby + ",nextPageToken"

    /// Nearby Search with the opening hours (``hoursFields``).
    public static let nearbyWithHours: String = (placeFields + hoursFields).map { "places.\($0)" }.joined(
        separator: ","
    )

    /// Text Search with the opening hours.
    public static let textSearchWithHours: String = nearbyWithHours + ",nextPageToken"

    /// Place Details (`GET /v1/places/{id}`): paths relative to `GoogleMapsPlacesV1Place`, no `places.` prefix.
    public static let details: String = (placeFields + detailOnlyFields).joined(separator: ",")
}
