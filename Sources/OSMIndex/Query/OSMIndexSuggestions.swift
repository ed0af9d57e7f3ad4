package import Foundation
package import OSMModel
package import VenuesCore

extension OSMIndexReaderPool {
    /// A provider's suggestions (``VenueSuggesting/suggest(_:)``) of the index `named` and the
    /// indexes of `directory`, as ``suggestions(named:directory:for:mapper:content:admits:cancellation:)``
    /// gives them, searched on the suggestions' lane (``WorkLane/suggestions``: first come, first
    /// served, one search per core) with its best `query.limit` asked of each index. The query
    /// needs a centre and a term; cancelling the task throws ``ProviderError/cancelled``.
    package func suggestions(
        for query: VenueQuery,
        named: URL?,
        directory: URL?,
        mapper: IndexVenueMapper,
        content: String,
        admits: @escaping @Sendable (Venue) -> Bool = { _ in true }
    ) async throws(ProviderError) -> [SuggestedVenue] {
        guard let center = query.center, let term = query.term else {
            throw .badRequest("a suggestion needs a centre and a term")
        }
        let search = OSMIndexReader.Query(
            center: center,
            radius: Double(query.radius),
            categories: query.categories,
            selection: try OSMSelection(categories: query.categories, term: term),
            nearest: nil,
            ranked: max(1, query.limit)
        )
        return try await BackgroundWork.run(on: .suggestions) { flag throws(ProviderError) in
            do throws(OSMIndexError) {
                return try self.suggestions(
                    named: named,
                    directory: directory,
                    for: search,
                    mapper: mapper,
                    content: content,
                    admits: admits,
                    cancellation: flag
                )
            } catch {
                throw .cancelled  // its one error: an unreadable index suggests nothing
            }
        }
    }

    /// The best `query.ranked` venues as the user types (``VenueSuggesting``) of the index
    /// `named` (an endpoint names it) and the indexes of `directory` whose area meets the circle,
    /// from readers kept open: each index answers with its best by match, then distance, and the
    /// answers are ranked together; one venue held by several indexes is listed once, from the
    /// first.
    ///
    /// Only indexes holding `content` answer (an index named as an endpoint may hold the other
    /// provider's data). A venue that `admits` turns away does not count: the
    /// index is asked for more until enough are kept or the circle has no more. An index that
    /// cannot be read suggests nothing and the others still do; cancelling throws
    /// ``OSMIndexError/cancelled``.
    package func suggestions(
        named: URL?,
        directory: URL?,
        for query: OSMIndexReader.Query,
        mapper: IndexVenueMapper,
        content: String,
        admits: (Venue) -> Bool = { _ in true },
        cancellation: CancellationFlag
    ) throws(OSMIndexError) -> [SuggestedVenue] {
        let limit = max(1, query.ranked ?? 1)
        var found: [SuggestedVenue] = []
        var seen = Set<VenueID>()
        var indexes = named.map { [$0] } ?? []
        if let directory {
            indexes += self.indexes(in: directory, meeting: query.center, radius: query.radius)
                .filter { !indexes.contains($0) }
        }
        for url in indexes {
            do {
                let answered = try withReader(url, mapper: mapper) { reader -> [SuggestedVenue] in
                    guard reader.info.content == content else { return [] }
                    var search = query
                    // A suggestion shows the name, the category and the distance only.
                    search.everyField = false
                    while true {
                        let answer = try reader.search(search, cancellation: cancellation)
                        let kept = zip(answer.venues, answer.matches).filter { admits($0.0) }
                        let asked = search.ranked ?? limit
                        if kept.count < limit, answer.venues.count >= asked, asked < 1 << 16 {
                            search.ranked = asked * 4
                            continue
                        }
                        return kept.map { SuggestedVenue(venue: $0.0, match: $0.1) }
                    }
                }
                for suggestion in answered where seen.insert(suggestion.venue.id).inserted {
                    found.append(suggestion)
                }
            } catch OSMIndexError.cancelled {
                throw .cancelled
            } catch {
                continue
            }
        }
        return SearchTerm.ranked(found, around: query.center).prefix(limit).map {
            SuggestedVenue(venue: $0.venue, match: $0.match)
        }
    }
}
