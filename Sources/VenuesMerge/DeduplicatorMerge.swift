import Foundation
public import VenuesCore

extension Deduplicator {
    /// Builds one place from records of the same place.
    ///
    /// The records are first ordered by ``priority`` (most trusted provider first); the first
    /// is the canonical source. Then:
    /// - **id, name, coordinate**: the canonical source's;
    /// - **names**: the canonical source's (the others' are in ``MergedVenue/sources``);
    ///   **extent**: the first source's that has one;
    /// - **categories** and **provider categories**: the union, in source order, without repeats;
    /// - **address**: the first source whose address names a street and a house number
    ///   (``ContactKeys/hasStreetAndNumber(_:)``: "Mikonkatu 18, 00100 Helsinki", not
    ///   "00100 Helsinki"), else the first with any address;
    /// - **phone**: the first source whose number is in international form (`+…`, unambiguous
    ///   abroad), else the first with any number;
    /// - **website**: the first source whose site is the venue's own (not a social network or
    ///   listing page, see ``ContactKeys/sharedHosts``) and uses `https`; else the first own
    ///   site; else the first site;
    /// - **rating** (with its count): the source whose rating rests on the most ratings; when
    ///   no source gives a count, the first with a rating;
    /// - **price**, **opening hours**: the first source that has them;
    /// - **links**: the union (by URL); **extras**: the union, the more trusted source winning
    ///   on a shared key.
    public func merged(_ records: [Venue], reasons: [MergeReason] = []) -> MergedVenue {
        merged(sorted: priority.sorted(records), reasons: reasons)
    }

    /// ``merged(_:reasons:)`` for records already in ``priority`` order.
    func merged(sorted sources: [Venue], reasons: [MergeReason]) -> MergedVenue {
        guard var venue = sources.first else {
            preconditionFailure("a merged venue needs at least one record")
        }
        guard sources.count > 1 else {
            return MergedVenue(venue: venue, sources: sources, reasons: reasons)
        }
        venue.extent = sources.lazy.compactMap(\.extent).first
        venue.categories = unique(sources.flatMap(\.categories))
        venue.providerCategories = unique(sources.flatMap(\.providerCategories))
        venue.address =
            sources.lazy.compactMap(\.address).first(where: ContactKeys.hasStreetAndNumber)
            ?? sources.lazy.compactMap(\.address).first
        venue.phone =
            sources.lazy.compactMap(\.phone).first { $0.hasPrefix("+") }
            ?? sources.lazy.compactMap(\.phone).first
        let sites = sources.compactMap(\.website)
        let ownSites = sites.filter { ContactKeys.domain($0) != nil }
        venue.website =
            ownSites.first { $0.lowercased().hasPrefix("https://") } ?? ownSites.first ?? sites.first
        let rated = sources.filter { $0.rating != nil }
        if let best = rated.max(by: { ($0.ratingCount ?? -1) < ($1.ratingCount ?? -1) }),
            best.ratingCount != nil
        {
            venue.rating = best.rating
            venue.ratingCount = best.ratingCount
        } else if let first = rated.first {
            venue.rating = first.rating
            venue.ratingCount = first.ratingCount
        }
        venue.price = sources.lazy.compactMap(\.price).first
        venue.openingHours = sources.lazy.compactMap(\.openingHours).first
        venue.hours = unique(sources.flatMap(\.hours))
        var seenLinks = Set<String>()
        venue.links = sources.flatMap(\.links).filter { seenLinks.insert($0.url).inserted }
        for source in sources.dropFirst() {
            venue.extras.merge(source.extras) { kept, _ in kept }
        }
        return MergedVenue(venue: venue, sources: sources, reasons: reasons)
    }

    private func unique<T: Hashable>(_ values: [T]) -> [T] {
        // A few values (a place's categories): a look along the kept ones beats hashing.
        guard values.count > 8 else {
            var kept: [T] = []
            kept.reserveCapacity(values.count)
            for value in values where !kept.contains(value) { kept.append(value) }
            return kept
        }
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }
}

extension Deduplicator {
    /// The merged venue of each group of a clustering, with its reasons, on two threads when
    /// `parallel`.
    func mergedGroups(_ clustering: Clustering, of venues: [Venue], parallel: Bool) -> [MergedVenue] {
        let groups = clustering.groups
        @Sendable func place(_ g: Int) -> MergedVenue {
            let group = groups[g]
            let reasons = clustering.reasons(of: g, venues: venues)
            if group.count == 1 {
                return MergedVenue(venue: venues[group[0]], sources: [venues[group[0]]], reasons: reasons)
            }
            return merged(sorted: group.map { venues[$0] }, reasons: reasons)
        }
        return parallelMap(groups.count, parallel: parallel, place)
    }
}
