import VenuesSQLite
import VenuesServerStore

/// SQLite failures as ``ServerStoreError``s: what a caller may retry later (`unavailable`)
/// apart from what needs the operator (`failed`).
enum SQLiteErrorMapping {
    /// The store error for anything a job threw.
    static func storeError(_ error: any Error, path: String) -> ServerStoreError {
        if let error = error as? ServerStoreError { return error }
        guard let error = error as? SQLiteError else { return .failed("\(error)") }
        if error.isBusy {
            return .unavailable("\(path) stayed locked by another connection: \(error.message)")
        }
        if error.isCannotOpen {
            return .unavailable("cannot open \(path): \(error.message)")
        }
        if error.isNotADatabase || error.isCorrupt {
            return .failed("\(path) is not a usable database: \(error.message)")
        }
        return .failed("\(path): \(error.message)")
    }
}
