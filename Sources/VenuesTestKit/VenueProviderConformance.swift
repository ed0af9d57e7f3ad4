import Foundation
import Synchronization
public import VenuesCore

/// Checks that a provider keeps the whole contract of ``VenueProvider`` (its "Implementation
/// requirements"), for provider authors.
///
/// Point the provider at a test server (or data) that knows at least two venues within
/// `radius` of `center`, ideally of different categories, then:
///
/// ```swift
/// @Test func keepsTheVenueProviderContract() async throws {
///     let here = try Coordinate(latitude: 60.1699, longitude: 24.9384)
///     let provider = InMemoryVenueProvider(
///         id: "memory",
///         venues: [
///             Venue(id: try VenueID(parsing: "memory:1"), name: "Café Engel", coordinate: here, categories: [.cafe]),
///             Venue(id: try VenueID(parsing: "memory:2"), name: "Savoy", coordinate: here, categories: [.restaurant]),
///         ]
///     )
///     try await VenueProviderConformance(provider: provider, center: here, knownTerm: "Café").run()
/// }
/// ```
///
/// ``run()`` runs every check that applies to the provider's capabilities and throws
/// ``ConformanceFailures`` listing every broken promise; ``failures()`` returns them. Each
/// `check…` method checks one rule and throws the first ``ConformanceFailure`` it finds.
///
/// A test server that ignores the query (always the same answer) is enough for most checks,
/// because the contract asks providers to keep to the circle themselves; a provider that
/// relies on its service to filter categories needs a server that honours the filter.
public struct VenueProviderConformance: Sendable {
    public let provider: any VenueProvider
    /// A centre where the provider finds at least one venue (better two) within `radius`.
    public let center: Coordinate
    /// The radius to search, in metres.
    public let radius: Int
    /// A term that matches at least one venue near `center` (for providers with text search).
    public let knownTerm: String?
    /// An id of this provider that names no venue; default `<provider id>:venues-conformance-unknown`
    /// (give one when the provider's ids have a shape, such as `osm:node/N`).
    public let unknownID: VenueID?
    /// Texts that must never appear in an answer or an error: the API keys the provider holds.
    public let secrets: [String]
    /// The deadline each query carries (``VenueQuery/timeout``), in seconds: 60 by default,
    /// generous because test machines are busy. Providers may pass it on to their service.
    public let timeout: Double
    /// The reference answer (nearby, limit 50), asked once and shared by the checks.
    private let referenceAnswer = ReferenceAnswer()

    public init(
        provider: any VenueProvider,
        center: Coordinate,
        radius: Int = 1000,
        knownTerm: String? = nil,
        unknownID: VenueID? = nil,
        secrets: [String] = [],
        timeout: Double = 60
    ) {
        self.provider = provider
        self.center = center
        self.radius = radius
        self.knownTerm = knownTerm
        self.unknownID = unknownID
        self.secrets = secrets.filter { !$0.isEmpty }
        self.timeout = timeout
    }

    /// Runs every check that applies; throws ``ConformanceFailures`` when any fails.
    public func run() async throws {
        let found = await failures()
        if !found.isEmpty { throw ConformanceFailures(failures: found) }
    }

    /// Runs every check that applies to the provider's capabilities and returns every broken
    /// promise (empty when the provider conforms).
    public func failures() async -> [ConformanceFailure] {
        var found: [ConformanceFailure] = []
        func record(_ check: () async throws -> Void) async {
            do {
                try await check()
            } catch let failure as ConformanceFailure {
                found.append(failure)
            } catch {
                found.append(ConformanceFailure(.unexpectedError, "\(error)"))
            }
        }
        let capabilities = provider.capabilities
        await record { try checkIdentity() }
        await record { try await checkWithoutCentre() }
        if capabilities.contains(.nearby) {
            await record { try await checkNearby() }
            await record { try await checkCategories() }
            await record { try await checkLimit() }
            await record { try await checkOtherOrders() }
            await record { try await checkEmptyArea() }
        }
        await record { try await checkCancellation() }
        if capabilities.contains(.textSearch) {
            if let knownTerm { await record { try await checkTextSearch(term: knownTerm) } }
        } else {
            await record { try await checkUnsupportedSearch() }
        }
        if capabilities.contains(.lookup) {
            await record { try await checkLookup() }
            await record { try await checkUnknownID() }
        } else {
            await record { try await checkUnsupportedLookup() }
        }
        return found
    }

    // MARK: - Checks

    /// Requirement 2: the provider id is well formed.
    public func checkIdentity() throws {
        guard ProviderID.isWellFormed(provider.id.rawValue) else {
            throw ConformanceFailure(.identity, "provider id '\(provider.id)' is not lowercase letters, digits and '-'")
        }
    }

    /// Requirements 2 and 3: nearby finds venues; each carries the provider's id, a non-empty
    /// name and an id of its own, and lies inside the circle.
    public func checkNearby() async throws {
        guard try await !reference().isEmpty else {
            throw ConformanceFailure(
                .setup,
                "nearby(\(center), \(radius) m) found nothing; the test setup must provide venues"
            )
        }
    }

    /// Requirement 3: without a centre, `unsupported` — or, for a provider that locates the
    /// caller, an answer that says which centre it used.
    public func checkWithoutCentre() async throws {
        let query = VenueQuery(center: nil, radius: radius, timeout: timeout)
        let outcome = await attempt { () async throws(ProviderError) in try await provider.run(query) }
        if provider.capabilities.contains(.locatesCallerWithoutCentre) {
            switch outcome {
            case .success(let response):
                guard let located = response.center else {
                    throw ConformanceFailure(
                        .withoutCentre,
                        "nearby without a centre answered without saying which centre it located"
                    )
                }
                try inspect(response, around: located, radius: radius, context: "nearby without a centre")
            case .failure(let error):
                throw ConformanceFailure(
                    .withoutCentre,
                    "nearby without a centre failed with \(error.kind) although the provider locates the caller"
                )
            }
        } else {
            guard case .failure(.unsupported(let message)) = outcome else {
                throw ConformanceFailure(
                    .withoutCentre,
                    "nearby without a centre gave \(describe(outcome)), not unsupported"
                )
            }
            try inspect(text: message, context: "the unsupported error")
        }
    }

    /// Requirement 4: asked for a category, no venue carries only other categories, and a
    /// category that the circle has is found.
    public func checkCategories() async throws {
        let everything = try await reference()
        let present = Set(everything.flatMap(\.categories))
        let partial = present.sorted().first { category in
            !everything.allSatisfy { $0.categories.contains(category) }
        }
        let absent = Category.allCases.first { !present.contains($0) }
        for category in [partial, absent].compactMap({ $0 }) {
            let query = VenueQuery(center: center, radius: radius, categories: [category], limit: 50, timeout: timeout)
            let response = try await answer(.categories, query, "nearby for \(category)")
            if let stray = response.venues.first(where: { !$0.categories.isEmpty && !$0.categories.contains(category) })
            {
                throw ConformanceFailure(
                    .categories,
                    "nearby for \(category) returned \(stray.id) with categories \(stray.categories) only"
                )
            }
            if category == partial, response.venues.isEmpty {
                throw ConformanceFailure(
                    .categories,
                    "nearby for \(category) found nothing, though the circle has \(category) venues"
                )
            }
        }
    }

    /// Requirement 5: ordered by distance, no more than `limit` venues come back.
    public func checkLimit() async throws {
        let query = VenueQuery(center: center, radius: radius, limit: 1, timeout: timeout)
        let response = try await answer(.limit, query, "nearby with limit 1")
        guard response.venues.count <= 1 else {
            throw ConformanceFailure(.limit, "nearby with limit 1 returned \(response.venues.count) venues")
        }
    }

    /// Requirement 5: ordered by name, the provider returns every venue of the circle it has,
    /// or warns that it stopped early (the order is then over its answer only).
    public func checkOtherOrders() async throws {
        let everything = try await reference()
        guard everything.count >= 2 else { return }  // nothing to cut
        let query = VenueQuery(center: center, radius: radius, limit: 1, sort: .name, timeout: timeout)
        let response = try await answer(.otherOrders, query, "nearby by name with limit 1")
        if response.venues.count < 2, response.warnings.isEmpty {
            throw ConformanceFailure(
                .otherOrders,
                "nearby by name with limit 1 returned \(response.venues.count) of the \(everything.count) venues "
                    + "in the circle, without a warning: return them all (VenueQuery.nearestLimit is nil) so the "
                    + "aggregator sorts the whole circle, or say in warnings that the order covers only this answer"
            )
        }
    }

    /// Requirements 3 and 6: a circle with no venues (at the antipode, 10 m) is an empty
    /// answer, not an error, and nothing from elsewhere.
    public func checkEmptyArea() async throws {
        let antipode = try Coordinate(
            latitude: -center.latitude,
            longitude: center.longitude > 0 ? center.longitude - 180 : center.longitude + 180
        )
        let query = VenueQuery(center: antipode, radius: 10, timeout: timeout)
        let outcome = await attempt { () async throws(ProviderError) in try await provider.nearby(query) }
        switch outcome {
        case .success(let response):
            try inspect(response, around: antipode, radius: 10, context: "nearby at the antipode")
        case .failure(let error):
            throw ConformanceFailure(
                .emptyAnswer,
                "nearby where there is nothing threw \(error.kind) (\(error.message)); no venues is a valid answer"
            )
        }
    }

    /// Requirement 7: a call made in a cancelled task ends with `cancelled` or `timedOut`:
    /// neither an answer nor another error. Checked for each operation the provider has.
    public func checkCancellation() async throws {
        let provider = self.provider
        let nearby = VenueQuery(center: center, radius: radius, timeout: timeout)
        if provider.capabilities.contains(.nearby) {
            try await expectCancelled("nearby") { () async throws(ProviderError) in
                _ = try await provider.nearby(nearby)
            }
        }
        if provider.capabilities.contains(.textSearch) {
            let search = VenueQuery(center: center, radius: radius, term: knownTerm ?? "a", timeout: timeout)
            try await expectCancelled("search") { () async throws(ProviderError) in
                _ = try await provider.search(search)
            }
        }
        if provider.capabilities.contains(.lookup) {
            let id = try unknownVenueID()
            try await expectCancelled("venue(\(id))") { () async throws(ProviderError) in
                _ = try await provider.venue(id)
            }
        }
    }

    /// Requirement 8: text search finds the known term, inside the circle.
    public func checkTextSearch(term: String) async throws {
        let query = VenueQuery(center: center, radius: radius, term: term, timeout: timeout)
        let response = try await answer(.textSearch, query, "search('\(term)')")
        guard !response.venues.isEmpty else {
            throw ConformanceFailure(.textSearch, "search('\(term)') found nothing")
        }
    }

    /// Requirement 8: a provider without text search says so with `unsupported`.
    public func checkUnsupportedSearch() async throws {
        let query = VenueQuery(center: center, radius: radius, term: "x", timeout: timeout)
        let outcome = await attempt { () async throws(ProviderError) in try await provider.search(query) }
        guard case .failure(.unsupported(let message)) = outcome else {
            throw ConformanceFailure(
                .unsupportedSearch,
                "search without .textSearch in the capabilities gave \(describe(outcome)), not unsupported"
            )
        }
        try inspect(text: message, context: "the unsupported error")
    }

    /// Requirement 9: a venue that nearby listed can be looked up by its id.
    public func checkLookup() async throws {
        guard let listed = try await reference().first else { return }
        let outcome = await attempt { () async throws(ProviderError) in try await provider.venue(listed.id) }
        switch outcome {
        case .success(let venue):
            guard venue.id == listed.id else {
                throw ConformanceFailure(.lookup, "venue(\(listed.id)) returned \(venue.id)")
            }
            try inspect(venue, context: "venue(\(listed.id))")
        case .failure(let error):
            throw ConformanceFailure(.lookup, "venue(\(listed.id)), an id nearby listed, threw \(error.kind)")
        }
    }

    /// Requirement 9: an id of this provider that names no venue throws `notFound` with that id.
    public func checkUnknownID() async throws {
        let id = try unknownVenueID()
        let outcome = await attempt { () async throws(ProviderError) in try await provider.venue(id) }
        guard case .failure(let error) = outcome, error == .notFound(id) else {
            throw ConformanceFailure(.unknownID, "venue(\(id)), an unknown id, gave \(describe(outcome)), not notFound")
        }
        try inspect(text: error.message, context: "the notFound error")
    }

    /// Requirement 9: a provider without lookup says so with `unsupported`.
    public func checkUnsupportedLookup() async throws {
        let id = try unknownVenueID()
        let outcome = await attempt { () async throws(ProviderError) in try await provider.venue(id) }
        guard case .failure(.unsupported(let message)) = outcome else {
            throw ConformanceFailure(
                .unsupportedLookup,
                "venue(_:) without .lookup in the capabilities gave \(describe(outcome)), not unsupported"
            )
        }
        try inspect(text: message, context: "the unsupported error")
    }

    // MARK: - Helpers

    /// Nearby with limit 50: what the circle holds, as far as the provider answers. Asked once.
    private func reference() async throws -> [Venue] {
        if let venues = referenceAnswer.venues { return venues }
        let venues = try await answer(
            .setup,
            VenueQuery(center: center, radius: radius, limit: 50, timeout: timeout),
            "nearby"
        ).venues
        referenceAnswer.venues = venues
        return venues
    }

    /// Runs a query that must be answered, and inspects the answer; a failure is blamed on `rule`.
    private func answer(
        _ rule: ConformanceFailure.Rule,
        _ query: VenueQuery,
        _ context: String
    ) async throws -> ProviderResponse {
        let outcome = await attempt { () async throws(ProviderError) in try await provider.run(query) }
        switch outcome {
        case .success(let response):
            try inspect(response, around: query.center ?? center, radius: query.radius, context: context)
            return response
        case .failure(let error):
            throw ConformanceFailure(rule, "\(context) threw \(error.kind): \(error.message)")
        }
    }

    private func attempt<Value>(
        _ body: () async throws(ProviderError) -> Value
    ) async -> Result<Value, ProviderError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    private func expectCancelled(
        _ context: String,
        _ body: @escaping @Sendable () async throws(ProviderError) -> Void
    ) async throws {
        let task = Task { () async -> Result<Void, ProviderError> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ProviderError) {
                try await body()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        switch await task.value {
        case .failure(.cancelled), .failure(.timedOut):
            return
        case .success:
            throw ConformanceFailure(
                .cancellation,
                "\(context) in a cancelled task answered instead of throwing cancelled"
            )
        case .failure(let error):
            throw ConformanceFailure(
                .cancellation,
                "\(context) in a cancelled task threw \(error.kind) instead of cancelled or timedOut"
            )
        }
    }

    private func unknownVenueID() throws -> VenueID {
        if let unknownID { return unknownID }
        do {
            return try VenueID(provider: provider.id, native: "venues-conformance-unknown")
        } catch {
            throw ConformanceFailure(.setup, "give unknownID: \(error.description)")
        }
    }

    private func describe<Value>(_ outcome: Result<Value, ProviderError>) -> String {
        switch outcome {
        case .success: "an answer"
        case .failure(let error): "\(error.kind) (\(error.message))"
        }
    }

    /// The rules every answer keeps: ids, names, the circle, no secrets.
    private func inspect(_ response: ProviderResponse, around center: Coordinate, radius: Int, context: String) throws {
        var seen = Set<VenueID>()
        for venue in response.venues {
            try inspect(venue, context: context)
            guard seen.insert(venue.id).inserted else {
                throw ConformanceFailure(.venues, "\(context): venue id \(venue.id) appears twice")
            }
            let distance = venue.coordinate.distance(to: center)
            // A metre of slack for rounding in a provider's own distance test.
            guard distance <= Double(radius) + 1 else {
                throw ConformanceFailure(
                    .insideCircle,
                    "\(context): \(venue.id) is \(Int(distance.rounded())) m from the centre, outside the \(radius) m circle"
                )
            }
        }
        for text in response.notes + response.warnings { try inspect(text: text, context: "\(context), a remark") }
    }

    private func inspect(_ venue: Venue, context: String) throws {
        guard venue.id.provider == provider.id else {
            throw ConformanceFailure(
                .venues,
                "\(context): venue \(venue.id) does not carry the provider id \(provider.id)"
            )
        }
        guard !venue.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ConformanceFailure(.venues, "\(context): venue \(venue.id) has an empty name")
        }
        let texts =
            [venue.id.native, venue.name, venue.address, venue.phone, venue.website, venue.openingHours]
            .compactMap { $0 } + venue.links.map(\.url) + venue.providerCategories + Array(venue.extras.values)
        for text in texts { try inspect(text: text, context: "\(context), venue \(venue.id)") }
    }

    private func inspect(text: String, context: String) throws {
        for secret in secrets where text.contains(secret) {
            throw ConformanceFailure(.secrets, "\(context) contains a secret")
        }
    }
}

/// A broken promise found by ``VenueProviderConformance``.
public struct ConformanceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The requirement of ``VenueProvider`` that a check found broken.
    public enum Rule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The test setup: nearby answers with venues around the given centre.
        case setup
        /// The provider id is lowercase letters, digits and `-`.
        case identity
        /// Every venue carries the provider's id and a name; no id twice in one answer.
        case venues
        /// Every venue lies inside the query circle.
        case insideCircle
        /// A query without a centre: `unsupported`, or the located centre.
        case withoutCentre
        /// Category filters keep to the categories asked for.
        case categories
        /// Ordered by distance, at most `limit` venues.
        case limit
        /// Ordered otherwise, the whole circle or a warning.
        case otherOrders
        /// An empty circle is an empty answer, not an error.
        case emptyAnswer
        /// A cancelled call throws `cancelled` or `timedOut`.
        case cancellation
        /// Text search finds the known term.
        case textSearch
        /// No text search: `unsupported`.
        case unsupportedSearch
        /// A listed venue can be looked up.
        case lookup
        /// An unknown id throws `notFound` with that id.
        case unknownID
        /// No lookup: `unsupported`.
        case unsupportedLookup
        /// No API key in answers or errors.
        case secrets
        /// A check failed in a way it did not foresee.
        case unexpectedError

        public var description: String { rawValue }
    }

    /// The requirement broken.
    public let rule: Rule
    /// What happened.
    public let message: String

    public init(_ rule: Rule, _ message: String) {
        self.rule = rule
        self.message = message
    }

    public var description: String { "[\(rule)] \(message)" }
}

/// Every broken promise found by ``VenueProviderConformance/run()``.
public struct ConformanceFailures: Error, Sendable, CustomStringConvertible {
    public let failures: [ConformanceFailure]

    public init(failures: [ConformanceFailure]) {
        self.failures = failures
    }

    /// The rules broken.
    public var rules: Set<ConformanceFailure.Rule> { Set(failures.map(\.rule)) }

    public var description: String {
        (["the provider breaks \(failures.count) promise(s) of VenueProvider:"] + failures.map { "  \($0)" })
            .joined(separator: "\n")
    }
}

/// The reference answer of one conformance run, shared by its checks.
private final class ReferenceAnswer: Sendable {
    private let stored = Mutex<[Venue]?>(nil)

    var venues: [Venue]? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
