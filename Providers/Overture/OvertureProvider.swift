import Foundation
import OSMIndex
import OSMModel
public import VenuesCore

/// Overture Maps places, offline and keyless: from the indexes `venues overture import` wrote
/// (those whose area meets the search's circle answer it, as imported OSM indexes do), or from
/// the index or file the endpoint names.
///
/// Places below the configuration's confidence (0.3 by default) and places whose operating
/// status is not `open` are left out of nearby and search answers unless asked for; a lookup
/// by id (`overture:ID`) finds any place. With no index meeting the circle and nothing named,
/// the answer is empty (a note says why): the provider answers where Overture data has been
/// imported and stays out of the way elsewhere.
public struct OvertureProvider: VenueProvider {
    public let id: ProviderID = .overture
    public var capabilities: ProviderCapabilities { Self.descriptor.profile.capabilities }

    /// Where the places come from and which are shown.
    public let configuration: Configuration

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    public func nearby(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        try await run(query, term: nil)
    }

    public func search(_ query: VenueQuery) async throws(ProviderError) -> ProviderResponse {
        guard let term = query.term else { throw .badRequest("the search term is empty") }
        return try await run(query, term: term)
    }

    public func venue(_ id: VenueID, timeout: Double) async throws(ProviderError) -> Venue {
        guard id.provider == self.id else { throw .notFound(id) }
        if Task.isCancelled { throw .cancelled }
        let configuration = configuration
        let found = try await BackgroundWork.run { flag throws(ProviderError) -> Venue? in
            let element = OvertureTags.elementID(of: id.native)
            switch configuration.source {
            case .file(let url):
                return try OvertureFileSearch.venue(id, in: url)
            case .index(let url):
                do throws(OSMIndexError) {
                    let reader = try OSMIndexReader(url: url, mapper: OvertureVenueMapper.indexMapper)
                    if let venue = try reader.venue(kind: .node, id: element), venue.id == id { return venue }
                } catch {
                    throw ProviderError(overtureIndex: error)
                }
            case nil:
                break
            }
            guard let directory = configuration.indexDirectory else { return nil }
            for entry in OSMIndexCatalog(directory: directory).list() {
                if flag.isCancelled { throw .cancelled }
                guard case .success = entry.info,
                    let reader = try? OSMIndexReader(url: entry.url, mapper: OvertureVenueMapper.indexMapper),
                    let venue = try? reader.venue(kind: .node, id: element), venue.id == id
                else { continue }
                return venue
            }
            return nil
        }
        if Task.isCancelled { throw .cancelled }
        guard let found else { throw .notFound(id) }
        return found
    }

    private func run(_ query: VenueQuery, term: String?) async throws(ProviderError) -> ProviderResponse {
        guard let center = query.center else {
            throw .unsupported("Overture needs a centre to search around (--near LAT,LON)")
        }
        guard VenueQuery.radiusRange.contains(query.radius) else {
            throw .badRequest("radius \(query.radius) m is outside 1…100000 m")
        }
        if Task.isCancelled { throw .cancelled }
        let selection = try OSMSelection(categories: query.categories, term: term)
        let filter = OverturePlaceFilter(
            minimumConfidence: configuration.minimumConfidence,
            includeClosed: configuration.includeClosed
        )
        let configuration = configuration
        let radius = Double(query.radius)
        if case .file(let url) = configuration.source {
            let found = try await BackgroundWork.run { flag throws(ProviderError) in
                try OvertureFileSearch.places(
                    in: url,
                    center: center,
                    radius: radius,
                    selection: selection,
                    filter: filter,
                    cancellation: flag
                )
            }
            let shaped = VenueSelectionShaper.shape(found.venues, center: center, for: query)
            var notes = ["read \(url.lastPathComponent) whole"]
            if let note = filter.note(leftOut: found.leftOut) { notes.append(note) }
            var response = ProviderResponse(venues: shaped.venues, notes: notes + shaped.notes, source: "file")
            response.filtered = shaped.filtered
            response.passedPrefilter = query.prefilter != nil
            return response
        }
        let named: URL? =
            if case .index(let url) = configuration.source { url } else { nil }
        return try await BackgroundWork.run { flag throws(ProviderError) in
            let indexes = try OvertureIndexSet(
                named: named,
                directory: configuration.indexDirectory,
                center: center,
                radius: radius
            )
            guard !indexes.isEmpty else {
                return ProviderResponse(
                    venues: [],
                    notes: [
                        "no imported Overture index meets the \(query.radius) m circle (venues overture import FILE)"
                    ]
                )
            }
            let answer = try indexes.search(query: query, selection: selection, filter: filter, cancellation: flag)
            // The indexes judged every venue they answer with by the query's prefilter: the
            // shaper only cuts.
            var judged = query
            judged.prefilter = nil
            let shaped = VenueSelectionShaper.shape(answer.venues, center: center, for: judged)
            var warnings: [String] = []
            var notes = answer.notes + shaped.notes
            if indexes.coverage.isComplete {
                notes.append("together the index(es) hold the whole \(query.radius) m circle")
            } else {
                warnings.append(indexes.partialWarning)
            }
            var response = ProviderResponse(
                venues: shaped.venues,
                notes: notes,
                warnings: warnings,
                source: indexes.source,
                coverage: indexes.coverage.fraction
            )
            response.filtered = answer.filtered
            response.passedPrefilter = query.prefilter != nil
            return response
        }
    }
}
