import VenuesSQLite

/// The rows of `hours_week` (``OSMIndexSchema``): each distinct `opening_hours` value whose week
/// compiles, with its compiled week, written by an import and an update and read by a filter on
/// open places.
enum HoursWeekRows {
    /// Inserts a value and its week, unless the value has one already.
    static let insert = "INSERT OR IGNORE INTO hours_week(value, week) VALUES (?, ?)"
    /// The week of a value.
    static let select = "SELECT week FROM hours_week WHERE value = ?"

    /// Writes `weeks` with `insert` (a statement of ``insert``).
    static func write(_ weeks: [(value: String, week: [UInt8])], with insert: SQLiteStatement) throws(SQLiteError) {
        for entry in weeks {
            try insert.bind(entry.value, at: 1)
            try insert.bind(blob: entry.week, at: 2)
            try insert.run()
        }
    }
}
