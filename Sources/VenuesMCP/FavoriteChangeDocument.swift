import Foundation
public import VenuesFavorites

/// The answer of `favorite_add` and `favorite_remove`: what changed (`added`,
/// `alreadyPresent`, `noteUpdated`, `removed`), a sentence saying so, and the favourites
/// concerned as the favourites file keeps them.
public enum FavoriteChangeDocument {
    /// The document, as JSON.
    public static func json(change: String, message: String, favorites: [Favorite]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let document = Document(change: change, message: message, favorites: favorites)
        return Array((try? encoder.encode(document)) ?? Data(#"{"change":"\#(change)"}"#.utf8))
    }

    struct Document: Encodable {
        var change: String
        var message: String
        var favorites: [Favorite]
    }
}
