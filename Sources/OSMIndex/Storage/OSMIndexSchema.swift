import OSMModel

/// The layout of an index file: a plain SQLite database that anyone can open with `sqlite3`.
///
/// ```sql
/// meta(key TEXT PRIMARY KEY, value)            -- schema version, source, bounds, counts…
/// tag_key(id INTEGER PRIMARY KEY, key TEXT)    -- the tag keys, numbered (see venue.tags)
/// venue(
///   element INTEGER PRIMARY KEY,   -- OSM id × 4 + type: 0 node, 1 way, 2 relation
///   latitude, longitude,           -- the `out center` position: INTEGER in 1e-7 degrees when
///                                  -- that is exact, else REAL degrees
///   min_latitude, min_longitude, max_latitude, max_longitude,  -- extent, 1e-7 degrees
///                                  -- (NULL for nodes)
///   categories INTEGER,            -- bit i set = the i-th category of meta 'category_bits'
///   search TEXT,                   -- name, brand and cuisine folded (lowercase, no
///                                  -- diacritics), joined by U+001F (empty fields at the
///                                  -- end left out; indexes before 2026-11-26 keep them)
///   tags BLOB,                     -- every tag: (key id, value length, value) as varints + UTF-8
///   osm_type, osm_id               -- generated from element, for people writing SQL
/// )
/// venue_position  R-tree (rtree_i32) of the positions, 1e-7 degrees, id = venue.element
/// venue_text      FTS5 trigram index of venue.search (detail=none, columnsize=0)
/// ```
///
/// `PRAGMA application_id` marks the file as a venues OSM index and `PRAGMA user_version` is
/// the schema version: a reader refuses other files and newer schemas.
enum OSMIndexSchema {
    /// `PRAGMA application_id`: "VOSM".
    static let applicationID: Int64 = 0x564F_534D
    /// `PRAGMA user_version` of the files this build writes and reads.
    static let version: Int64 = 1

    /// Creates the tables of an empty index (the R-tree and FTS index are filled by the writer).
    static let create = """
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        CREATE TABLE meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
        CREATE TABLE tag_key(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
        CREATE TABLE venue(
            element INTEGER PRIMARY KEY,
            latitude NOT NULL,
            longitude NOT NULL,
            min_latitude INTEGER,
            min_longitude INTEGER,
            max_latitude INTEGER,
            max_longitude INTEGER,
            categories INTEGER NOT NULL,
            search TEXT NOT NULL,
            tags BLOB NOT NULL,
            osm_type TEXT GENERATED ALWAYS AS
                (CASE element & 3 WHEN 0 THEN 'node' WHEN 1 THEN 'way' ELSE 'relation' END) VIRTUAL,
            osm_id INTEGER GENERATED ALWAYS AS (element >> 2) VIRTUAL
        );
        CREATE VIRTUAL TABLE venue_position USING rtree_i32(
            element, min_latitude, max_latitude, min_longitude, max_longitude
        );
        \(textIndex)
        """

    /// The text index: FTS5 trigrams of `venue.search`, external content (the text is read from
    /// `venue`), no positions (`detail=none`) and no column sizes (`columnsize=0`: nothing here
    /// ranks, and they cost a third of the time to fill). Indexes written before `columnsize=0`
    /// are read the same way.
    static let textIndex = """
        CREATE VIRTUAL TABLE venue_text USING fts5(
            search, content='venue', content_rowid='element', tokenize='trigram case_sensitive 1', detail=none,
            columnsize=0
        );
        """

    /// The separator between the folded fields of `venue.search`. A control character: never
    /// part of a search term, and a grapheme boundary, so a term matches the joined text
    /// exactly where it matches one of the fields.
    static let searchSeparator: Character = "\u{1F}"

    /// `venue.element` for an element: its id times 4 plus its type.
    static func element(kind: OSMElement.Kind, id: Int64) -> Int64 {
        id << 2 | Int64(kind.rawValue)
    }

    /// The type and id of a `venue.element`.
    static func kindAndID(element: Int64) -> (kind: OSMElement.Kind, id: Int64)? {
        guard let kind = OSMElement.Kind(rawValue: UInt8(element & 3)) else { return nil }
        return (kind, element >> 2)
    }

    /// The largest OSM id a `venue.element` can hold.
    static let maximumID: Int64 = Int64.max >> 2
}
