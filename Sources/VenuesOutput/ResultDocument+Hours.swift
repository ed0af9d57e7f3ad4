import Foundation
import VenuesCore
public import VenuesOpenState

extension ResultDocument {
    /// A row's opening hours at the listing's moment: what the JSON and GeoJSON `hours` object
    /// holds, the table's "Open" column and the CSV's `open` column read.
    public struct Hours: Sendable, Hashable, Encodable {
        /// `open`, `closed` or `unknown`.
        public var state: String
        /// When the state next changes, in the venue's time (ISO 8601 with its offset).
        public var nextChange: String?
        /// The state from ``nextChange`` on.
        public var nextState: String?
        /// The comment of the rule that applies.
        public var comment: String?
        /// The provider whose hours gave the state.
        public var source: String?
        /// That source's hours as the provider shows them.
        public var text: String?
        /// The zone the hours were read in, and where it came from (`provider`, `position`,
        /// `user`: nothing said it, so the user's own zone was used).
        public var timeZone: String
        public var timeZoneSource: String
        /// Whether sources disagree about the moment, and which do.
        public var sourcesDisagree: Bool
        public var disagreeing: [String]
        /// Hours that could not be read (`osm: …`).
        public var problems: [String]
        /// A few words for people: `open until 21:00`, `opens Mon 10:00`, `?`.
        public var words: String

        /// The hours of one venue, with all provider text sanitised.
        public init(_ state: VenueOpenState) {
            self.state = state.state.rawValue
            nextChange = state.nextChange.map { OpenStateWording.iso8601($0, in: state.timeZone) }
            nextState = state.nextChange == nil ? nil : state.nextState?.rawValue
            comment = state.comment.map { TextSanitizer.clean($0) }
            source = state.source?.rawValue
            text = state.text.map { TextSanitizer.clean($0) }
            timeZone = state.timeZone.identifier
            timeZoneSource = state.zoneSource.rawValue
            sourcesDisagree = state.sourcesDisagree
            disagreeing = state.disagreeing.map(\.rawValue)
            problems = state.problems.map { TextSanitizer.clean($0) }
            words = OpenStateWording.words(state, at: state.instant)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: HoursKeys.self)
            try container.encode(state, forKey: .state)
            try container.encode(nextChange, forKey: .nextChange)
            try container.encode(nextState, forKey: .nextState)
            try container.encode(comment, forKey: .comment)
            try container.encode(source, forKey: .source)
            try container.encode(text, forKey: .text)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(timeZoneSource, forKey: .timeZoneSource)
            try container.encode(sourcesDisagree, forKey: .sourcesDisagree)
            if !disagreeing.isEmpty { try container.encode(disagreeing, forKey: .disagreeing) }
            if !problems.isEmpty { try container.encode(problems, forKey: .problems) }
        }
    }

    /// What a filter on opening hours left out of the listing.
    public struct HoursFilterSummary: Sendable, Hashable, Encodable {
        /// Places closed at the moment (or closing within `--open-for`).
        public var closed: Int
        /// Places left out because their hours are unknown (`--include-unknown` keeps them).
        public var unknown: Int

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: HoursKeys.self)
            try container.encode(closed, forKey: .closed)
            try container.encode(unknown, forKey: .unknown)
        }
    }

    /// The keys of both hours documents, ``Hours`` and ``HoursFilterSummary``: one key type, as
    /// the first use of each costs a search of the binary's protocol conformances (the runtime
    /// checks that it is a `CodingKey`), a third of a million instructions.
    enum HoursKeys: String, CodingKey {
        case state, nextChange, nextState, comment, source, text, timeZone, timeZoneSource, sourcesDisagree
        case disagreeing, problems
        case closed, unknown
    }
}
