package import Foundation

/// What an update did (``OSMIndexUpdater``).
package struct OSMUpdateSummary: Sendable {
    /// The index updated.
    package var index: URL
    /// Objects in the changes (each once, the newest version), and elements read (every version).
    package var objects: Int
    package var elementsRead: Int
    /// Venues added, deleted and rewritten (retagged or moved).
    package var added: Int
    package var deleted: Int
    package var changed: Int
    /// Venues in the index now.
    package var venues: Int
    /// The index's data time now (ISO 8601).
    package var dataTimestamp: String?
    /// meta `generation` now.
    package var generation: Int64
    /// Seconds in all.
    package var seconds: Double
    /// Things worth saying (elements placed without some of their nodes…).
    package var notes: [String]
}
