import Foundation
public import VenuesCore

/// Checks that a provider keeps the promises of ``VenueProvider``, for provider authors.
///
/// Point the provider at a test server (or data) that knows at least one venue near
/// `center`, then:
///
/// ```swift
/// @Test func conformance() async throws {
///     try await VenueProviderConformance(provider: provider, center: here, knownTerm: "Café").run()
/// }
/// ```
///
/// Each check throws a ``ConformanceFailure`` that says which promise was broken.
public struct VenueProviderConformance: Sendable {
    public let provider: any VenueProvider
    /// A centre where the provider finds at least one venue within `radius`.
    public let center: Coordinate
    /// The radius to search, in metres.
    public let radius: Int
    /// A term that matches at least one venue near `center` (for providers with text search).
    public let knownTerm: String?

    public init(provider: any VenueProvider, center: Coordinate, radius: Int = 1000, knownTerm: String? = nil) {
        self.provider = provider
        self.center = center
        self.radius = radius
        self.knownTerm = knownTerm
    }

    /// Runs every check that applies to the provider's capabilities.
    public func run() async throws {
        try checkIdentity()
        if provider.capabilities.contains(.nearby) {
            try await checkNearby()
            try await checkLimit()
            try await checkCancellation()
        }
        if provider.capabilities.contains(.textSearch), let knownTerm {
            try await checkTextSearch(term: knownTerm)
        } else if !provider.capabilities.contains(.textSearch) {
            try await checkUnsupportedSearch()
        }
    }

    /// The provider id is well formed.
    public func checkIdentity() throws {
        guard ProviderID.isWellFormed(provider.id.rawValue) else {
            throw ConformanceFailure("provider id '\(provider.id)' is not lowercase letters, digits and '-'")
        }
    }

    /// Nearby finds venues; each carries the provider's id prefix, a non-empty name and a
    /// unique id; ids are unique.
    public func checkNearby() async throws {
        let response = try await provider.nearby(VenueQuery(center: center, radius: radius, limit: 50))
        guard !response.venues.isEmpty else {
            throw ConformanceFailure("nearby(\(center), \(radius) m) found nothing; the test setup must provide venues")
        }
        try checkVenues(response.venues, context: "nearby")
    }

    /// No more than `limit` venues come back.
    public func checkLimit() async throws {
        let response = try await provider.nearby(VenueQuery(center: center, radius: radius, limit: 1))
        guard response.venues.count <= 1 else {
            throw ConformanceFailure("nearby with limit 1 returned \(response.venues.count) venues")
        }
    }

    /// A cancelled call ends with an error, not with a hang or a crash.
    public func checkCancellation() async throws {
        let provider = self.provider
        let query = VenueQuery(center: center, radius: radius)
        let task = Task { () async -> Result<ProviderResponse, ProviderError> in
            do throws(ProviderError) {
                return .success(try await provider.nearby(query))
            } catch {
                return .failure(error)
            }
        }
        task.cancel()
        switch await task.value {
        case .success, .failure(.cancelled), .failure(.timedOut):
            return  // finishing before noticing the cancellation is allowed
        case .failure(let error):
            throw ConformanceFailure("a cancelled nearby call failed with \(error.kind) instead of cancelled")
        }
    }

    /// Text search finds the known term.
    public func checkTextSearch(term: String) async throws {
        let response = try await provider.search(VenueQuery(center: center, radius: radius, term: term))
        guard !response.venues.isEmpty else {
            throw ConformanceFailure("search('\(term)') found nothing")
        }
        try checkVenues(response.venues, context: "search")
    }

    /// A provider without text search says so with `unsupported`.
    public func checkUnsupportedSearch() async throws {
        do {
            _ = try await provider.search(VenueQuery(center: center, radius: radius, term: "x"))
            throw ConformanceFailure("search succeeded although .textSearch is not in the capabilities")
        } catch let error as ProviderError {
            guard case .unsupported = error else {
                throw ConformanceFailure("search without capability threw \(error.kind), not unsupported")
            }
        }
    }

    private func checkVenues(_ venues: [Venue], context: String) throws {
        var seen = Set<VenueID>()
        for venue in venues {
            guard venue.id.provider == provider.id else {
                throw ConformanceFailure("\(context): venue \(venue.id) does not carry the provider id \(provider.id)")
            }
            guard !venue.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw ConformanceFailure("\(context): venue \(venue.id) has an empty name")
            }
            guard seen.insert(venue.id).inserted else {
                throw ConformanceFailure("\(context): venue id \(venue.id) appears twice")
            }
        }
    }
}

/// A broken promise found by ``VenueProviderConformance``.
public struct ConformanceFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
