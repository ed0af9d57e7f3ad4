public import MCP
import VenuesCore
import VenuesEngine

/// The tools `venues mcp` and the server's `/mcp` offer, with the JSON Schema of their
/// arguments and what an assistant needs to know to call them well.
public enum VenueToolCatalog {
    /// The tool names.
    public enum Name: String, Sendable, CaseIterable {
        case nearby, search, place
        case favoritesList = "favorites_list"
        case favoriteAdd = "favorite_add"
        case favoriteRemove = "favorite_remove"
        case providers, hours
    }

    /// Every tool, in the order they are listed.
    public static let tools: [Tool] = Name.allCases.map(tool)

    /// The tool called `name`.
    public static func tool(_ name: Name) -> Tool {
        switch name {
        case .nearby:
            Tool(
                name: name.rawValue,
                title: "Places near a point",
                description: """
                    Venues (shops, cafés, restaurants, services…) around a point, from every usable \
                    provider at once (OpenStreetMap, Overture Maps, Foursquare, Google Places), the \
                    duplicates merged, nearest first. Coordinates are decimal degrees, latitude first \
                    (Helsinki is latitude 60.17, longitude 24.94); the radius is in metres. Each venue has \
                    an id (for `place` and `favorite_add`), its distance in metres, its sources and its \
                    opening hours' state in its own time zone. `providers[]` says how each provider \
                    fared: a failed one is listed with its reason and the others' venues are still \
                    given. An empty `venues` means no place matched within the radius: widen it or \
                    drop a filter.
                    """,
                inputSchema: listingSchema(search: false),
                annotations: .init(readOnlyHint: true, openWorldHint: true),
                outputSchema: listingOutputSchema
            )
        case .search:
            Tool(
                name: name.rawValue,
                title: "Places by name or kind",
                description: """
                    Venues whose name or kind matches `term` ("sushi", "Stockmann", "pharmacy"), \
                    forgiving typos, around a point, best match first. Otherwise as `nearby`: \
                    coordinates in decimal degrees, latitude first; radius in metres; an empty \
                    `venues` means nothing matched within the radius.
                    """,
                inputSchema: listingSchema(search: true),
                annotations: .init(readOnlyHint: true, openWorldHint: true),
                outputSchema: listingOutputSchema
            )
        case .place:
            Tool(
                name: name.rawValue,
                title: "One place in full",
                description: """
                    One venue by its id from a listing (`osm:node/123`, `fsq:…`, `google:…`, \
                    `overture:…`): every field known, each source, map links, whether it is a \
                    favourite. Asks the provider that issued the id, else uses the last listing or \
                    the favourites.
                    """,
                inputSchema: object(
                    ["id": idSchema, "timeout": timeoutSchema],
                    required: ["id"]
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: true)
            )
        case .favoritesList:
            Tool(
                name: name.rawValue,
                title: "The favourites",
                description: """
                    The places marked as favourites, with their notes; nearest first when a point is \
                    given (latitude and longitude in decimal degrees, both or neither), only those \
                    within `radius` metres of it when a radius is given too. An empty list means there \
                    are none (or none within the radius).
                    """,
                inputSchema: object(
                    [
                        "latitude": latitudeSchema, "longitude": longitudeSchema, "near": nearSchema,
                        "radius": radiusSchema,
                    ]
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: false)
            )
        case .favoriteAdd:
            Tool(
                name: name.rawValue,
                title: "Mark a favourite",
                description: """
                    Marks the venue with this id (from a listing) as a favourite, with an optional \
                    note. Adding it again changes nothing but the note.
                    """,
                inputSchema: object(
                    [
                        "id": idSchema,
                        "note": [
                            "type": "string", "maxLength": 1000,
                            "description": "A note kept with it (at most 1000 characters).",
                        ],
                    ],
                    required: ["id"]
                ),
                annotations: .init(destructiveHint: false, idempotentHint: true, openWorldHint: true)
            )
        case .favoriteRemove:
            Tool(
                name: name.rawValue,
                title: "Unmark a favourite",
                description: "Unmarks a favourite by its id or any of its sources' ids.",
                inputSchema: object(["id": idSchema], required: ["id"]),
                annotations: .init(destructiveHint: true, idempotentHint: true, openWorldHint: false)
            )
        case .providers:
            Tool(
                name: name.rawValue,
                title: "The providers",
                description: """
                    Which providers can be asked here and, for each one that cannot, why (a key not \
                    set, no local index). Keys are never shown.
                    """,
                inputSchema: object([:]),
                annotations: .init(readOnlyHint: true, openWorldHint: false)
            )
        case .hours:
            Tool(
                name: name.rawValue,
                title: "Read opening hours",
                description: """
                    Evaluates an OpenStreetMap `opening_hours` value ("Mo-Fr 09:00-17:00; PH off"): \
                    open, closed or unknown at a moment, the comment, the next change, and the open \
                    intervals of the coming week. The value is read in the time zone at the position \
                    given (latitude first), else in `time_zone`, else in the server's own zone. A value \
                    that cannot be read is `unknown` with the reason in `error`.
                    """,
                inputSchema: object(
                    [
                        "value": ["type": "string", "minLength": 1, "description": "The opening_hours value."],
                        "at": [
                            "type": "string",
                            "description":
                                "When: 18:00 (today), 2026-12-24T18:00, or with an offset (2026-12-24T18:00+02:00); default now.",
                        ],
                        "latitude": latitudeSchema,
                        "longitude": longitudeSchema,
                        "near": nearSchema,
                        "time_zone": [
                            "type": "string", "description": "An IANA time zone, e.g. Europe/Helsinki.",
                        ],
                        "country": countrySchema,
                    ],
                    required: ["value"]
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: false)
            )
        }
    }

    // MARK: - Schemas

    static let latitudeSchema: Value = [
        "type": "number", "minimum": -90, "maximum": 90,
        "description": "Latitude in decimal degrees, north positive (comes first: Helsinki is 60.17).",
    ]
    static let longitudeSchema: Value = [
        "type": "number", "minimum": -180, "maximum": 180,
        "description": "Longitude in decimal degrees, east positive (Helsinki is 24.94).",
    ]
    static let nearSchema: Value = [
        "type": "string",
        "description":
            "The centre as \"LAT,LON\" in decimal degrees, as the command line takes it (instead of latitude and longitude).",
    ]
    static let radiusSchema: Value = [
        "type": "integer", "minimum": .int(VenueQuery.radiusRange.lowerBound),
        "maximum": .int(VenueQuery.radiusRange.upperBound),
        "description": "Radius in metres.",
    ]
    static let timeoutSchema: Value = [
        "type": "number", "minimum": .double(VenueQuery.timeoutRange.lowerBound),
        "maximum": .double(VenueQuery.timeoutRange.upperBound),
        "description": "Seconds each provider may take (default 10).",
    ]
    static let idSchema: Value = [
        "type": "string", "minLength": 1,
        "description": "A venue id from a listing: osm:node/123, osm:way/123, fsq:…, google:…, overture:….",
    ]
    static let countrySchema: Value = [
        "type": "string", "pattern": "^[A-Za-z]{2}$",
        "description": "Country whose public holidays apply (ISO code, e.g. FI); default: from the time zone.",
    ]

    /// The arguments of `nearby` (and of `search`, with its term).
    static func listingSchema(search: Bool) -> Value {
        var properties: [String: Value] = [
            "latitude": latitudeSchema,
            "longitude": longitudeSchema,
            "near": nearSchema,
            "radius": radiusSchema,
            "categories": [
                "type": "array",
                "items": ["type": "string", "enum": .array(Category.allCases.map { .string($0.rawValue) })],
                "description": "Only venues of these kinds.",
            ],
            "providers": [
                "type": "array",
                "items": ["type": "string", "enum": .array(ProviderRegistry.knownIDs.map { .string($0.rawValue) })],
                "description": "The providers to ask (default: every usable one).",
            ],
            "limit": ["type": "integer", "minimum": 1, "description": "Most venues to list (default 50)."],
            "sort": [
                "type": "string", "enum": .array(VenueSort.allCases.map { .string($0.rawValue) }),
                "description": search ? "Order (default: relevance)." : "Order (default: distance).",
            ],
            "timeout": timeoutSchema,
            "open_now": ["type": "boolean", "description": "Only venues open now, in each venue's own time zone."],
            "open_at": [
                "type": "string",
                "description":
                    "Only venues open at this time: 18:00 (today, each venue's local time), 2026-12-24T18:00, or with an offset.",
            ],
            "open_for": [
                "type": "string",
                "description": "Only venues open for at least this long from now (or open_at): 90 (minutes), 1h30m.",
            ],
            "include_unknown": [
                "type": "boolean", "description": "With an hours filter, keep venues whose hours are unknown.",
            ],
            "country": countrySchema,
            "explain": ["type": "boolean", "description": "Say which provider records were merged, and why."],
        ]
        if search {
            properties["term"] = [
                "type": "string", "minLength": 1, "maxLength": .int(QueryParameters.maximumTermLength),
                "description": "What to look for: a name, a cuisine, a kind of place.",
            ]
        }
        return object(properties, required: search ? ["term"] : [])
    }

    /// What every listing answers: its query, the venues and each provider's outcome.
    static let listingOutputSchema: Value = [
        "type": "object",
        "required": ["query", "venues", "providers", "attribution"],
        "properties": [
            "query": ["type": "object"],
            "venues": ["type": "array", "items": ["type": "object"]],
            "providers": ["type": "array", "items": ["type": "object"]],
            "attribution": ["type": "array", "items": ["type": "string"]],
        ],
    ]

    static func object(_ properties: [String: Value], required: [String] = []) -> Value {
        var schema: [String: Value] = [
            "type": "object",
            "properties": .object(properties),
            "additionalProperties": false,
        ]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return .object(schema)
    }
}
