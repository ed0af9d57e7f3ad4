import Testing
import VenuesCore
import VenuesTestKit

/// A provider that keeps the ``VenueProvider`` contract except for the rules it is told to
/// break, to show that the conformance suite reports each breach, and only that one.
private struct RuleBreakingProvider: VenueProvider {
    typealias Rule = ConformanceFailure.Rule

    static let home = try! Coordinate(latitude: 60.1716, longitude: 24.9443)
    static let secret = "SECRET-KEY-4f1c9a"

    let id: ProviderID = "broken"
    let capabilities: ProviderCapabilities
    let venues: [Venue]
    let breaks: Set<Rule>

    init(breaking breaks: Set<Rule> = []) {
        self.breaks = breaks
        var capabilities: ProviderCapabilities = [.nearby, .textSearch, .lookup]
        if breaks.contains(.unsupportedSearch) { capabilities.remove(.textSearch) }
        if breaks.contains(.unsupportedLookup) { capabilities.remove(.lookup) }
        self.capabilities = capabilities
        var venues = [
            Self.venue("1", "Café Engel", north: 40, [.cafe]),
            Self.venue("2", "Savoy", north: -60, [.restaurant]),
            Self.venue("3", "Kappeli", north: 90, [.bar, .cafe]),
            Self.venue("4", "Far away café", north: 5000, [.cafe]),
        ]
        if breaks.contains(.venues) { venues.append(Self.venue("5", "  ", north: 10, [.cafe])) }
        self.venues = venues
    }

    static func venue(_ native: String, _ name: String, north: Double, _ categories: [VenuesCore.Category]) -> Venue {
        Venue(
            id: try! VenueID(provider: "broken", native: native),
            name: name,
            coordinate: try! Coordinate(latitude: home.latitude + north / 111_195, longitude: home.longitude),
            categories: categories
        )
    }

    func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try answer(query, term: nil)
    }

    func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        if !breaks.contains(.cancellation), Task.isCancelled { throw .cancelled }
        if breaks.contains(.unsupportedSearch) || breaks.contains(.textSearch) {
            // Answers although it has no text search, or finds nothing for a known term.
            return breaks.contains(.textSearch) ? ProviderResponse(venues: []) : try answer(query, term: nil)
        }
        return try answer(query, term: query.term)
    }

    func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        if !breaks.contains(.cancellation), Task.isCancelled { throw .cancelled }
        if breaks.contains(.lookup) { throw .notFound(id) }
        guard let venue = venues.first(where: { $0.id == id }) else {
            throw breaks.contains(.unknownID) ? .server(status: 500, message: "no such row") : .notFound(id)
        }
        return venue
    }

    private func answer(_ query: VenueQuery, term: String?) throws(ProviderError) -> ProviderResponse {
        if !breaks.contains(.cancellation), Task.isCancelled { throw .cancelled }
        guard let center = query.center ?? (breaks.contains(.withoutCentre) ? Self.home : nil) else {
            throw .unsupported("broken needs a centre")
        }
        let inCircle = venues.filter {
            breaks.contains(.insideCircle) || $0.coordinate.distance(to: center) <= Double(query.radius)
        }
        if inCircle.isEmpty, breaks.contains(.emptyAnswer) { throw .server(status: 404, message: "nothing here") }
        let found =
            inCircle
            .filter {
                breaks.contains(.categories) || query.categories.isEmpty
                    || !query.categories.isDisjoint(with: $0.categories)
            }
            .filter { venue in term.map { venue.name.localizedCaseInsensitiveContains($0) } ?? true }
            .sorted { $0.coordinate.distance(to: center) < $1.coordinate.distance(to: center) }
        let limit: Int? =
            if breaks.contains(.limit) { nil } else if breaks.contains(.otherOrders) { query.limit } else {
                query.nearestLimit
            }
        return ProviderResponse(
            venues: Array(found.prefix(limit ?? found.count)),
            notes: breaks.contains(.secrets) ? ["signed the request with \(Self.secret)"] : []
        )
    }
}

@Suite("VenueProviderConformance reports every breach of the contract")
struct ConformanceBreachTests {
    static func conformance(_ provider: some VenueProvider) -> VenueProviderConformance {
        VenueProviderConformance(
            provider: provider,
            center: RuleBreakingProvider.home,
            knownTerm: "Engel",
            secrets: [RuleBreakingProvider.secret]
        )
    }

    @Test func aProviderThatKeepsTheContractPasses() async throws {
        let failures = await Self.conformance(RuleBreakingProvider()).failures()
        #expect(failures.isEmpty, "\(failures)")
        try await Self.conformance(RuleBreakingProvider()).run()
    }

    /// The broken provider: venues outside the circle, cancellation ignored, the wrong
    /// error for an unknown id. Each breach is reported, and nothing else.
    @Test func reportsEachBreachOfABrokenProvider() async throws {
        let provider = RuleBreakingProvider(breaking: [.insideCircle, .cancellation, .unknownID])
        let failures = await Self.conformance(provider).failures()
        #expect(Set(failures.map(\.rule)) == [.insideCircle, .cancellation, .unknownID], "\(failures)")
        let error = await #expect(throws: ConformanceFailures.self) { try await Self.conformance(provider).run() }
        #expect(error?.rules == [.insideCircle, .cancellation, .unknownID])
        #expect(error?.description.contains("outside the 1000 m circle") == true, "\(String(describing: error))")
        #expect(error?.description.contains("in a cancelled task answered") == true)
        #expect(error?.description.contains("gave server") == true)
    }

    static let singleBreaches: [ConformanceFailure.Rule] = [
        .venues, .insideCircle, .withoutCentre, .categories, .limit, .otherOrders, .emptyAnswer, .cancellation,
        .textSearch, .unsupportedSearch, .lookup, .unknownID, .unsupportedLookup, .secrets,
    ]

    @Test(arguments: singleBreaches)
    func reportsOneBrokenRuleAsThatRule(rule: ConformanceFailure.Rule) async {
        let failures = await Self.conformance(RuleBreakingProvider(breaking: [rule])).failures()
        #expect(Set(failures.map(\.rule)) == [rule], "\(failures)")
    }

    @Test func everyRuleButSetupIdentityAndUnexpectedErrorHasABreachTest() {
        let covered = Set(Self.singleBreaches)
        let rest = Set(ConformanceFailure.Rule.allCases).subtracting(covered)
        #expect(rest == [.setup, .identity, .unexpectedError])
    }

    @Test func reportsAMalformedProviderID() async {
        struct BadID: VenueProvider {
            let id: ProviderID = "Bad ID"
            let capabilities: ProviderCapabilities = []
            func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
                throw .unsupported("nothing")
            }
        }
        let failures = await Self.conformance(BadID()).failures()
        #expect(failures.contains { $0.rule == .identity }, "\(failures)")
    }

    @Test func aSetupWithoutVenuesIsReportedAsSuch() async {
        let failures = await VenueProviderConformance(
            provider: InMemoryVenueProvider(id: "empty"),
            center: RuleBreakingProvider.home
        ).failures()
        #expect(failures.contains { $0.rule == .setup }, "\(failures)")
    }
}
