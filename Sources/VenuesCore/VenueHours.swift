/// One source's opening hours of a venue: the provider's hours in the one syntax the hours
/// engine reads (OpenStreetMap's `opening_hours`), with what the provider said beside them.
///
/// OpenStreetMap's value is kept as mapped; Google's periods and Foursquare's regular hours are
/// written in the same syntax by their providers (a week of `Mo 09:00-17:00` rules; Google's
/// current hours as dated rules for the days they cover), so that one engine evaluates every
/// source. A merged venue keeps every source's hours.
public struct VenueHours: Sendable, Hashable, Codable {
    /// What the hours describe.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The usual week.
        case regular
        /// The coming days as they will be, special days included (Google's
        /// `currentOpeningHours`): more specific than the regular week, trusted first.
        case current
    }

    /// The provider the hours came from.
    public var provider: ProviderID
    /// The hours in OpenStreetMap `opening_hours` syntax.
    public var specification: String
    /// The hours as the provider shows them to people, when that differs from
    /// ``specification`` (Google's `weekdayDescriptions`, Foursquare's `display`).
    public var text: String?
    /// What the hours describe.
    public var kind: Kind
    /// The venue's time zone as the provider says it (an IANA identifier), if it does.
    public var timeZone: String?
    /// The venue's offset from UTC in minutes as the provider says it (Google's
    /// `utcOffsetMinutes`), if it does.
    public var utcOffsetMinutes: Int?
    /// When the hours were last checked, `YYYY-MM-DD` (OpenStreetMap's
    /// `check_date:opening_hours`, else `check_date`), if known.
    public var checked: String?
    /// Whether the provider itself said the venue was open when it answered (Foursquare's
    /// `open_now`, Google's `openNow`), if it did.
    public var openNow: Bool?

    /// Creates one source's hours.
    public init(
        provider: ProviderID,
        specification: String,
        text: String? = nil,
        kind: Kind = .regular,
        timeZone: String? = nil,
        utcOffsetMinutes: Int? = nil,
        checked: String? = nil,
        openNow: Bool? = nil
    ) {
        self.provider = provider
        self.specification = specification
        self.text = text
        self.kind = kind
        self.timeZone = timeZone
        self.utcOffsetMinutes = utcOffsetMinutes
        self.checked = checked
        self.openNow = openNow
    }
}
