/// The short, stable name of a provider: `fsq`, `google`, `osm`.
///
/// It is the prefix of every ``VenueID`` the provider issues and the name users type in
/// `--providers`. A new provider picks a new lowercase identifier (letters, digits, `-`).
public struct ProviderID: RawRepresentable, Sendable, Hashable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Foursquare Places.
    public static let foursquare: ProviderID = "fsq"
    /// Google Places (New).
    public static let google: ProviderID = "google"
    /// OpenStreetMap through Overpass or a local extract.
    public static let openStreetMap: ProviderID = "osm"
    /// Overture Maps places, from imported indexes (`overture:ID`, the place's GERS id).
    public static let overture: ProviderID = "overture"

    /// Whether the text is a syntactically valid provider id (lowercase letters, digits, `-`).
    public static func isWellFormed(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            }
    }

    public var description: String { rawValue }

    public static func < (lhs: ProviderID, rhs: ProviderID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
