/// The `X-Goog-FieldMask` values the provider must send, written out by hand.
///
/// Google bills every call at the tier of the dearest field in its mask, so the masks are pinned
/// here as literal text instead of being compared with `GooglePlacesFieldMask` (which would
/// compare the code with itself). Adding, removing or reordering a field in the provider fails
/// the tests until this list is changed too, on purpose, after checking the cost (see
/// `Providers/GooglePlaces/README.md`, "Field masks and cost").
enum PinnedFieldMasks {
    /// Nearby Search (`POST /v1/places:searchNearby`).
    static let nearby =
        "places.id,places.displayName,places.formattedAddress,places.location,places.types,places.primaryType,"
        + "places.rating,places.userRatingCount,places.nationalPhoneNumber,places.internationalPhoneNumber,"
        + "places.websiteUri,places.googleMapsUri,places.priceLevel"

    /// Text Search (`POST /v1/places:searchText`): the nearby fields plus `nextPageToken`.
    static let textSearch =
        "places.id,places.displayName,places.formattedAddress,places.location,places.types,places.primaryType,"
        + "places.rating,places.userRatingCount,places.nationalPhoneNumber,places.internationalPhoneNumber,"
        + "places.websiteUri,places.googleMapsUri,places.priceLevel,nextPageToken"

    /// Place Details (`GET /v1/places/{id}`): no `places.` prefix, plus the business status and
    /// the opening hours (the regular week, the coming days, the offset and zone).
    static let details =
        "id,displayName,formattedAddress,location,types,primaryType,rating,userRatingCount,nationalPhoneNumber,"
        + "internationalPhoneNumber,websiteUri,googleMapsUri,priceLevel,businessStatus,"
        + "regularOpeningHours,currentOpeningHours,utcOffsetMinutes,timeZone"

    /// Nearby Search when a filter on opening hours needs them: the hours fields added.
    static let nearbyWithHours =
        nearby + ",places.regularOpeningHours,places.currentOpeningHours,places.utcOffsetMinutes,places.timeZone"

    /// Text Search when a filter on opening hours needs them.
    static let textSearchWithHours = nearbyWithHours + ",nextPageToken"
}
