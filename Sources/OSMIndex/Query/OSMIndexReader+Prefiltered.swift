import Foundation
import OSMModel
import VenuesCore
import VenuesSQLite

/// The nearest (or best) venues that pass a prefilter, judged in that order until enough have
/// passed.
extension OSMIndexReader {
    /// The nearest ``Query/nearest`` (or best ``Query/ranked``) venues that pass `prefilter`:
    /// the candidates are judged in that order until enough have passed (with every venue at
    /// the distance of the last one), so the circle's thousands are not all read. When the
    /// candidates of a smaller circle run out first, the circle grows by the share that passed.
    func prefiltered(
        _ query: Query,
        _ prefilter: VenuePrefilter,
        cancellation: CancellationFlag?
    ) throws -> Answer {
        let wanted = max(1, query.ranked ?? query.nearest ?? 1)
        let row = try venueRow()
        let summaryKeys = query.everyField ? nil : try summaryKeys()
        // A prefilter that reads only hours judges a venue made of its id, name, position and
        // hours; the rest of the row is read for the venues it keeps.
        let hoursSummary =
            prefilter.readsHoursOnly
            ? try mapper.hoursSummary.map { (make: $0.make, keys: try hoursSummaryKeys()) } : nil
        // The candidates' hours are read with the rows they are checked with, and each
        // candidate is judged as a stand-in with its hours at its position (all such a
        // prefilter reads): the rows of the venues it leaves out are never decoded.
        if hoursSummary != nil, let keyID = try keyIDs(of: ["opening_hours"]).first {
            // An index made before `hours_week` has no compiled weeks: its values are parsed.
            let weeks = prefilter.compiledWeekVerdict == nil ? nil : try? prepared(HoursWeekRows.select)
            candidateHours = CandidateHours(keyID: keyID, week: weeks.map(Self.compiledWeek))
        }
        defer { candidateHours = nil }
        // Each venue is read and judged once, whatever the rounds.
        var judged: [Int64: Judgement] = [:]
        // The whole venues of those kept (few: they are the answer).
        var keptVenues: [Int64: Venue] = [:]
        var round = query
        while true {
            let (found, notes, complete) = try candidates(round, cancellation: cancellation)
            // Nearest first, or best first: positions in `ordered`.
            let ordered = query.ranked == nil ? found : found.sorted(by: Self.ranksBefore)
            let order = query.ranked == nil ? Self.nearestFirst(found) : Array(ordered.indices)
            var kept: [(venue: Venue, match: VenueMatch?)] = []
            var counts = FilterCounts()
            var cut: Double?
            for (index, position) in order.enumerated() {
                let candidate = ordered[position]
                if index & 0xFF == 0, cancellation?.isCancelled == true { throw OSMIndexError.cancelled }
                if kept.count >= wanted {
                    // Nearest first, every venue at the distance of the last one stays too.
                    guard query.ranked == nil, let cut, candidate.distance <= cut else { break }
                }
                let decided: Judgement
                if let known = judged[candidate.element] {
                    decided = known
                } else {
                    if judged.isEmpty { judged.reserveCapacity(ordered.count) }
                    let (judgement, whole) = try judge(
                        candidate,
                        by: prefilter,
                        row: row,
                        everyField: query.everyField,
                        summaryKeys: summaryKeys,
                        hoursSummary: hoursSummary
                    )
                    decided = judgement
                    judged[candidate.element] = decided
                    keptVenues[candidate.element] = whole
                }
                switch decided {
                case .kept:
                    guard let venue = keptVenues[candidate.element] else { continue }
                    kept.append((venue, candidate.match))
                    if kept.count == wanted { cut = candidate.distance }
                case .leftOut(.leftOutUnknown): counts.unknown += 1
                case .leftOut: counts.leftOut += 1
                case .noVenue: continue
                }
            }
            guard kept.count < wanted, !complete, let asked = round.nearest else {
                var answer = Answer(venues: kept.map(\.venue), notes: notes, matches: kept.map(\.match))
                answer.filtered = counts
                var note =
                    "index \(info.name): \(judged.count) venue(s) judged by \(prefilter.identity), \(kept.count) kept"
                if let candidateHours {
                    note +=
                        " (\(candidateHours.judgedWithHours) by their hours read with the candidates: \(candidateHours.distinctValues) distinct value(s), \(candidateHours.judgedByWeek) judged by a compiled week)"
                }
                answer.notes.append(note)
                return answer
            }
            // Too few passed among the nearest: ask for as many more as the share that passed
            // suggests (at least twice as many).
            let share = Double(max(1, kept.count)) / Double(max(1, ordered.count))
            round.nearest = max(asked * 2, Int((Double(wanted) / share * 1.25).rounded(.up)))
        }
    }

    /// The positions of `candidates` nearest first (ties by element), ordered by their keys
    /// alone: sorting the candidates themselves, moving and comparing whole values, cost twice as
    /// much.
    static func nearestFirst(_ candidates: [Candidate]) -> [Int] {
        var keys = candidates.indices.map {
            (distance: candidates[$0].distance, element: candidates[$0].element, at: $0)
        }
        keys.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.element < $1.element }
        return keys.map(\.at)
    }

    /// What a prefiltered walk decided of a venue: kept, left out (and why), or no venue at all
    /// (the mapper makes none of its row).
    enum Judgement {
        case kept
        case leftOut(FilterVerdict)
        case noVenue
    }

    /// Judges one candidate by `prefilter`, and reads the whole venue (with `row`) only when it
    /// is kept (then returned beside the judgement). With `hoursSummary` (a prefilter that reads
    /// only hours, and the mapper's hours summary with the ids of its keys), the candidate is
    /// judged as the stand-in of its hours (``CandidateHours``) when they were read with it,
    /// else as the summary of its row.
    func judge(
        _ candidate: Candidate,
        by prefilter: VenuePrefilter,
        row: SQLiteStatement,
        everyField: Bool,
        summaryKeys: [Int]?,
        hoursSummary: (make: (OSMElement.Kind, Int64, Coordinate, OSMTags) -> Venue?, keys: [Int]?)?
    ) throws -> (Judgement, Venue?) {
        let verdict: FilterVerdict
        if let hoursSummary, candidate.hours != CandidateHours.unread,
            let standInVerdict = candidateHours?.verdict(
                for: candidate.hours,
                element: candidate.element,
                at: candidate.coordinate,
                make: hoursSummary.make,
                fromWeek: prefilter.compiledWeekVerdict,
                judge: prefilter.verdict
            )
        {
            verdict = standInVerdict
        } else if let hoursSummary {
            let light = try venue(of: candidate, row: row, keeping: hoursSummary.keys) { kind, id, tags, _ in
                hoursSummary.make(kind, id, candidate.coordinate, tags)
            }
            guard let light else { return (.noVenue, nil) }
            verdict = prefilter.verdict(light)
        } else {
            guard let whole = try venue(of: candidate, row: row, everyField: everyField, keeping: summaryKeys) else {
                return (.noVenue, nil)
            }
            verdict = prefilter.verdict(whole)
            return verdict == .kept ? (.kept, whole) : (.leftOut(verdict), nil)
        }
        guard verdict == .kept else { return (.leftOut(verdict), nil) }
        guard let whole = try venue(of: candidate, row: row, everyField: everyField, keeping: summaryKeys) else {
            return (.noVenue, nil)
        }
        return (.kept, whole)
    }

    /// The compiled week of a value (its bytes) as `statement` (``HoursWeekRows/select``) reads
    /// it; `nil` when it has none.
    private static func compiledWeek(_ statement: SQLiteStatement) -> (UnsafeRawBufferPointer) -> [UInt8]? {
        { value in
            defer { statement.reset() }
            guard (try? statement.bind(text: value, at: 1)) != nil, (try? statement.step()) == true else { return nil }
            return statement.blob(0)
        }
    }
}
