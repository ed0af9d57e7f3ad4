import Foundation
public import VenuesAggregator
public import VenuesCore
public import VenuesMerge
public import VenuesOpenState

/// What every output format shows, built once from an aggregated result with all provider
/// text already sanitised.
public struct ResultDocument {
    public struct Source: Encodable {
        public var provider: String
        public var id: String
        /// The place's own page at its provider, as the provider's record gives it (OpenStreetMap's
        /// element, Foursquare's venue page, Google Maps' place), so that a reader needs to know no
        /// provider to link to it; `nil` when the record has none.
        public var page: Link?

        /// A link: its title for people and its address.
        public struct Link: Encodable {
            public var title: String
            public var url: String
        }

        /// A source named by its provider and id, with its page when it has one.
        public init(provider: String, id: String, page: Link? = nil) {
            self.provider = provider
            self.id = id
            self.page = page
        }

        /// `record`'s id and provider, and its page: its first provider page, else its first map
        /// link (Google's place on Google Maps), when it may be shown (``VenueLink/isShowable``,
        /// as the detail's links).
        init(_ record: Venue) {
            provider = record.id.provider.rawValue
            id = TextSanitizer.clean(record.id.description)
            let link =
                record.links.first { $0.kind == .providerPage } ?? record.links.first { $0.kind == .map }
            page = link.flatMap { link in
                link.isShowable ? Link(title: TextSanitizer.clean(link.title), url: TextSanitizer.clean(link.url)) : nil
            }
        }
    }

    public struct Merge: Encodable {
        public var rule: String
        public var first: String
        public var second: String
        public var distance: Double
        public var nameScore: Double
        /// What the rule saw, in words (``MergeReason/evidence``); empty when unknown.
        public var evidence: String = ""
    }

    public struct Row {
        public var id: String
        public var name: String
        public var latitude: Double
        public var longitude: Double
        /// Metres from the centre; `nil` when there is no centre (favourites listed without --near).
        public var distance: Double?
        public var address: String?
        public var categories: [String]
        /// The provider's own label of the canonical source, humanised (`bureau de change` for
        /// `amenity=bureau_de_change`): what the table shows when no shared category applies.
        public var providerLabel: String?
        public var phone: String?
        public var website: String?
        public var rating: Double?
        public var favorite: Bool
        /// A text search only: how well the place matches the term (``ResultVenue/match``).
        public var match: VenueMatch?
        public var sources: [Source]
        /// What the row's data owes beyond its providers' lines (``Venue/attributionLines`` of
        /// its sources, sanitised): an Overture place's datasets.
        public var attribution: [String] = []
        public var merge: [Merge]?
        /// The opening hours at the listing's moment (``ResultDocument/Hours``).
        public var hours: Hours?
        /// Favourites listings only: the user's note and when the favourite was added.
        public var note: String?
        public var addedAt: String?

        /// A row for a merged place, with all provider text sanitised.
        public init(merged: MergedVenue, distance: Double?, favorite: Bool, explain: Bool) {
            let venue = merged.venue
            id = TextSanitizer.clean(venue.id.description)
            name = TextSanitizer.clean(venue.name)
            latitude = venue.coordinate.latitude
            longitude = venue.coordinate.longitude
            self.distance = distance.map { ($0 * 10).rounded() / 10 }
            address = TextSanitizer.clean(venue.address)
            categories = venue.categories.map(\.rawValue)
            providerLabel = venue.providerCategories.first.map { TextSanitizer.clean(Self.humanised($0)) }
            phone = TextSanitizer.clean(venue.phone)
            website = TextSanitizer.clean(venue.website)
            rating = venue.rating
            self.favorite = favorite
            sources = merged.sources.map(Source.init)
            attribution = ResultDocument.lines(
                [],
                then: merged.sources.flatMap(\.attributionLines).map(TextSanitizer.clean)
            )
            merge =
                explain
                ? merged.reasons.map { reason in
                    Merge(
                        rule: reason.rule,
                        first: TextSanitizer.clean(reason.first.description),
                        second: TextSanitizer.clean(reason.second.description),
                        distance: (reason.distance * 10).rounded() / 10,
                        nameScore: (reason.nameScore * 100).rounded() / 100,
                        evidence: TextSanitizer.clean(reason.evidence)
                    )
                } : nil
        }

        /// `amenity=bureau_de_change` → `bureau de change`; `Coffee Shop` stays as it is.
        public static func humanised(_ label: String) -> String {
            let value = label.split(separator: "=", maxSplits: 1).last.map(String.init) ?? label
            return value.replacingOccurrences(of: "_", with: " ")
        }
    }

    public struct ProviderStatus {
        public var provider: String
        public var ok: Bool
        public var count: Int
        public var milliseconds: Int
        public var errorKind: String?
        public var errorMessage: String?
        /// What an answering provider says the user must know (a lowered radius, lost pages).
        public var warnings: [String] = []
        /// Where an answering provider got its answer, when it has several sources (OSM:
        /// `overpass`, `file`, `index:NAME`).
        public var source: String?
        /// The share of the circle (0…1) that the data which answered holds, when it covers a known
        /// area (OSM: the imported indexes); below 1, ``warnings`` says venues are missing.
        public var coverage: Double?
    }

    /// What a listing lists: venues near a point, venues matching a term, or favourites.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case nearby, search, favorites
    }

    public var kind: Kind
    public var center: Coordinate
    public var centerSource: CenterSource
    public var radius: Int
    public var term: String?
    public var rows: [Row]
    /// How many places the answers held before the list was cut to the limit, when it was cut
    /// (``AggregatedResult/found``); `nil` when every place found is in ``rows``.
    public var found: Int?
    public var providers: [ProviderStatus]
    /// What a filter on opening hours left out; `nil` without one.
    public var hoursFilter: HoursFilterSummary?
    public var explain: Bool
    /// The providers this build knows: their attribution lines.
    public var catalog: ProviderCatalog

    /// Attribution lines owed to the providers whose data is shown, in the catalog's order, then
    /// the lines the rows' data owes beyond them (an Overture place's datasets), each once.
    public var attribution: [String] {
        Self.lines(
            catalog.attribution(for: Set(rows.flatMap { $0.sources.map { ProviderID(rawValue: $0.provider) } })),
            then: rows.flatMap(\.attribution)
        )
    }

    /// The lines owed for the data of `sources` (one place's records): their providers', in
    /// `catalog`'s order, then what their data owes beyond them, each once.
    public static func attribution(owedBy sources: [Venue], catalog: ProviderCatalog) -> [String] {
        lines(
            catalog.attribution(for: Set(sources.map(\.id.provider))),
            then: sources.flatMap(\.attributionLines).map(TextSanitizer.clean)
        )
    }

    /// The attribution lines one row's data owes: its providers', then its own.
    public func attribution(of row: Row) -> [String] {
        Self.lines(
            catalog.attribution(for: Set(row.sources.map { ProviderID(rawValue: $0.provider) })),
            then: row.attribution
        )
    }

    /// `first`, then each line of `more` that is not already there: the one rule by which
    /// attribution lines are gathered.
    private static func lines(_ first: [String], then more: [String]) -> [String] {
        var lines = first
        for line in more where !lines.contains(line) { lines.append(line) }
        return lines
    }

    /// A document listing the user's favourites around a centre (no providers asked).
    public init(
        favorites rows: [Row],
        center: Coordinate,
        centerSource: CenterSource,
        radius: Int,
        catalog: ProviderCatalog
    ) {
        kind = .favorites
        self.center = center
        self.centerSource = centerSource
        self.radius = radius
        term = nil
        self.rows = rows
        providers = []
        explain = false
        self.catalog = catalog
    }

    /// A listing of an aggregated result; `catalog` gives the attribution lines, `hours` the
    /// moment the rows' opening hours are shown for (by default now, in the user's zone).
    public init(result: AggregatedResult, explain: Bool, catalog: ProviderCatalog, hours: HoursMoment = HoursMoment()) {
        kind = result.query.isTextSearch ? .search : .nearby
        center = result.center
        centerSource = result.centerSource
        radius = result.query.radius
        term = result.query.term.map(TextSanitizer.clean)
        self.explain = explain
        self.catalog = catalog
        found = result.found > result.venues.count ? result.found : nil
        rows = result.venues.map { item in
            var row = Row(merged: item.merged, distance: item.distance, favorite: item.isFavorite, explain: explain)
            row.match = item.match
            row.hours = Hours(hours.state(of: item.venue))
            return row
        }
        hoursFilter = result.filtered.map { HoursFilterSummary(closed: $0.leftOut, unknown: $0.unknown) }
        providers = result.outcomes.map { outcome in
            switch outcome.result {
            case .success(let response):
                ProviderStatus(
                    provider: outcome.provider.rawValue,
                    ok: true,
                    count: response.venues.count,
                    milliseconds: outcome.milliseconds,
                    warnings: response.warnings.map { TextSanitizer.clean($0) },
                    source: response.source.map { TextSanitizer.clean($0) },
                    coverage: response.coverage
                )
            case .failure(let error):
                ProviderStatus(
                    provider: outcome.provider.rawValue,
                    ok: false,
                    count: 0,
                    milliseconds: outcome.milliseconds,
                    errorKind: error.kind,
                    errorMessage: TextSanitizer.clean(error.message)
                )
            }
        }
    }
}
