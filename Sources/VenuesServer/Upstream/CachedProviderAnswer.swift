import Foundation
import VenuesCore

/// A provider's answer as the server's cache keeps it: the response (or the venue of a lookup)
/// and when it was stored and expires. JSON; the provider keys never reach it (providers never
/// put a key in a response).
struct CachedProviderAnswer: Codable, Sendable {
    /// The venues, centre, notes, warnings, source and coverage of a search.
    struct Response: Codable, Sendable {
        var venues: [Venue]
        var center: Coordinate?
        var notes: [String]
        var warnings: [String]
        var source: String?
        var coverage: Double?
        /// What the query's prefilter left out (absent in entries written before it existed).
        var filtered: FilterCounts?

        init(_ response: ProviderResponse) {
            venues = response.venues
            center = response.center
            notes = response.notes
            warnings = response.warnings
            source = response.source
            coverage = response.coverage
            filtered = response.filtered.isEmpty ? nil : response.filtered
        }

        /// Whether local indexes answered (`index:NAME`, `index:A+index:B`), not a server.
        var isFromLocalIndexes: Bool { source?.hasPrefix("index:") == true }

        var providerResponse: ProviderResponse {
            var response = ProviderResponse(
                venues: venues,
                center: center,
                notes: notes,
                warnings: warnings,
                source: source,
                coverage: coverage
            )
            response.filtered = filtered ?? FilterCounts()
            return response
        }
    }

    /// What a provider answered: a search's response or a lookup's venue.
    enum Payload: Sendable {
        case response(Response)
        case venue(Venue)
    }

    /// A search's answer; `nil` for a lookup.
    var response: Response?
    /// A lookup's venue; `nil` for a search.
    var venue: Venue?
    /// When the provider answered.
    var storedAt: Date
    /// When the entry stops being fresh.
    var expiresAt: Date

    /// An entry for `payload`.
    init(payload: Payload, storedAt: Date, expiresAt: Date) {
        switch payload {
        case .response(let response): self.response = response
        case .venue(let venue): self.venue = venue
        }
        self.storedAt = storedAt
        self.expiresAt = expiresAt
    }

    /// The bytes the store keeps.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return Array(try encoder.encode(self))
    }

    /// An entry read back from the store; `nil` when it cannot be read (an older or damaged
    /// entry is a miss, never an error).
    static func decoded(_ bytes: [UInt8]) -> CachedProviderAnswer? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(CachedProviderAnswer.self, from: Data(bytes))
    }
}
