public import Foundation

/// Parses each distinct text once, and evaluates each distinct text once per zone, country and
/// instant, shared between threads: a country has a few thousand distinct values among millions
/// of venues, and a listing evaluates the venues of a circle at one instant.
///
/// Thread-safe: a lock guards the tables; two threads asking for a new text at once may both
/// parse it, and the answers are equal.
public final class OpeningHoursMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [String: Result<OpeningHours, OpeningHoursSyntaxError>] = [:]
    private var evaluations: [EvaluationKey: HoursEvaluation] = [:]
    private var states: [EvaluationKey: HoursState] = [:]
    /// The most evaluations kept; the table starts again when full (a server's instants differ
    /// from request to request).
    static let evaluationLimit = 50_000

    /// What an evaluation of a value without sun times depends on (the position does not count).
    private struct EvaluationKey: Hashable {
        var text: String
        var zone: String
        var country: String?
        var instant: Double
    }

    /// An empty memo.
    public init() {
        // Room for a listing's values from the start: growing the tables one resize at a time
        // was a quarter of a night's parsing.
        table.reserveCapacity(512)
        states.reserveCapacity(512)
    }

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

    /// `hours` evaluated at `instant` in `context`: the same as
    /// ``OpeningHours/evaluate(at:in:)``, kept for the next venue with the same value, zone and
    /// country when the value has no sun times (with them, the position decides).
    public func evaluation(of hours: OpeningHours, at instant: Date, in context: HoursContext) -> HoursEvaluation {
        guard !hours.usesSunEvents else { return hours.evaluate(at: instant, in: context) }
        let key = EvaluationKey(
            text: hours.text,
            zone: context.timeZone.identifier,
            country: context.country,
            instant: instant.timeIntervalSince1970
        )
        lock.lock()
        if let known = evaluations[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let evaluation = hours.evaluate(at: instant, in: context)
        lock.lock()
        if evaluations.count >= Self.evaluationLimit { evaluations.removeAll(keepingCapacity: true) }
        evaluations[key] = evaluation
        lock.unlock()
        return evaluation
    }

    /// `hours`'s state at `instant` in `context`: the same as ``OpeningHours/state(at:in:)``,
    /// kept as ``evaluation(of:at:in:)`` keeps evaluations (and taken from a kept evaluation).
    public func state(of hours: OpeningHours, at instant: Date, in context: HoursContext) -> HoursState {
        guard !hours.usesSunEvents else { return hours.state(at: instant, in: context) }
        let key = EvaluationKey(
            text: hours.text,
            zone: context.timeZone.identifier,
            country: context.country,
            instant: instant.timeIntervalSince1970
        )
        lock.lock()
        if let known = states[key] ?? evaluations[key]?.state {
            lock.unlock()
            return known
        }
        lock.unlock()
        let state = hours.state(at: instant, in: context)
        lock.lock()
        if states.count >= Self.evaluationLimit { states.removeAll(keepingCapacity: true) }
        states[key] = state
        lock.unlock()
        return state
    }

    /// How many distinct texts the memo holds.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return table.count
    }

    /// How many evaluations the memo holds.
    public var evaluationCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return evaluations.count
    }
}
