/// Whether a rule's day selectors match a day: yes, no, or cannot tell (holidays not known).
enum DayMatch: Sendable, Equatable {
    case no
    case yes
    case maybe

    /// Both must match.
    func and(_ other: DayMatch) -> DayMatch {
        if self == .no || other == .no { return .no }
        if self == .maybe || other == .maybe { return .maybe }
        return .yes
    }

    /// Either may match.
    func or(_ other: DayMatch) -> DayMatch {
        if self == .yes || other == .yes { return .yes }
        if self == .maybe || other == .maybe { return .maybe }
        return .no
    }
}
