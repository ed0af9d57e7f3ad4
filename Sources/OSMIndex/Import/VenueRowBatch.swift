/// `venue` rows ready to insert, sent to the writer in one piece: the fixed-size part of each row in one array and every row's search text and tags
/// blob in one byte array, so that a batch costs a few allocations, not a few per row.
struct VenueRowBatch: Sendable {
    /// One row.
    struct Row: Sendable {
        var element: Int64
        /// The `out center` position in degrees.
        var latitude: Double
        var longitude: Double
        /// A way's or relation's bounding box; `nil` for nodes.
        var extent: VenueRow.Extent?
        /// `venue.categories`.
        var categories: Int64
        /// Where `venue.search` (UTF-8) and `venue.tags` are in ``VenueRowBatch/bytes``.
        var search: Range<Int>
        var tags: Range<Int>
    }

    var rows: [Row] = []
    var bytes: [UInt8] = []
    /// Tag keys first used in this batch (`tag_key` rows), to insert before its rows.
    var newKeys: [(id: Int, key: String)] = []
    /// The compiled weeks (``HoursWeek``) of the `opening_hours` values first met in this batch
    /// that compile (`hours_week` rows).
    var hoursWeeks: [(value: String, week: [UInt8])] = []

    var isEmpty: Bool { rows.isEmpty }

    /// Calls `body` with the search text and the tags blob of the row at `index`.
    func withColumns<Value, Failure: Error>(
        of index: Int,
        _ body: (_ search: UnsafeRawBufferPointer, _ tags: UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let row = rows[index]
        // `withUnsafeBytes` rethrows untyped errors: the typed one is carried out in a Result.
        let result = bytes.withUnsafeBytes { all in
            Result { () throws(Failure) in
                try body(
                    UnsafeRawBufferPointer(rebasing: all[row.search]),
                    UnsafeRawBufferPointer(rebasing: all[row.tags])
                )
            }
        }
        return try result.get()
    }
}
