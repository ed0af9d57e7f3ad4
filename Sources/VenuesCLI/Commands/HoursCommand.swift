import ArgumentParser
import Foundation
import VenuesCLISupport
import VenuesHours
import VenuesOpenState
import VenuesTimeZones

/// `venues hours`: evaluates `opening_hours` values as given — a tool for mappers, and a way to
/// check the engine from outside.
struct HoursCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hours",
        abstract: "Evaluate OpenStreetMap opening_hours values: open or closed, the next change, the week.",
        discussion: """
            With no VALUE, reads one value per line from standard input and, with --format json,
            writes one JSON object per line in the same order. A value that cannot be read is
            "unknown" with the reason in "error"; the command still goes on.

            The values are read in the zone at --near (looked up offline), else --time-zone, else
            your own zone. Public holidays (PH) come from --country, else from that zone.

            Examples:
              venues hours "Mo-Fr 09:00-17:00; Sa 10:00-14:00"
              venues hours "Mo-Su 10:00-02:00" --at 2026-12-24T23:30 --near 60.17,24.94
              cut -f2 values.tsv | venues hours --format json --country FI
            """
    )

    @Argument(help: "opening_hours values (default: one per line from standard input).")
    var values: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("When: 18:00, 2026-12-24T18:00 or with an offset; default now.", valueName: "when")
    )
    var at: String?

    @Option(name: .long, help: ArgumentHelp("Position LAT,LON: its time zone and sun times.", valueName: "lat,lon"))
    var near: String?

    @Option(name: .long, help: ArgumentHelp("Time zone (IANA, e.g. Europe/Helsinki).", valueName: "zone"))
    var timeZone: String?

    @Option(name: .long, help: ArgumentHelp("Country whose public holidays apply (FI, US…).", valueName: "cc"))
    var country: String?

    @Option(name: .long, help: ArgumentHelp("table or json (one object per line).", valueName: "format"))
    var format: HoursFormat = .table

    enum HoursFormat: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    mutating func validate() throws {
        if let at {
            do {
                _ = try HoursTime.parse(at)
            } catch {
                throw ValidationError("--at \(error.message)")
            }
        }
        if let near { _ = try CoordinateArgument.parse(near) }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone '\(timeZone)' is not a time zone (an IANA name such as Europe/Helsinki)")
        }
        if let country, country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw ValidationError("--country '\(country)' is not a two-letter country code (FI, US, DE…)")
        }
    }

    func run() async throws {
        let position = try near.map { try CoordinateArgument.parse($0) }
        let evaluation = HoursValueEvaluation(
            at: at,
            position: position.map { ($0.latitude, $0.longitude) },
            timeZone: timeZone.flatMap(TimeZone.init(identifier:)),
            country: country
        )
        let format: HoursValueEvaluation.Format = self.format == .json ? .json : .table
        var output = BufferedOutput()
        if values.isEmpty {
            while let line = readLine(strippingNewline: true) {
                output.write(evaluation.rendered(line, format: format))
            }
        } else {
            for value in values { output.write(evaluation.rendered(value, format: format)) }
        }
        output.flush()
    }
}
