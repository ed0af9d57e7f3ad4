import Foundation
import OSMIndex
import OSMModel
import VenuesCore

/// The Overture indexes that meet one search circle (the one the endpoint names first, then the
/// imported ones of the directory, newer data first), what they hold of it together, and their
/// answer, with the places the filter leaves out taken away.
struct OvertureIndexSet {
    private(set) var areas: [OSMIndexArea]
    let coverage: CircleCoverage
    private let center: Coordinate
    private let radius: Double

    /// Every readable Overture index of `directory` whose area meets the circle, after `named`.
    init(named: URL?, directory: URL?, center: Coordinate, radius: Double) throws(ProviderError) {
        var areas: [OSMIndexArea] = []
        if let named {
            do throws(OSMIndexError) {
                areas.append(OSMIndexArea(try OSMIndexReader(url: named).info))
            } catch {
                throw ProviderError(overtureIndex: error)
            }
        }
        if let directory {
            let namedURL = areas.first?.url.standardizedFileURL
            areas += OSMIndexCatalog(directory: directory).areas(meeting: center, radius: radius)
                .filter { $0.url.standardizedFileURL != namedURL }
        }
        self.areas = areas
        self.center = center
        self.radius = radius
        coverage = CircleCoverage.measure(center: center, radius: radius, areas: areas.compactMap(\.coverage))
    }

    var isEmpty: Bool { areas.isEmpty }

    /// `index:NAME`, joined by `+` when several answer.
    var source: String { areas.map { "index:\($0.name)" }.joined(separator: "+") }

    /// The places of every index, filtered; a place held by several indexes is taken once, from
    /// the first. When only the nearest or best `n` are wanted and the filter leaves out some,
    /// the index is asked again for more, until `n` are kept or the circle has no more.
    func search(
        query: VenueQuery,
        selection: OSMSelection,
        filter: OverturePlaceFilter,
        cancellation: CancellationFlag
    ) throws(ProviderError) -> (venues: [Venue], notes: [String], filtered: FilterCounts) {
        var venues: [Venue] = []
        var notes: [String] = []
        var seen = Set<VenueID>()
        var leftOut = 0
        var filtered = FilterCounts()
        for area in areas {
            do throws(OSMIndexError) {
                let reader = try OSMIndexReader(url: area.url, mapper: OvertureVenueMapper.indexMapper)
                guard reader.info.content == OSMIndexImporter.Content.overture.rawValue else {
                    notes.append("\(area.url.path) is not an Overture index and was passed over")
                    continue
                }
                let wanted = query.rankedLimit ?? query.nearestLimit
                var asked = wanted.map { max(1, $0) }
                while true {
                    var question = OSMIndexReader.Query(
                        center: center,
                        radius: radius,
                        categories: query.categories,
                        selection: selection,
                        nearest: query.rankedLimit == nil ? asked : nil,
                        ranked: query.rankedLimit == nil ? nil : asked
                    )
                    question.prefilter = query.prefilter
                    let answer = try reader.search(question, cancellation: cancellation)
                    let kept = answer.venues.filter(filter.admits)
                    if let wanted, let current = asked, kept.count < wanted, answer.venues.count >= current,
                        current < 1 << 22
                    {
                        asked = current * 4
                        continue
                    }
                    leftOut += answer.venues.count - kept.count
                    filtered += answer.filtered
                    for venue in kept where seen.insert(venue.id).inserted { venues.append(venue) }
                    notes.append("answered from the Overture index \(area.name) (\(area.url.path))")
                    notes += answer.notes
                    break
                }
            } catch .damaged(let path, let reason) {
                notes.append("the Overture index \(path) is damaged (\(reason)) and was passed over")
            } catch {
                throw ProviderError(overtureIndex: error)
            }
        }
        if let note = filter.note(leftOut: leftOut) { notes.append(note) }
        return (venues, notes, filtered)
    }

    /// The warning of an answer from indexes that hold only part of the circle.
    var partialWarning: String {
        "the imported Overture index(es) \(areas.map(\.name).joined(separator: ", ")) hold only \(Int((coverage.fraction * 100).rounded())) % of the \(Int(radius)) m circle; places in the rest are missing"
    }
}

extension ProviderError {
    /// An index or file that could not be read: a bad or missing one the caller's
    /// ``badRequest(_:)``, a damaged one ``invalidResponse(_:)``, a failing disk ``unreachable(_:)``.
    init(overtureIndex error: OSMIndexError) {
        switch error {
        case .source(let error): self.init(overtureFile: error)
        case .cancelled: self = .cancelled
        case .notAnIndex, .newerSchema, .olderSchema, .notFound, .invalidName, .notUpdatable:
            self = .badRequest(error.description)
        case .damaged: self = .invalidResponse(error.description)
        case .write, .temporaryFiles, .busy: self = .unreachable(error.description)
        }
    }

    /// A file that could not be read: missing, ``misconfigured(_:)``; malformed,
    /// ``invalidResponse(_:)``; else ``unreachable(_:)``.
    init(overtureFile error: OSMFileError) {
        switch error {
        case .notFound: self = .misconfigured(error.description)
        case .isDirectory, .unreadable, .readFailed, .temporaryFile: self = .unreachable(error.description)
        case .malformed(let message): self = .invalidResponse(message)
        case .cancelled: self = .cancelled
        }
    }
}
