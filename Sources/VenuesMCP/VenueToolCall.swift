public import VenuesCore
public import VenuesEngine
public import VenuesOpenState

/// One call of a tool, its arguments read and checked (``VenueToolArguments``): what a
/// ``VenueToolBackend`` answers.
public enum VenueToolCall: Sendable, Hashable {
    /// `nearby` (no term) or `search` (a term): the parameters by the CLI's rules, the hours
    /// filter, and whether each venue says which records were merged into it.
    case listing(parameters: QueryParameters, hours: HoursRequest, explain: Bool)
    /// `place`: one venue by id, every source, asked of the provider that issued the id.
    case place(id: VenueID, timeout: Double?)
    /// `favorites_list`: the favourites, nearest first around `near` (within `radius`).
    case favorites(near: Coordinate?, radius: Int?)
    /// `favorite_add`: marks a venue, with a note.
    case addFavorite(id: VenueID, note: String?)
    /// `favorite_remove`: unmarks a venue (by its id or any of its source ids).
    case removeFavorite(id: VenueID)
    /// `providers`: which providers are usable here and why the others are not.
    case providers
    /// `hours`: one `opening_hours` value evaluated at a moment, in a zone.
    case hours(HoursToolRequest)
}

/// The arguments of the `hours` tool.
public struct HoursToolRequest: Sendable, Hashable {
    /// The OpenStreetMap `opening_hours` value.
    public var value: String
    /// When, as `venues hours --at` takes it; `nil` for now.
    public var at: String?
    /// A position whose zone (and sun times) the value is read in.
    public var near: Coordinate?
    /// An IANA zone, when no position is given.
    public var timeZone: String?
    /// The country whose public holidays apply (ISO code).
    public var country: String?

    /// A request; every part but the value optional.
    public init(
        value: String,
        at: String? = nil,
        near: Coordinate? = nil,
        timeZone: String? = nil,
        country: String? = nil
    ) {
        self.value = value
        self.at = at
        self.near = near
        self.timeZone = timeZone
        self.country = country
    }
}

/// A tool call that could not be answered, in words an assistant can act on (never a key).
public struct VenueToolFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and, where there is one, what to do about it.
    public var message: String
    /// The answer document when there is one (a listing no provider answered still says why
    /// each failed in its `providers[]`).
    public var document: [UInt8]?

    /// A failure with its message (and the document that goes with it).
    public init(_ message: String, document: [UInt8]? = nil) {
        self.message = message
        self.document = document
    }

    public var description: String { message }
}

/// What answers the tools: the CLI's configuration, favourites file and providers in `venues
/// mcp`, the server's providers, limits and per-client favourites on `/mcp`.
public protocol VenueToolBackend: Sendable {
    /// The answer to `call` as the JSON document the CLI's `--format json` (or the server's
    /// REST route) gives for the same question; throws when there is none.
    func answer(_ call: VenueToolCall) async throws(VenueToolFailure) -> [UInt8]
}
