import Foundation

/// A state file (`state.txt`, `AAA/BBB/CCC.state.txt`): a Java properties file of which
/// `sequenceNumber` and `timestamp` are read and every other key (`txnMaxQueried`, …) is left.
///
/// ```
/// #Fri Nov 27 01:00:02 UTC 2026
/// sequenceNumber=6123456
/// timestamp=2026-11-27T00\:59\:58Z
/// ```
enum ReplicationStateFile {
    /// The state the file's bytes hold. `url` (redacted) names the file in errors, which are
    /// ``ReplicationError/malformedState(url:line:reason:)`` naming the line at fault.
    static func state(from data: Data, url: String) throws(ReplicationError) -> ReplicationState {
        let text = String(decoding: data, as: UTF8.self)
        if text.drop(while: \.isWhitespace).first == "<" {
            throw .malformedState(url: url, line: nil, reason: "the answer is a web page, not a state file")
        }
        let properties: JavaProperties
        do throws(JavaProperties.Failure) {
            properties = try JavaProperties(parsing: text)
        } catch {
            throw .malformedState(url: url, line: error.line, reason: error.reason)
        }
        guard let sequenceEntry = properties["sequenceNumber"] else {
            throw .malformedState(url: url, line: nil, reason: "no sequenceNumber")
        }
        let sequenceText = sequenceEntry.value.trimmingCharacters(in: .whitespaces)
        guard !sequenceText.isEmpty, sequenceText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let sequence = Int64(sequenceText)
        else {
            throw .malformedState(
                url: url,
                line: sequenceEntry.line,
                reason: "sequenceNumber '\(excerpt(sequenceEntry.value))' is not a whole number from 0"
            )
        }
        guard let timestampEntry = properties["timestamp"] else {
            throw .malformedState(url: url, line: nil, reason: "no timestamp")
        }
        guard let timestamp = ReplicationTimestamp.date(timestampEntry.value.trimmingCharacters(in: .whitespaces))
        else {
            throw .malformedState(
                url: url,
                line: timestampEntry.line,
                reason: "timestamp '\(excerpt(timestampEntry.value))' is not a UTC time like 2026-11-27T00\\:59\\:58Z"
            )
        }
        return ReplicationState(sequence: sequence, timestamp: timestamp)
    }

    /// At most 40 characters of a value, control characters shown as `?`, for messages.
    private static func excerpt(_ value: String) -> String {
        let printable = String(
            String.UnicodeScalarView(value.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 })
        )
        return printable.count > 40 ? String(printable.prefix(40)) + "…" : printable
    }
}
