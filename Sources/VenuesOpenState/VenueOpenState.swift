public import Foundation
public import VenuesCore
public import VenuesHours

/// Whether a venue is open at an instant, as its sources' hours say, in its own time zone.
public struct VenueOpenState: Sendable, Hashable {
    /// The instant the state is for.
    public var instant: Date
    /// Open, closed, or unknown (no source has hours, none could be read, or the rule that
    /// applies needs what is not known: a public holiday of an unknown country, an open end).
    public var state: HoursState
    /// When the state (or its comment) next changes, if it does within the engine's horizon.
    public var nextChange: Date?
    /// The state from ``nextChange`` on.
    public var nextState: HoursState?
    /// The comment of the rule that applies (`"by appointment"`), if any.
    public var comment: String?
    /// The source whose hours gave the state (the first in the order of trust that could be read).
    public var source: ProviderID?
    /// That source's hours as the provider shows them.
    public var text: String?
    /// That source's hours in `opening_hours` syntax.
    public var specification: String?
    /// The zone the hours were evaluated in.
    public var timeZone: TimeZone
    /// Where that zone came from.
    public var zoneSource: ZoneSource
    /// The other sources whose hours say otherwise at this instant (open against closed), in
    /// the order of trust; empty when they agree or only one source has hours.
    public var disagreeing: [ProviderID]
    /// Each source's state at the instant, in the order of trust (for `--explain`).
    public var sources: [SourceState]
    /// Hours that could not be read, each as `provider: message`.
    public var problems: [String]

    /// Where the zone a venue's hours were evaluated in came from.
    public enum ZoneSource: String, Sendable, Hashable, Codable {
        /// The provider said it (Foursquare's zone, Google's zone or offset).
        case provider
        /// Looked up offline from the venue's position.
        case position
        /// Nothing said it: the user's own zone (the output says so).
        case user
    }

    /// One source's state at the instant.
    public struct SourceState: Sendable, Hashable {
        /// The provider of the hours.
        public var provider: ProviderID
        /// `regular` or `current`.
        public var kind: VenueHours.Kind
        /// Its state at the instant (unknown when it could not be read).
        public var state: HoursState
        /// When its hours were last checked, if known.
        public var checked: String?
    }

    /// A state; what is not given is unknown or empty.
    public init(
        instant: Date,
        state: HoursState,
        nextChange: Date? = nil,
        nextState: HoursState? = nil,
        comment: String? = nil,
        source: ProviderID? = nil,
        text: String? = nil,
        specification: String? = nil,
        timeZone: TimeZone,
        zoneSource: ZoneSource,
        disagreeing: [ProviderID] = [],
        sources: [SourceState] = [],
        problems: [String] = []
    ) {
        self.instant = instant
        self.state = state
        self.nextChange = nextChange
        self.nextState = nextState
        self.comment = comment
        self.source = source
        self.text = text
        self.specification = specification
        self.timeZone = timeZone
        self.zoneSource = zoneSource
        self.disagreeing = disagreeing
        self.sources = sources
        self.problems = problems
    }

    /// Whether the sources' hours disagree about the instant.
    public var sourcesDisagree: Bool { !disagreeing.isEmpty }
}
