/// What one calendar day looks like: disjoint, ordered segments in minutes after midnight
/// (0...1440), each with a kind and a comment; time in no segment is closed without comment.
struct DaySchedule: Sendable, Equatable {
    /// One stretch of a day with one state.
    struct Segment: Sendable, Equatable {
        var start: Int
        var end: Int
        var kind: RuleKind
        var comment: Int

        var key: StateKey { StateKey(kind: kind, comment: comment) }
    }

    private(set) var segments: [Segment] = []

    /// The whole day closed with no comment.
    static let empty = DaySchedule()

    /// The union of `ranges` with one kind and comment.
    init(ranges: [Range<Int>], kind: RuleKind, comment: Int) {
        let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        for range in sorted {
            if let last = segments.last, last.end >= range.lowerBound {
                segments[segments.count - 1].end = max(last.end, range.upperBound)
            } else {
                segments.append(Segment(start: range.lowerBound, end: range.upperBound, kind: kind, comment: comment))
            }
        }
    }

    init() {}

    /// Whether every segment is closed without comment (true for an empty schedule).
    var isClosedWithoutComment: Bool {
        segments.allSatisfy { $0.kind == .closed && $0.comment == 0 }
    }

    /// `other`'s segments laid over this schedule's: where `other` has a segment it wins.
    func overlaid(with other: DaySchedule) -> DaySchedule {
        var result = self
        for segment in other.segments { result.insert(segment) }
        return result
    }

    /// This schedule without the closed, comment-less segments (they are the gaps anyway).
    func droppingPlainClosed() -> DaySchedule {
        var result = self
        result.segments.removeAll { $0.kind == .closed && $0.comment == 0 }
        return result
    }

    /// The whole day as consecutive pieces, gaps filled as closed, neighbours with one state merged.
    func pieces() -> [Segment] {
        var result: [Segment] = []
        var cursor = 0
        func append(_ piece: Segment) {
            guard piece.start < piece.end else { return }
            if let last = result.last, last.key == piece.key, last.end == piece.start {
                result[result.count - 1].end = piece.end
            } else {
                result.append(piece)
            }
        }
        for segment in segments {
            append(Segment(start: cursor, end: segment.start, kind: .closed, comment: 0))
            append(segment)
            cursor = segment.end
        }
        append(Segment(start: cursor, end: 1440, kind: .closed, comment: 0))
        return result
    }

    private mutating func insert(_ new: Segment) {
        guard new.start < new.end else { return }
        var result: [Segment] = []
        result.reserveCapacity(segments.count + 2)
        var inserted = new
        for segment in segments {
            if segment.end <= new.start || segment.start >= new.end {
                result.append(segment)
                continue
            }
            if segment.start < new.start {
                var before = segment
                before.end = new.start
                result.append(before)
            }
            if segment.end > new.end {
                var after = segment
                after.start = new.end
                result.append(after)
            }
        }
        // Merge with neighbours of the same state.
        result.removeAll { segment in
            if segment.key == inserted.key, segment.end == inserted.start {
                inserted.start = segment.start
                return true
            }
            if segment.key == inserted.key, segment.start == inserted.end {
                inserted.end = segment.end
                return true
            }
            return false
        }
        let index = result.firstIndex { $0.start >= inserted.end } ?? result.count
        result.insert(inserted, at: index)
        segments = result
    }
}

/// A state as the evaluator compares it: the kind and the comment.
struct StateKey: Sendable, Hashable {
    var kind: RuleKind
    var comment: Int
}
