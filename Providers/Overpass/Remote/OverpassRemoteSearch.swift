import Foundation
import OSMIndex
import OSMModel
import VenuesCore
import VenuesHTTP

/// A search on a remote Overpass server: the query sent, its answer decoded, shaped as every
/// other source's answer is (``VenueSelectionShaper``).
///
/// Overpass matches a term only as a pattern (``OverpassQueryBuilder``): a typo, words in
/// another order, a word left out or a word in another name (`name:en`) find nothing there, and
/// a common word finds a different first page than the matcher ranks. So within
/// ``OverpassProvider/Configuration/ForgivingBound`` a text search fetches the circle's named
/// venues instead (the nearby query of the same categories, at most
/// ``OverpassProvider/Configuration/ForgivingBound/elements`` of them: one query, as a nearby
/// search is) and matches them here by ``OSMSelection/matches(_:)``, the matcher of the local
/// file and the index, so that the answer equals theirs for the same data. Past the bound's
/// radius, or when the server refuses the circle, the pattern is asked; when the circle holds
/// more than the bound's elements, the pattern too. Those answers carry a warning saying why
/// venues may be missing (past the radius, when the pattern found fewer than asked): never a
/// bare empty answer.
///
/// Each query sent is in the notes (`--verbose`) with its time and the elements it returned,
/// its QL on one line and shortened when long.
struct OverpassRemoteSearch {
    /// The interpreter.
    let url: URL
    let httpClient: any HTTPClient
    /// How far the search goes to forgive on the client.
    let bound: OverpassProvider.Configuration.ForgivingBound

    /// An answer decoded, with what it took.
    struct Fetched {
        /// The venues kept, in document order.
        var venues: [Venue]
        /// Skipped elements and the query's own line.
        var notes: [String]
        /// Every element the answer held, kept or not (compared with the query's `out` limit).
        var elements: Int
    }

    /// The answer of the server for `query`, shaped: a nearby search is one query; a text search
    /// is the circle's named venues matched here within the bound, the pattern past it (or when
    /// the server refuses the circle), both when the circle holds more than the bound.
    func run(
        _ query: VenueQuery,
        center: Coordinate,
        _ selection: OSMSelection
    ) async throws(ProviderError)
        -> ProviderResponse
    {
        let clock = ContinuousClock()
        let start = clock.now
        let patternQuery = OverpassQueryBuilder.query(
            center: center,
            radius: query.radius,
            selection: selection,
            timeout: query.timeout
        )
        // The time left of the search's own, for a second query: none under a second.
        let remaining = { () -> Double? in
            let left = query.timeout - (clock.now - start).seconds
            return left >= 1 ? left : nil
        }
        guard let term = selection.term else {
            let nearby = try await fetch(patternQuery, timeout: query.timeout)
            return Self.shaped(nearby.venues, notes: nearby.notes, center: center, query: query)
        }
        guard query.radius <= bound.radius else {
            let exact = try await fetch(patternQuery, timeout: query.timeout)
            let answer = Self.shaped(exact.venues, notes: exact.notes, center: center, query: query)
            return answer.venues.count < query.limit ? Self.adding(bound.pastRadiusWarning, to: answer) : answer
        }
        let circleQuery = try namedVenuesQuery(for: query, center: center)
        let wide: Fetched
        do {
            wide = try await fetch(circleQuery, timeout: query.timeout, keeping: { selection.matches($0) })
        } catch .cancelled {
            throw .cancelled
        } catch {
            // The pattern in the time left; with none left, the circle's failure.
            guard let left = remaining() else { throw error }
            let exact = try await fetch(patternQuery, timeout: left)
            let answer = Self.shaped(exact.venues, notes: exact.notes, center: center, query: query)
            return Self.adding(bound.refusedWarning(error), to: answer)
        }
        let matchedNote =
            "'\(term)' matched \(wide.venues.count) of the \(wide.elements) named element(s) of the \(query.radius) m circle here, typos and word order forgiven"
        guard wide.elements >= bound.elements else {
            return Self.shaped(wide.venues, notes: wide.notes + [matchedNote], center: center, query: query)
        }
        // The server left venues out: the pattern (in the time left) finds those of them it
        // can. What it finds stays, should the matcher not take it (a phrase across two names);
        // one element found by both is listed once.
        var found = wide.venues
        var notes = wide.notes + [matchedNote]
        if let left = remaining() {
            do {
                let exact = try await fetch(patternQuery, timeout: left)
                let matchedIDs = Set(wide.venues.map(\.id))
                found += exact.venues.filter { !matchedIDs.contains($0.id) }
                notes += exact.notes
            } catch .cancelled {
                throw .cancelled
            } catch {
                // The circle's venues stand; the warning below says some may be missing.
                notes.append("the term as a pattern was not answered: \(error.message)")
            }
        }
        var response = Self.shaped(found, notes: notes, center: center, query: query)
        response.warnings.append(bound.truncatedWarning(radius: query.radius))
        return response
    }

    /// Suggestions for `query.term` from the circle's named venues, fetched through `circles`
    /// (once for a person typing), matched here as ``run(_:center:_:)`` matches them, the best
    /// `query.limit` first. Past the bound, or when the server refuses, none, and a warning.
    func suggestions(
        _ query: VenueQuery,
        center: Coordinate,
        term: SearchTerm,
        circles: OverpassCircleCache
    ) async throws(ProviderError) -> Suggestions {
        guard query.radius <= bound.radius else { return Suggestions([], warnings: [bound.pastRadiusWarning]) }
        let circleQuery = try namedVenuesQuery(for: query, center: center)
        let circle: Fetched
        do {
            circle = try await circles.fetched(circleQuery) { () throws(ProviderError) in
                try await fetch(circleQuery, timeout: query.timeout)
            }
        } catch .cancelled {
            throw .cancelled
        } catch {
            return Suggestions([], warnings: [bound.refusedWarning(error)])
        }
        let radius = Double(query.radius)
        let matched = circle.venues.compactMap { venue -> SuggestedVenue? in
            guard venue.coordinate.distance(to: center) <= radius, let match = term.match(venue) else { return nil }
            return SuggestedVenue(venue: venue, match: match)
        }
        let best = SearchTerm.ranked(matched, around: center).prefix(max(0, query.limit))
        let warnings = circle.elements >= bound.elements ? [bound.truncatedWarning(radius: query.radius)] : []
        return Suggestions(best.map { SuggestedVenue(venue: $0.venue, match: $0.match) }, warnings: warnings)
    }

    /// Sends one query and decodes the answer (keeping the elements whose tags `keeping`
    /// accepts), mapping every failure to a ``ProviderError``.
    func fetch(
        _ query: String,
        timeout: Double,
        keeping: (@Sendable (OSMTags) -> Bool)? = nil
    ) async throws(ProviderError) -> Fetched {
        let clock = ContinuousClock()
        let start = clock.now
        let request = OverpassRequestFactory.request(url: url, query: query, timeout: timeout)
        let response: HTTPResponse
        do {
            response = try await httpClient.send(request)
        } catch {
            throw ProviderError(error)
        }
        let (body, remarks) = try OverpassResponseClassifier.classify(response)
        let decoded = try await BackgroundWork.run { flag throws(ProviderError) in
            try OverpassResponseDecoder.decode(body, keeping: keeping, cancellation: flag)
        }
        let milliseconds = Int(((clock.now - start).seconds * 1000).rounded())
        let line =
            "Overpass query in \(milliseconds) ms, \(decoded.elements) element(s): \(Self.oneLine(query))"
        return Fetched(venues: decoded.venues, notes: [line] + remarks + decoded.notes, elements: decoded.elements)
    }

    /// The query on one line, its indentation gone, cut after 600 characters with how many were left out.
    static func oneLine(_ query: String, limit: Int = 600) -> String {
        let line = query.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        guard line.count > limit else { return line }
        return line.prefix(limit) + "… (\(line.count - limit) more characters)"
    }

    private static func shaped(
        _ venues: [Venue],
        notes: [String],
        center: Coordinate,
        query: VenueQuery
    ) -> ProviderResponse {
        let shaped = VenueSelectionShaper.shape(venues, center: center, for: query)
        var response = ProviderResponse(venues: shaped.venues, notes: notes + shaped.notes, source: "overpass")
        response.filtered = shaped.filtered
        response.passedPrefilter = query.prefilter != nil
        return response
    }

    /// The query of the named venues of `query`'s categories within its circle, at most the
    /// bound's number of elements: what a term is matched against here.
    private func namedVenuesQuery(for query: VenueQuery, center: Coordinate) throws(ProviderError) -> String {
        OverpassQueryBuilder.query(
            center: center,
            radius: query.radius,
            selection: try OSMSelection(categories: query.categories, term: nil),
            timeout: query.timeout,
            limit: bound.elements
        )
    }

    private static func adding(_ warning: String, to response: ProviderResponse) -> ProviderResponse {
        var warned = response
        warned.warnings.append(warning)
        return warned
    }
}
