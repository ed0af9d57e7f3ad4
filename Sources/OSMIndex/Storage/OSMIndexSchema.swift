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
///   categories INTEGER,            -- bit i set = the i-th category of meta 'category_bits';
///                                  -- bit 62 (meta 'hours_bit') = has a non-blank
///                                  -- opening_hours, trusted while meta
///                                  -- 'hours_bit_generation' = 'generation'
///   search TEXT,                   -- name, brand, cuisine and other names folded (lowercase,
///                                  -- no diacritics), joined by U+001F, empty fields at the
///                                  -- end left out (OSMSearchText)
///   tags BLOB,                     -- every tag: (key id, value length, value) as varints + UTF-8
///   osm_type, osm_id               -- generated from element, for people writing SQL
/// )
/// hours_week(
///   value TEXT PRIMARY KEY,        -- a distinct opening_hours value of the venues
///   week BLOB                      -- its week compiled (HoursWeek), for the values whose days
///                                  -- differ only by weekday; an index without the table (or
///                                  -- a value without a row) is judged from the value itself
/// )
/// venue_position  R-tree (rtree_i32) of the positions, 1e-7 degrees, id = venue.element
/// word(
///   id INTEGER PRIMARY KEY,        -- the word's place in word_list (sorted by UTF-8 bytes)
///   word TEXT,                     -- a word of venue.search (SearchWords), folded
///   venues INTEGER,                -- how many venues have it
///   elements BLOB                  -- their venue.element, each as a varint of the zigzag
///                                  -- difference from the one before (the first from 0)
/// )
/// word_list(id INTEGER PRIMARY KEY, words BLOB)  -- one row: every word, each followed by a
///                                  -- newline (read whole to find the words a term's words
///                                  -- match, typos and all); sorted at import, the words an
///                                  -- update adds follow at the end (word.id is the place)
///
/// word_change(id INTEGER PRIMARY KEY, -- schema 3: what updates changed in a common word's
///   venues INTEGER,                -- venues since word.elements was written (rewriting a long
///   added BLOB, removed BLOB)      -- list per update would cost more than the update): the
///                                  -- word's venues now, the elements added and taken out
///                                  -- (sorted, varints of zigzag differences); folded into
///                                  -- word.elements once they are an eighth of it
///
/// -- What an update needs (schema 3): the elements whose position an OsmChange file can
/// -- change without naming them (``IndexUpdater``). Tracked are the ways and relations the
/// -- venue rules select, named or not (a name added later makes them venues), and the ways
/// -- that are members of those relations. Id lists are varints of zigzag differences.
/// update_node(node INTEGER PRIMARY KEY,  -- a node of a tracked way or relation
///   latitude INTEGER, longitude INTEGER, -- 1e-7 degrees
///   users BLOB)                          -- the tracked elements that use it (venue.element codes)
/// update_way(way INTEGER PRIMARY KEY, nodes BLOB, relations BLOB, selected INTEGER)
///                                  -- a tracked way: its nodes, the tracked relations it is a
///                                  -- member of, and 1 when the rules select the way itself
/// update_relation(relation INTEGER PRIMARY KEY, nodes BLOB, ways BLOB)  -- a tracked relation's
///                                  -- member nodes and ways
/// ```
///
/// `PRAGMA application_id` marks the file as a venues OSM index and `PRAGMA user_version` is
/// the schema version: a reader refuses other files and other schemas (an index of an earlier
/// one is imported again: the package is unreleased, and schemas 1 and 2 lacked the words and
/// the update tables). Files are in WAL mode, so that an update writes them in place while
/// searches read them (see docs/osm-index.md).
enum OSMIndexSchema {
    /// `PRAGMA application_id`: "VOSM".
    static let applicationID: Int64 = 0x564F_534D
    /// `PRAGMA user_version` of the files this build writes.
    static let version: Int64 = 3

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
        CREATE TABLE word(id INTEGER PRIMARY KEY, word TEXT NOT NULL, venues INTEGER NOT NULL, elements BLOB NOT NULL);
        CREATE TABLE word_list(id INTEGER PRIMARY KEY, words BLOB NOT NULL);
        CREATE TABLE word_change(
            id INTEGER PRIMARY KEY, venues INTEGER NOT NULL, added BLOB NOT NULL, removed BLOB NOT NULL
        );
        CREATE TABLE update_node(
            node INTEGER PRIMARY KEY, latitude INTEGER NOT NULL, longitude INTEGER NOT NULL, users BLOB NOT NULL
        );
        CREATE TABLE update_way(
            way INTEGER PRIMARY KEY, nodes BLOB NOT NULL, relations BLOB NOT NULL, selected INTEGER NOT NULL
        );
        CREATE TABLE update_relation(relation INTEGER PRIMARY KEY, nodes BLOB NOT NULL, ways BLOB NOT NULL);
        CREATE TABLE hours_week(value TEXT PRIMARY KEY, week BLOB NOT NULL) WITHOUT ROWID;
        """

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
