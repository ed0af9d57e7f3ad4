import Foundation
import VenuesCore
import VenuesFavorites
import VenuesServerStore

/// The values the checks store: dates in whole microseconds (which stores keep exactly), token
/// hashes, favourites.
enum ConformanceSamples {
    /// 2025-11-22T08:26:40.123456Z.
    static let epoch = Date(timeIntervalSince1970: 1_763_800_000.123_456)

    /// `seconds` after ``epoch`` (a whole number of microseconds when `seconds` is one).
    static func date(_ seconds: Double) -> Date {
        ServerStoreTime.date(microseconds: ServerStoreTime.microseconds(epoch) + Int64(seconds * 1_000_000))
    }

    /// A token hash made of `character` (64 hex digits).
    static func hash(_ character: Character) -> TokenHash {
        TokenHash(hex: String(repeating: character, count: 64))
    }

    /// A plain favourite `test:NATIVE`.
    static func favorite(native: String, name: String = "Café", note: String? = nil, addedAt: Date) -> Favorite {
        Favorite(
            id: try! VenueID(parsing: "test:\(native)"),
            name: name,
            coordinate: try! Coordinate(latitude: 60.1710, longitude: 24.9414),
            address: "Kaivokatu 1, 00100 Helsinki",
            categories: [.cafe],
            note: note,
            addedAt: addedAt
        )
    }
}

extension ServerStore {
    /// Creates the client `name` with the token hash ``ConformanceSamples/hash(_:)`` of `token`,
    /// created ``ConformanceSamples/date(_:)`` of `seconds`.
    func createSampleClient(_ name: String, token: Character, at seconds: Double) async throws(ServerStoreError) {
        try await createClient(
            name: name,
            tokenHash: ConformanceSamples.hash(token),
            createdAt: ConformanceSamples.date(seconds)
        )
    }
}
