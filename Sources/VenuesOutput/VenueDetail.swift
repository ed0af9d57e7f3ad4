import Foundation
import VenuesAggregator
public import VenuesCore
public import VenuesFavorites
public import VenuesMerge
import VenuesOpenState

/// Everything known about one place, for `venues show`.
public struct VenueDetail {
    /// Where a place was found: asked fresh from its provider, or from what is stored.
    public enum Origin: Equatable, Sendable {
        /// The issuing provider answered now.
        case provider
        /// The last listing kept on disk.
        case lastListing
        /// The favourites' snapshot.
        case favorites
    }

    public var merged: MergedVenue
    public var favorite: Favorite?
    public var origin: Origin
    /// The lines owed for its data: its sources' providers' (their descriptors' attribution), in
    /// the catalog's order, then what their data owes beyond them (an Overture place's datasets).
    public var attribution: [String]

    /// The detail of a place, with the user's favourite if it is one, crediting its sources'
    /// providers as `catalog` says.
    public init(merged: MergedVenue, favorite: Favorite?, origin: Origin, catalog: ProviderCatalog) {
        self.merged = merged
        self.favorite = favorite
        self.origin = origin
        attribution = ResultDocument.attribution(owedBy: merged.sources, catalog: catalog)
    }

    private var venue: Venue { merged.venue }

    /// Links to open: the providers' own (never carrying a key) and map links.
    public var links: [VenueLink] {
        var seen = Set<String>()
        let own = merged.sources.flatMap(\.links)
        let all = own + MapLinks.links(for: venue, besides: own)
        return all.filter { $0.isShowable && seen.insert($0.url).inserted }
    }

    public func text() -> String {
        var fields: [(label: String, value: String)] = []
        func add(_ label: String, _ value: String?) {
            guard let value = TextSanitizer.clean(value) else { return }
            fields.append((TextSanitizer.clean(label), value))
        }
        add("id", venue.id.description)
        add("location", "\(venue.coordinate.latitude),\(venue.coordinate.longitude)")
        add("address", venue.address)
        add("categories", categoryText)
        add("phone", venue.phone)
        add("website", venue.website)
        add(
            "rating",
            venue.rating.map { rating in
                String(format: "%.1f / 5", rating)
                    + (venue.ratingCount.map { " (" + Plural.counted($0, "rating") + ")" } ?? "")
            }
        )
        add("price", venue.price.map { $0 == 0 ? "free" : String(repeating: "€", count: $0) })
        add("hours", venue.openingHours)
        let now = Date()
        let evaluator = VenueHoursEvaluator()
        let state = evaluator.state(of: venue, at: now)
        if state.source != nil {
            var words = OpenStateWording.words(state, at: now)
            if state.zoneSource == .user { words += " (in your time zone: the venue's is not known)" }
            if state.sourcesDisagree {
                words += " (\(state.disagreeing.map(\.rawValue).joined(separator: ", ")) says otherwise)"
            }
            add("open", words)
            for (number, line) in evaluator.weekLines(of: venue, from: now).enumerated() {
                add(number == 0 ? "week" : "", line)
            }
        }
        for problem in state.problems { add("hours problem", problem) }
        for key in venue.extras.keys.sorted() { add(key, venue.extras[key]) }
        if let favorite {
            add("favourite", "since \(ISO8601DateFormatter().string(from: favorite.addedAt))")
            add("note", favorite.note)
        }
        add("sources", merged.sources.map(\.id.description).joined(separator: ", "))
        for link in links { add(link.title, link.url) }
        let width = (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2
        var lines = [TextSanitizer.clean(venue.name) + (favorite != nil ? "  ★" : "")]
        lines += fields.map { DisplayWidth.pad($0.label, to: width) + $0.value }
        switch origin {
        case .provider: break
        case .lastListing: lines.append("(from the last listing; the provider was not asked or did not answer)")
        case .favorites: lines.append("(from the favourites snapshot; the provider was not asked or did not answer)")
        }
        lines += attribution.map { "Data: " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    private var categoryText: String? {
        let labels = venue.categories.map(\.rawValue) + venue.providerCategories
        return labels.isEmpty ? nil : labels.joined(separator: ", ")
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(detail: self)), as: UTF8.self)
    }

    private struct Document: Encodable {
        struct Source: Encodable {
            var provider: String
            var id: String
            var name: String
            var latitude: Double
            var longitude: Double
        }
        struct Link: Encodable {
            var kind: String
            var title: String
            var url: String
        }

        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
        var address: String?
        var categories: [String]
        var providerCategories: [String]
        var phone: String?
        var website: String?
        var rating: Double?
        var ratingCount: Int?
        var price: Int?
        var openingHours: String?
        /// The state now (``ResultDocument/Hours``) and the week from today, a day a line.
        var hours: ResultDocument.Hours
        var week: [String]
        var extras: [String: String]
        var favorite: Bool
        var note: String?
        var sources: [Source]
        var links: [Link]
        var origin: String
        /// What is owed to the providers of its sources.
        var attribution: [String]

        init(detail: VenueDetail) {
            let venue = detail.venue
            id = TextSanitizer.clean(venue.id.description)
            name = TextSanitizer.clean(venue.name)
            latitude = venue.coordinate.latitude
            longitude = venue.coordinate.longitude
            address = TextSanitizer.clean(venue.address)
            categories = venue.categories.map(\.rawValue)
            providerCategories = venue.providerCategories.map(TextSanitizer.clean)
            phone = TextSanitizer.clean(venue.phone)
            website = TextSanitizer.clean(venue.website)
            rating = venue.rating
            ratingCount = venue.ratingCount
            price = venue.price
            openingHours = TextSanitizer.clean(venue.openingHours)
            let now = Date()
            let evaluator = VenueHoursEvaluator()
            hours = ResultDocument.Hours(evaluator.state(of: venue, at: now))
            week = evaluator.weekLines(of: venue, from: now).map { TextSanitizer.clean($0) }
            extras = venue.extras.reduce(into: [:]) { $0[TextSanitizer.clean($1.key)] = TextSanitizer.clean($1.value) }
            favorite = detail.favorite != nil
            note = TextSanitizer.clean(detail.favorite?.note)
            sources = detail.merged.sources.map {
                Source(
                    provider: $0.id.provider.rawValue,
                    id: TextSanitizer.clean($0.id.description),
                    name: TextSanitizer.clean($0.name),
                    latitude: $0.coordinate.latitude,
                    longitude: $0.coordinate.longitude
                )
            }
            links = detail.links.map {
                Link(kind: $0.kind.rawValue, title: TextSanitizer.clean($0.title), url: TextSanitizer.clean($0.url))
            }
            origin =
                switch detail.origin {
                case .provider: "provider"
                case .lastListing: "lastListing"
                case .favorites: "favorites"
                }
            attribution = detail.attribution
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(latitude, forKey: .latitude)
            try container.encode(longitude, forKey: .longitude)
            try container.encode(address, forKey: .address)
            try container.encode(categories, forKey: .categories)
            try container.encode(providerCategories, forKey: .providerCategories)
            try container.encode(phone, forKey: .phone)
            try container.encode(website, forKey: .website)
            try container.encode(rating, forKey: .rating)
            try container.encode(ratingCount, forKey: .ratingCount)
            try container.encode(price, forKey: .price)
            try container.encode(openingHours, forKey: .openingHours)
            try container.encode(hours, forKey: .hours)
            try container.encode(week, forKey: .week)
            try container.encode(extras, forKey: .extras)
            try container.encode(favorite, forKey: .favorite)
            try container.encode(note, forKey: .note)
            try container.encode(sources, forKey: .sources)
            try container.encode(links, forKey: .links)
            try container.encode(origin, forKey: .origin)
            try container.encode(attribution, forKey: .attribution)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, latitude, longitude, address, categories, providerCategories, phone, website, rating,
                ratingCount, price, openingHours, hours, week, extras, favorite, note, sources, links, origin,
                attribution
        }
    }
}
