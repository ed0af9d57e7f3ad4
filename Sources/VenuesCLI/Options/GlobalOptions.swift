import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Read settings from this JSON file (see Config/venues.example.json).", valueName: "file")
    )
    var config: String?

    @Flag(name: [.short, .long], help: "Log requests (keys redacted), timings and skipped records to stderr.")
    var verbose = false
}
