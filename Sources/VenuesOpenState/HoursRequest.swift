public import Foundation
public import VenuesHours

/// What a listing asks of opening hours, as a person gives it — on the command line
/// (`--open-at 18:00`) or in a URL (`openAt=18:00`) — checked by one set of rules, so that the
/// CLI and the server refuse the same input with the same words (each naming the parameter its
/// own way).
public struct HoursRequest: Sendable, Hashable {
    /// Only the places open now.
    public var openNow: Bool
    /// Only the places open at this time (``HoursTime``); the moment of the listing's hours.
    public var openAt: String?
    /// Only the places open for at least this long (``HoursDuration``).
    public var openFor: String?
    /// Keep the places whose hours are unknown.
    public var includeUnknown: Bool
    /// The country whose public holidays apply (ISO 3166-1 alpha-2).
    public var country: String?

    /// The parameters, for messages.
    public enum Parameter: String, Sendable, Hashable, CaseIterable {
        case openNow, openAt, openFor, includeUnknown, country
    }

    /// Why a request was refused: the parameter, and the reason in words that follow its name.
    public struct Problem: Error, Sendable, Hashable {
        public var parameter: Parameter
        public var reason: String

        /// The message, naming the parameter as `name` says (`--open-at` or `openAt`).
        public func message(naming name: (Parameter) -> String) -> String {
            "\(name(parameter)) \(reason)"
        }
    }

    /// A request; every part optional.
    public init(
        openNow: Bool = false,
        openAt: String? = nil,
        openFor: String? = nil,
        includeUnknown: Bool = false,
        country: String? = nil
    ) {
        self.openNow = openNow
        self.openAt = openAt
        self.openFor = openFor
        self.includeUnknown = includeUnknown
        self.country = country
    }

    /// Checks every part; the first problem is thrown. `openNow` with `openAt` keeps the places
    /// open at `openAt` (the listing's moment), and `includeUnknown` without a filter changes
    /// nothing (``ignoredParts``): both are accepted.
    public func validate() throws(Problem) {
        if let openAt {
            do {
                _ = try HoursTime.parse(openAt)
            } catch {
                throw Problem(parameter: .openAt, reason: error.message)
            }
        }
        if let openFor, HoursDuration.seconds(openFor) == nil {
            throw Problem(
                parameter: .openFor,
                reason: "'\(openFor.prefix(60))' is not a duration: give \(HoursDuration.forms)"
            )
        }
        if let country, country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw Problem(
                parameter: .country,
                reason: "'\(country.prefix(60))' is not a two-letter country code (FI, US, DE…)"
            )
        }
    }

    /// The parts that change nothing, with why, for a warning: `includeUnknown` without a
    /// filter, `openNow` beside `openAt` (the filter is at `openAt`).
    public var ignoredParts: [(parameter: Parameter, reason: String)] {
        var ignored: [(Parameter, String)] = []
        if includeUnknown, !filters { ignored.append((.includeUnknown, "does nothing without a filter on hours")) }
        if openNow, openAt != nil { ignored.append((.openNow, "is the moment of open-at here: open at that time")) }
        return ignored
    }

    /// Whether the listing keeps only the places open at the moment.
    public var filters: Bool { openNow || openAt != nil || openFor != nil }

    /// The moment the listing's hours are shown for: `openAt`, else `now` (checked first); its
    /// evaluator reads values through `memo` (a server shares one between its requests, so that
    /// each distinct value is parsed once for its life).
    public func moment(
        now: Date = Date(),
        userTimeZone: TimeZone = .current,
        memo: OpeningHoursMemo = OpeningHoursMemo()
    ) -> HoursMoment {
        HoursMoment(
            time: openAt.flatMap { try? HoursTime.parse($0) },
            now: now,
            duration: openFor.flatMap(HoursDuration.seconds) ?? 0,
            evaluator: VenueHoursEvaluator(userTimeZone: userTimeZone, country: country?.uppercased(), memo: memo)
        )
    }

    /// The filter, when the request asks for one.
    public func filter(_ moment: HoursMoment) -> OpenHoursFilter? {
        filters ? OpenHoursFilter(moment: moment, includeUnknown: includeUnknown) : nil
    }
}
