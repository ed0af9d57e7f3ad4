import Foundation
import OSMIndex
import OSMModel
import VenuesCore

/// The imported indexes that meet one search circle, what they hold of it together, and their
/// answer.
///
/// Every index whose area meets the circle answers (regions imported side by side, a city inside
/// its country); one OSM element held by several is one venue, from the index with the newer
/// data. ``coverage`` says how much of the circle they hold together: all of it, and no other
/// source is needed; part of it, and the provider asks the remote server, or, offline, answers
/// with what they hold and says how much is missing.
struct ImportedIndexes: Sendable {
    /// The indexes that meet the circle, newer data first.
    private(set) var areas: [OSMIndexArea]
    /// What they hold of the circle.
    private(set) var coverage: CircleCoverage
    private let center: Coordinate
    private let radius: Double
    /// The index the endpoint names: damaged, it is an error, not passed over.
    private let named: URL?

    /// The indexes of `directory` meeting the circle, and `named` (an index the endpoint names)
    /// first when given.
    init(
        directory: URL?,
        named: URL?,
        center: Coordinate,
        radius: Double
    ) throws(ProviderError) {
        var areas: [OSMIndexArea] = []
        if let named {
            do throws(OSMIndexError) {
                areas.append(OSMIndexArea(try OSMIndexReader(url: named).info))
            } catch {
                throw ProviderError(error)
            }
        }
        if let directory {
            let named = areas.first?.url.standardizedFileURL
            areas += OSMIndexCatalog(directory: directory).areas(meeting: center, radius: radius)
                .filter { $0.url.standardizedFileURL != named }
        }
        self.areas = areas
        self.named = named == nil ? nil : areas.first?.url
        self.center = center
        self.radius = radius
        coverage = CircleCoverage.measure(center: center, radius: radius, areas: areas.compactMap(\.coverage))
    }

    /// Whether no index meets the circle.
    var isEmpty: Bool { areas.isEmpty }

    /// `index:NAME`, joined by `+` when several answer (`index:uusimaa+index:estonia`).
    var source: String { areas.map { "index:\($0.name)" }.joined(separator: "+") }

    /// Searches every index — several at once, one thread a core: a circle on a border opens and
    /// searches each index it meets — and joins their answers in the order of ``areas``. A
    /// damaged index of the directory is passed over (a note says so) and ``coverage`` is
    /// measured again without it; a damaged one the endpoint names is an error. Venues are in no
    /// particular order: the caller shapes them. With the query's prefilter, each index gives
    /// its nearest (or best) venues that pass, and the answer counts those left out.
    mutating func search(
        query: VenueQuery,
        selection: OSMSelection,
        cancellation: CancellationFlag
    ) throws(ProviderError) -> IndexAnswer {
        var question = OSMIndexReader.Query(
            center: center,
            radius: radius,
            categories: query.categories,
            selection: selection,
            nearest: query.nearestLimit.map { max(1, $0) },
            ranked: query.rankedLimit.map { max(1, $0) }
        )
        question.prefilter = query.prefilter
        let answers = Self.answers(of: areas.map(\.url), to: question, cancellation: cancellation)
        var venues: [Venue] = []
        var notes: [String] = []
        var seen = Set<VenueID>()
        var filtered = FilterCounts()
        var answered: [OSMIndexArea] = []
        for (area, result) in zip(areas, answers) {
            let answer: OSMIndexReader.Answer
            switch result {
            case .success(let found): answer = found
            case .failure(.damaged(let path, let reason)) where area.url != named:
                notes.append("the OSM index \(path) is damaged (\(reason)) and was passed over")
                continue
            case .failure(let error): throw ProviderError(error)
            }
            answered.append(area)
            filtered += answer.filtered
            var repeated = 0
            for venue in answer.venues {
                if seen.insert(venue.id).inserted { venues.append(venue) } else { repeated += 1 }
            }
            notes.append("answered from the OSM index \(area.name) (\(area.url.path))")
            notes += answer.notes
            if repeated > 0 {
                notes.append(
                    "\(repeated) venue(s) of \(area.name) also in an index with newer data, kept from that one"
                )
            }
        }
        if answered.count < areas.count {
            areas = answered
            coverage = CircleCoverage.measure(center: center, radius: radius, areas: areas.compactMap(\.coverage))
        }
        return IndexAnswer(venues: venues, notes: notes, filtered: filtered)
    }

    /// Each index's answer to `query`, in the order of `urls`; the indexes are opened and searched
    /// on as many threads as there are cores.
    private static func answers(
        of urls: [URL],
        to query: OSMIndexReader.Query,
        cancellation: CancellationFlag
    ) -> [Result<OSMIndexReader.Answer, OSMIndexError>] {
        @Sendable func answer(_ url: URL) -> Result<OSMIndexReader.Answer, OSMIndexError> {
            Result { () throws(OSMIndexError) in
                try OSMIndexReader(url: url).search(query, cancellation: cancellation)
            }
        }
        let threads = min(urls.count, ProcessInfo.processInfo.activeProcessorCount)
        guard threads > 1 else { return urls.map(answer) }
        let slots = urls.map { _ in AnswerSlot() }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: urls.count, by: threads) {
                slots[index].answer = answer(urls[index])
            }
        }
        return slots.map { slot in
            guard let answer = slot.answer else { preconditionFailure("an index was left unsearched") }
            return answer
        }
    }

    /// One index's answer, written by the one thread that searches it.
    private final class AnswerSlot: @unchecked Sendable {
        var answer: Result<OSMIndexReader.Answer, OSMIndexError>?
    }

    /// Why the indexes are not enough on their own, for `--verbose`.
    var shortfall: String {
        if areas.isEmpty { return "no imported OSM index meets the \(Int(radius)) m circle" }
        return
            "the imported OSM index(es) \(areas.map(\.name).joined(separator: ", ")) hold \(percent) of the \(Int(radius)) m circle"
    }

    /// The warning of an answer from indexes that hold only part of the circle: `reason` says
    /// why no other source answered.
    func partialWarning(reason: String) -> String {
        "the imported OSM index(es) \(areas.map(\.name).joined(separator: ", ")) hold only \(percent) of the \(Int(radius)) m circle; venues in the rest are missing (\(reason))"
    }

    private var percent: String { "\(Int((coverage.fraction * 100).rounded())) %" }
}

/// What the imported indexes answered: venues in no particular order, how they were found, and
/// what the query's prefilter left out.
struct IndexAnswer: Sendable {
    var venues: [Venue] = []
    var notes: [String] = []
    var filtered = FilterCounts()
}
