package import OSMModel
package import VenuesCore

extension OSMIndexReader {
    /// What to find.
    package struct Query: Sendable {
        package var center: Coordinate
        /// Metres.
        package var radius: Double
        /// The categories asked for (empty: all).
        package var categories: Set<Category>
        /// The filter built from the categories and the term.
        package var selection: OSMSelection
        /// The nearest this many are wanted (every venue at the distance of the last one too);
        /// `nil` for every venue in the circle.
        package var nearest: Int?
        /// For a text search, the best this many by how well they match the term, then by
        /// distance (``VenueQuery/rankedLimit``); `nil` for no such cut.
        package var ranked: Int?
        /// A test of single venues (opening hours): ``nearest`` and ``ranked`` then count only
        /// the venues that pass, judged nearest (or best) first until enough have passed, and
        /// the answer counts those left out on the way (``Answer/filtered``).
        package var prefilter: VenuePrefilter?
        /// Whether the venues carry every field (address, phone, links…), or only what a
        /// suggestion shows: id, name, position and categories (``OSMVenueMapper/summary(kind:id:coordinate:tags:)``).
        package var everyField = true

        package init(
            center: Coordinate,
            radius: Double,
            categories: Set<Category>,
            selection: OSMSelection,
            nearest: Int?,
            ranked: Int? = nil
        ) {
            self.center = center
            self.radius = radius
            self.categories = categories
            self.selection = selection
            self.nearest = nearest
            self.ranked = ranked
        }
    }

    /// The venues found (in no particular order) and how they were found.
    package struct Answer: Sendable {
        package var venues: [Venue]
        package var notes: [String]
        /// How each of ``venues`` matches the term, in the same order (`nil` without a term).
        package var matches: [VenueMatch?] = []
        /// The venues the query's ``Query/prefilter`` judged and left out.
        package var filtered = FilterCounts()
    }
}
