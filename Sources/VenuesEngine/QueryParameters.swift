public import VenuesConfig
public import VenuesCore

/// The parameters of a `nearby` or `search` as a person gives them — on the command line
/// (`--radius 500`) or in a URL (`radius=500`) — checked by one set of rules, so that the CLI
/// and the server refuse the same input with the same message (each naming the parameter its
/// own way: see ``QueryParameterError/message(naming:)``).
///
/// ```swift
/// var parameters = QueryParameters()
/// parameters.near = "60.1699,24.9384"
/// parameters.radius = 500
/// try parameters.validate()
/// let query = parameters.query(configuration: VenuesConfiguration(), fallbackCenter: nil)
/// ```
public struct QueryParameters: Sendable, Hashable {
    /// The centre as `LAT,LON`.
    public var near: String?
    /// The radius in metres.
    public var radius: Int?
    /// The text to search for; `nil` for a nearby search.
    public var term: String?
    /// Comma-separated provider lists, each as given (the option may be repeated).
    public var providers: [String]
    /// Category names, each as given.
    public var categories: [String]
    /// The most venues to list.
    public var limit: Int?
    /// `distance`, `name`, `rating` or `relevance`.
    public var sort: String?
    /// Seconds each provider may take.
    public var timeout: Double?

    /// The longest search term accepted, in characters.
    public static let maximumTermLength = 200
    /// The shortest per-provider timeout accepted, in seconds (``VenueQuery/timeoutRange``).
    public static let minimumTimeout = VenueQuery.timeoutRange.lowerBound
    /// The longest per-provider timeout accepted, in seconds (``VenueQuery/timeoutRange``).
    public static let maximumTimeout = VenueQuery.timeoutRange.upperBound

    /// Parameters; every one optional.
    public init(
        near: String? = nil,
        radius: Int? = nil,
        term: String? = nil,
        providers: [String] = [],
        categories: [String] = [],
        limit: Int? = nil,
        sort: String? = nil,
        timeout: Double? = nil
    ) {
        self.near = near
        self.radius = radius
        self.term = term
        self.providers = providers
        self.categories = categories
        self.limit = limit
        self.sort = sort
        self.timeout = timeout
    }

    /// Checks every parameter, in the order a reader meets them; the first problem is thrown.
    public func validate() throws(QueryParameterError) {
        if let near {
            do {
                _ = try Coordinate(parsing: near)
            } catch {
                throw QueryParameterError(.near, .coordinate(error))
            }
        }
        if let radius, !VenueQuery.radiusRange.contains(radius) {
            throw QueryParameterError(.radius, .radiusOutOfRange(radius))
        }
        if let limit, limit < 1 {
            throw QueryParameterError(.limit, .limitTooSmall(limit))
        }
        if let timeout, !VenueQuery.timeoutRange.contains(timeout) {
            throw QueryParameterError(.timeout, .timeoutOutOfRange(timeout))
        }
        if let sort, VenueSort(rawValue: sort) == nil {
            throw QueryParameterError(.sort, .unknownSort(sort))
        }
        for name in categories where Category(name: name) == nil {
            throw QueryParameterError(.category, .unknownCategory(name))
        }
        _ = try providerIDs()
        if let term { _ = try Self.checkedTerm(term) }
    }

    /// The search term trimmed of surrounding white space, or the reason it is refused: empty,
    /// longer than ``maximumTermLength`` characters, or holding a control character.
    public static func checkedTerm(_ term: String) throws(QueryParameterError) -> String {
        let trimmed = TermText.trimmed(term)
        guard !trimmed.isEmpty else { throw QueryParameterError(.term, .emptyTerm) }
        guard trimmed.count <= maximumTermLength else {
            throw QueryParameterError(.term, .termTooLong(trimmed.count))
        }
        if let control = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw QueryParameterError(.term, .controlCharacterInTerm(control.value))
        }
        return trimmed
    }

    /// The providers named (every list, in order, each once), validated; `nil` when none was.
    public func providerIDs() throws(QueryParameterError) -> [ProviderID]? {
        guard !providers.isEmpty else { return nil }
        var names: [String] = []
        for list in providers {
            let parts = list.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard parts.allSatisfy({ !$0.isEmpty }) else {
                throw QueryParameterError(.providers, .emptyProviderName(list: list))
            }
            names += parts
        }
        var seen: [ProviderID] = []
        for name in names {
            let id = ProviderID(rawValue: name.lowercased())
            guard ProviderRegistry.knownIDs.contains(id) else {
                throw QueryParameterError(.providers, .unknownProvider(name))
            }
            if !seen.contains(id) { seen.append(id) }
        }
        return seen
    }

    /// The validated centre, if given.
    public var center: Coordinate? {
        near.flatMap { try? Coordinate(parsing: $0) }
    }

    /// The validated categories.
    public var categorySet: Set<Category> {
        Set(categories.compactMap(Category.init(name:)))
    }

    /// The validated order; when none was given, relevance for a text search and distance
    /// otherwise.
    public var sortOrder: VenueSort {
        resolvedSort(isTextSearch: !(term ?? "").isEmpty)
    }

    /// The validated order; when none was given, relevance for a text search and distance
    /// otherwise.
    public func resolvedSort(isTextSearch: Bool) -> VenueSort {
        sort.flatMap(VenueSort.init(rawValue:)) ?? (isTextSearch ? .relevance : .distance)
    }

    /// The query these (validated) parameters ask for, with the configuration's defaults for
    /// what was not given; the centre is `near`, else `fallbackCenter`.
    public func query(configuration: VenuesConfiguration, fallbackCenter: Coordinate?) -> VenueQuery {
        VenueQuery(
            center: center ?? fallbackCenter,
            radius: radius ?? configuration.radius,
            term: term.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) },
            categories: categorySet,
            limit: limit ?? configuration.limit,
            sort: sortOrder,
            timeout: timeout ?? configuration.timeout
        )
    }
}
