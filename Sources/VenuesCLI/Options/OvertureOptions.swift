import ArgumentParser
import OvertureProvider
import VenuesConfig
import VenuesCore

/// `--min-confidence` and `--include-closed`, for the commands that ask Overture.
struct OvertureOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Overture places with a lower confidence (0–1) are left out (default 0.3, or overture.minConfidence).",
            valueName: "value"
        )
    )
    var minConfidence: Double?

    @Flag(name: .long, help: "Show Overture places that are temporarily or permanently closed.")
    var includeClosed = false

    func validate() throws {
        if let minConfidence, !(0...1).contains(minConfidence) {
            throw ValidationError("--min-confidence must be from 0 to 1, not \(minConfidence)")
        }
    }

    /// The configuration with the Overture settings the options give.
    func applied(to configuration: VenuesConfiguration) -> VenuesConfiguration {
        var configuration = configuration
        if let minConfidence {
            configuration[.overture].set("minConfidence", .text(String(minConfidence)), source: "--min-confidence")
        }
        if includeClosed { configuration[.overture].set("includeClosed", .flag(true), source: "--include-closed") }
        return configuration
    }
}
