public import Foundation

/// A stretch of time with one open or unknown state and one comment.
public struct HoursInterval: Sendable, Hashable {
    /// The first instant of the stretch.
    public var start: Date
    /// The instant after the stretch.
    public var end: Date
    /// `.open` or `.unknown`; closed time is the gaps between intervals.
    public var state: HoursState
    /// The comment of the rule that decides the state, if any.
    public var comment: String?

    /// An interval with every field given.
    public init(start: Date, end: Date, state: HoursState, comment: String?) {
        self.start = start
        self.end = end
        self.state = state
        self.comment = comment
    }
}
