internal import CSQLite

/// A compiled SQL statement of an ``SQLiteConnection``: bind parameters (1-based), step through
/// rows, read columns (0-based), reset, run again.
///
/// ```swift
/// let query = try database.prepare("SELECT id, text FROM note WHERE id > ?")
/// try query.bind(10, at: 1)
/// while try query.step() {
///     print(query.int64(0), query.text(1) ?? "")
/// }
/// ```
///
/// Column accessors read the current row only; a value read as another type is converted the
/// way SQLite converts it (`sqlite3_column_*`).
public final class SQLiteStatement {
    let handle: OpaquePointer
    /// Keeps the connection open while the statement exists.
    private let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Parameters

    /// Binds an integer to the parameter at `index` (1-based).
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds an integer to the parameter at `index` (1-based).
    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    /// Binds a floating-point value to the parameter at `index` (1-based).
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds text (copied), or NULL for `nil`, to the parameter at `index` (1-based).
    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try bindNull(at: index) }
        var text = value
        let code = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                // An empty string needs a non-null pointer, or SQLite binds NULL.
                withUnsafePointer(to: CChar(0)) { empty in
                    sqlite3_bind_text(
                        handle,
                        index,
                        characters.baseAddress ?? empty,
                        Int32(characters.count),
                        csqlite_transient()
                    )
                }
            }
        }
        try check(code)
    }

    /// Binds UTF-8 text (copied) to the parameter at `index` (1-based).
    public func bind(text bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        // Empty text needs a non-null pointer, or SQLite binds NULL.
        let code = withUnsafePointer(to: CChar(0)) { empty in
            sqlite3_bind_text(
                handle,
                index,
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? empty,
                Int32(bytes.count),
                csqlite_transient()
            )
        }
        try check(code)
    }

    /// Binds a blob (copied) to the parameter at `index` (1-based).
    public func bind(blob bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        // A zero-length blob needs a non-null pointer, or SQLite binds NULL.
        let empty: UInt8 = 0
        let code = withUnsafePointer(to: empty) { fallback in
            sqlite3_bind_blob(
                handle,
                index,
                bytes.baseAddress ?? UnsafeRawPointer(fallback),
                Int32(bytes.count),
                csqlite_transient()
            )
        }
        try check(code)
    }

    /// Binds a blob (copied) to the parameter at `index` (1-based).
    public func bind(blob bytes: [UInt8], at index: Int32) throws(SQLiteError) {
        let code = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: UInt8(0)) { fallback in
                sqlite3_bind_blob(
                    handle,
                    index,
                    buffer.baseAddress ?? UnsafeRawPointer(fallback),
                    Int32(buffer.count),
                    csqlite_transient()
                )
            }
        }
        try check(code)
    }

    /// Binds NULL to the parameter at `index` (1-based).
    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    // MARK: Running

    /// Advances to the next row: `true` when a row is available, `false` when the statement is
    /// done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError.make(code, connection: sqlite3_db_handle(handle))
        }
    }

    /// Runs the statement to its end (an `INSERT`, `UPDATE`…), then resets it for the next run.
    public func run() throws(SQLiteError) {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Rewinds the statement so it can run again; the bindings stay.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    // MARK: Columns

    /// The storage class of a column of the current row.
    public enum ColumnType: Sendable, Hashable {
        case integer, float, text, blob, null
    }

    /// How many columns a row has.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The storage class of the value in `column` (0-based).
    public func type(_ column: Int32) -> ColumnType {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .float
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// Whether the value in `column` (0-based) is NULL.
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// The value in `column` (0-based) as an integer.
    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// The value in `column` (0-based) as a floating-point number.
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The value in `column` (0-based) as text; `nil` for NULL.
    public func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Calls `body` with the bytes of the blob (or text) in `column` (0-based), valid only
    /// during the call; an empty buffer for NULL.
    public func withBlob<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
    {
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count))
    }

    /// The bytes of the blob in `column` (0-based); empty for NULL.
    public func blob(_ column: Int32) -> [UInt8] {
        withBlob(column) { Array($0) }
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw SQLiteError.make(code, connection: sqlite3_db_handle(handle)) }
    }
}

@available(*, unavailable)
extension SQLiteStatement: Sendable {}
