import PostgresNIO

/// A `timestamptz` as whole microseconds since 1970, written and read in PostgreSQL's binary
/// format (microseconds since 2000) with integer arithmetic only, so that a value comes back
/// exactly as it was stored (``VenuesServerStore/ServerStoreTime``).
struct PostgresInstant: Sendable, Hashable, PostgresNonThrowingEncodable, PostgresDecodable {
    /// Microseconds from 1970-01-01 to 2000-01-01 UTC, PostgreSQL's epoch.
    static let postgresEpoch: Int64 = 946_684_800_000_000

    /// Microseconds since 1970-01-01 UTC.
    var microseconds: Int64

    init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    static var psqlType: PostgresDataType { .timestamptz }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into byteBuffer: inout ByteBuffer,
        context: PostgresEncodingContext<JSONEncoder>
    ) {
        let (value, overflow) = microseconds.subtractingReportingOverflow(Self.postgresEpoch)
        byteBuffer.writeInteger(overflow ? Int64.min : value)
    }

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer,
        type: PostgresDataType,
        format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard type == .timestamptz || type == .timestamp, format == .binary, buffer.readableBytes == 8,
            let value = buffer.readInteger(as: Int64.self)
        else { throw PostgresDecodingError.Code.typeMismatch }
        let (microseconds, overflow) = value.addingReportingOverflow(Self.postgresEpoch)
        self.microseconds = overflow ? Int64.max : microseconds
    }
}
