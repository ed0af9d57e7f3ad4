import Foundation

/// Parses each distinct text once, shared between threads (a country has a few thousand
/// distinct values among millions of venues).
///
/// Thread-safe: a lock guards the table; two threads asking for a new text at once may both
/// parse it, and the answers are equal.
public final class OpeningHoursMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [String: Result<OpeningHours, OpeningHoursSyntaxError>] = [:]

    /// An empty memo.
    public init() {}

    /// The parsed value of `text`, or why it cannot be read.
    public func hours(_ text: String) -> Result<OpeningHours, OpeningHoursSyntaxError> {
        lock.lock()
        if let known = table[text] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let result = Result { () throws(OpeningHoursSyntaxError) in try OpeningHours(text) }
        lock.lock()
        table[text] = result
        lock.unlock()
        return result
    }

    /// How many distinct texts the memo holds.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return table.count
    }
}
