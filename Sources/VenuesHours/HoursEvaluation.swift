public import Foundation

/// The state of a venue at an instant and when it next changes.
public struct HoursEvaluation: Sendable, Hashable {
    /// The state at the instant.
    public var state: HoursState
    /// The comment of the rule that decides the state, if any.
    public var comment: String?
    /// When the state or the comment next changes; nil when neither changes within
    /// ``OpeningHours/horizonDays`` days (`24/7`, `off`, a value that never matches).
    public var nextChange: Date?
    /// The state from `nextChange` on; nil with it.
    public var nextState: HoursState?

    /// An evaluation with every field given.
    public init(state: HoursState, comment: String?, nextChange: Date?, nextState: HoursState?) {
        self.state = state
        self.comment = comment
        self.nextChange = nextChange
        self.nextState = nextState
    }
}
