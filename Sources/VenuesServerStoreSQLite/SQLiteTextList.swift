import Foundation
import VenuesServerStore

/// A list of strings in one SQLite `TEXT` column, as a JSON array (`["cafe","bar"]`): readable
/// with `sqlite3` and its `json_each`.
enum SQLiteTextList {
    /// The JSON array of `items`.
    static func encode(_ items: [String]) -> String {
        guard let data = try? JSONEncoder().encode(items) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The strings of a JSON array; an empty list for NULL.
    ///
    /// - Throws: ``VenuesServerStore/ServerStoreError/failed(_:)`` when the text is not an array
    ///   of strings.
    static func decode(_ text: String?) throws(ServerStoreError) -> [String] {
        guard let text else { return [] }
        do {
            return try JSONDecoder().decode([String].self, from: Data(text.utf8))
        } catch {
            throw .failed("a stored list is not a JSON array of strings: \(text.prefix(80))")
        }
    }
}
