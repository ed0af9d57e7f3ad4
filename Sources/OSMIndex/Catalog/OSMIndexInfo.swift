package import Foundation
package import OSMModel

/// What an index says about itself (its `meta` table), and its file.
package struct OSMIndexInfo: Sendable, Hashable {
    /// The index's name: its file name without `.sqlite`.
    package var name: String
    /// The index file.
    package var url: URL
    /// Its size in bytes.
    package var fileBytes: Int
    /// `PRAGMA user_version`.
    package var schemaVersion: Int64
    /// The rectangle around the area it covers: the extract's declared bounds; else, for an
    /// index of this venues, around the cells where its data lies (``CoverageCells``); for one
    /// of an earlier venues, around its nodes.
    package var bounds: OSMBounds?
    /// `declared`, `derived` (from ``coverageCells``) or `nodes` (an earlier venues).
    package var boundsOrigin: String?
    /// ``CoverageCells/encoded`` when the bounds are derived.
    package var coverageCells: String?
    /// Venues indexed.
    package var venues: Int
    /// The newest element timestamp of the extract (else its own timestamp): how recent the
    /// data is.
    package var dataTimestamp: String?
    /// The OSM file it was imported from, and its size.
    package var sourceName: String?
    package var sourceBytes: Int?
    /// When it was imported (ISO 8601).
    package var importedAt: String?
    /// The program that wrote it.
    package var generator: String?
    /// The venue rules it was built with (``VenueRules/fingerprint``).
    package var venueRules: String?
    /// The categories of `venue.categories`' bits, in bit order.
    package var categoryBits: [String]
    /// The bit of `venue.categories` that says a venue has opening hours (meta `hours_bit`),
    /// when every row keeps it: an import by this build writes it at generation 0, and each
    /// update by a build that keeps it moves meta `hours_bit_generation` on with `generation`
    /// (an update by an older build leaves the two apart, and the bit is no longer trusted).
    package var hoursBit: Int?
    /// What the index holds (meta `content`): `openstreetmap` (also for indexes written before
    /// the key existed) or another source imported on the same engine (`overture`).
    package var content: String
    /// meta `generation`: 0 at import, one more per update (``OSMIndexUpdater``).
    package var generation: Int64
    /// When the last update was applied (ISO 8601), if any.
    package var updatedAt: String?
    /// The replication feed the index follows, if any (meta `replication_*`).
    package var replication: Replication?

    /// Where an index's updates come from: a replication directory, the sequence its data is
    /// current to and that sequence's timestamp.
    package struct Replication: Sendable, Hashable {
        package var url: String
        package var sequence: Int64
        package var timestamp: String?

        package init(url: String, sequence: Int64, timestamp: String?) {
            self.url = url
            self.sequence = sequence
            self.timestamp = timestamp
        }
    }

    /// Any other meta entry a source's importer wrote (``OSMIndexImporter/Options/meta``), as text.
    package var extraMeta: [String: String]

    /// Reads `meta` into an info value.
    init(name: String, url: URL, fileBytes: Int, schemaVersion: Int64, meta: [String: MetaValue]) {
        self.name = name
        self.url = url
        self.fileBytes = fileBytes
        self.schemaVersion = schemaVersion
        if let minLatitude = meta["bounds_min_latitude"]?.double,
            let minLongitude = meta["bounds_min_longitude"]?.double,
            let maxLatitude = meta["bounds_max_latitude"]?.double,
            let maxLongitude = meta["bounds_max_longitude"]?.double
        {
            bounds = OSMBounds(
                minLatitude: minLatitude,
                minLongitude: minLongitude,
                maxLatitude: maxLatitude,
                maxLongitude: maxLongitude
            )
        }
        boundsOrigin = meta["bounds_origin"]?.text
        coverageCells = meta["coverage_cells"]?.text
        venues = meta["venues"]?.integer.map(Int.init) ?? 0
        dataTimestamp = meta["data_timestamp"]?.text
        sourceName = meta["source_name"]?.text
        sourceBytes = meta["source_bytes"]?.integer.map(Int.init)
        importedAt = meta["imported_at"]?.text
        generator = meta["generator"]?.text
        venueRules = meta["venue_rules"]?.text
        categoryBits = meta["category_bits"]?.text?.split(separator: ",").map(String.init) ?? []
        content = meta["content"]?.text ?? OSMIndexImporter.Content.openStreetMap.rawValue
        generation = meta["generation"]?.integer ?? 0
        if let bit = meta["hours_bit"]?.integer, (0..<63).contains(bit),
            meta["hours_bit_generation"]?.integer == generation
        {
            hoursBit = Int(bit)
        }
        updatedAt = meta["updated_at"]?.text
        if let url = meta["replication_url"]?.text, let sequence = meta["replication_sequence"]?.integer {
            replication = Replication(url: url, sequence: sequence, timestamp: meta["replication_timestamp"]?.text)
        }
        extraMeta = meta.compactMapValues(\.text)
    }

    /// The area the index holds: its cells when its bounds are derived, else its bounds.
    package var coverage: IndexCoverage? {
        if boundsOrigin == "derived" {
            return coverageCells.flatMap(CoverageCells.init(encoded:)).map(IndexCoverage.cells)
        }
        return bounds.map(IndexCoverage.rectangle)
    }

    /// A `meta` value.
    enum MetaValue: Sendable, Hashable {
        case integer(Int64)
        case real(Double)
        case text(String)

        var text: String? {
            switch self {
            case .text(let value): value
            case .integer(let value): String(value)
            case .real(let value): String(value)
            }
        }

        var integer: Int64? {
            switch self {
            case .integer(let value): value
            case .real(let value): Int64(exactly: value)
            case .text(let value): Int64(value)
            }
        }

        var double: Double? {
            switch self {
            case .integer(let value): Double(value)
            case .real(let value): value
            case .text(let value): Double(value)
            }
        }
    }
}
