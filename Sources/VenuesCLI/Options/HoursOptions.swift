import ArgumentParser
import Foundation
import VenuesOpenState

/// Options on opening hours shared by `nearby` and `search`: which moment the listing's hours
/// are shown for, and whether only the places open then are listed.
struct HoursOptions: ParsableArguments {
    @Flag(name: .long, help: "Only venues open now (in each venue's own time zone); with --open-at, open then.")
    var openNow = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only venues open at this time: 18:00 (today, each venue's local time), 2026-12-24T18:00, or with an offset (2026-12-24T18:00+02:00).",
            valueName: "when"
        )
    )
    var openAt: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only venues open for at least this long from now (or from --open-at): 90 (minutes), 90m, 1h30m, PT1H30M.",
            valueName: "duration"
        )
    )
    var openFor: String?

    @Flag(name: .long, help: "With --open-now/--open-at/--open-for, keep venues whose hours are unknown.")
    var includeUnknown = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Country whose public holidays apply (ISO code, e.g. FI); default: from each venue's time zone.",
            valueName: "cc"
        )
    )
    var country: String?

    mutating func validate() throws {
        do {
            try request.validate()
        } catch {
            throw ValidationError(error.message(naming: Self.optionName))
        }
    }

    /// How the command line names a parameter: `--open-at`.
    static func optionName(_ parameter: HoursRequest.Parameter) -> String {
        switch parameter {
        case .openNow: "--open-now"
        case .openAt: "--open-at"
        case .openFor: "--open-for"
        case .includeUnknown: "--include-unknown"
        case .country: "--country"
        }
    }

    /// The options as the validator shared with the server sees them.
    var request: HoursRequest {
        HoursRequest(
            openNow: openNow,
            openAt: openAt,
            openFor: openFor,
            includeUnknown: includeUnknown,
            country: country
        )
    }
}
