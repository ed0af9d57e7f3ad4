import Foundation
import VenuesServerStore

/// Creates the store's file before SQLite opens it, so that it gets mode 0600 (SQLite would
/// use 0644): tokens' hashes and people's favourites are nobody else's business.
enum SQLiteFileCreation {
    /// Creates the directories up to `path` (mode 0700) and an empty file (mode 0600) when
    /// missing; leaves an existing file as it is.
    ///
    /// - Throws: ``VenuesServerStore/ServerStoreError/unavailable(_:)`` naming the path and the
    ///   system's reason.
    static func createIfMissing(path: String) throws(ServerStoreError) {
        if FileManager.default.fileExists(atPath: path) { return }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory,
                    withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700]
                )
            } catch {
                throw .unavailable("cannot create the directory \(directory): \(Self.reason(of: error))")
            }
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .unavailable("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
    }

    private static func reason(of error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let text = strerror(Int32(underlying.code)) {
            return String(cString: text)
        }
        return error.localizedDescription
    }
}
