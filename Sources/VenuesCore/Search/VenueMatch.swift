/// How well a venue matches a search term (see ``SearchTerm``): the figure results are ranked
/// by, how many typos were forgiven, and the field the words were found in.
///
/// In JSON: `"match": {"score": 90, "edits": 0, "field": "name"}`. Higher scores rank first,
/// then nearer venues:
///
/// | score | the term is… |
/// | --- | --- |
/// | 100 | the venue's name, word for word |
/// | 95 | another name of the venue (`alt_name`, `name:en`…), word for word |
/// | 90 | every word of it a whole word of the venue's, in any order |
/// | 80 | …with the last word the start of one (as you type) |
/// | 70 | …with a word found inside a longer one (`kahvila` in `kahvilaravintola`) |
/// | 60, 50, 40, 30, 20 | …with 1, 2, 3, 4, 5 or more typos forgiven |
///
/// Below 95, words found only in another name take 1 off, in the brand 2, in the cuisine 3
/// (the field is the weakest one a word of the term was found in).
public struct VenueMatch: Sendable, Hashable, Codable, Comparable {
    /// Where the words of the term were found.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        /// The display name.
        case name
        /// Another name: `alt_name`, `official_name`, `name:LANG`, a provider's other names.
        case otherName
        /// The brand (OSM `brand`).
        case brand
        /// The cuisine (OSM `cuisine`).
        case cuisine

        /// What finding a word here rather than in the name takes off the score.
        var penalty: Int {
            switch self {
            case .name: 0
            case .otherName: 1
            case .brand: 2
            case .cuisine: 3
            }
        }
    }

    /// 0–100, higher is better (see the type's description).
    public var score: Int
    /// Typos forgiven, over all the words of the term.
    public var edits: Int
    /// The weakest field a word of the term was found in.
    public var field: Field

    /// A match with these values.
    public init(score: Int, edits: Int, field: Field) {
        self.score = score
        self.edits = edits
        self.field = field
    }

    /// Relevance order of two venues' matches: `true` when `lhs` ranks first, `false` when `rhs`
    /// does, `nil` when neither (then distance decides). A venue without a match ranks after
    /// every venue with one.
    package static func ranksFirst(_ lhs: VenueMatch?, _ rhs: VenueMatch?) -> Bool? {
        switch (lhs, rhs) {
        case let (left?, right?): left == right ? nil : left > right
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): nil
        }
    }

    /// Ordered by score, then fewer edits; the better match is the greater.
    public static func < (lhs: VenueMatch, rhs: VenueMatch) -> Bool {
        if lhs.score != rhs.score { return lhs.score < rhs.score }
        return lhs.edits > rhs.edits
    }
}
