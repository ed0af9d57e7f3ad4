import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Read settings from this JSON file (see Config/venues.example.json).", valueName: "file"),
        completion: .file(extensions: ["json"])
    )
    var config: String?

    @Flag(name: [.short, .long], help: "Log requests (keys redacted), timings and skipped records to stderr.")
    var verbose = false

    @Flag(name: .long, help: "Ask the providers again instead of answering from the response cache.")
    var noCache = false

    @Flag(name: .long, help: "Use only cached responses and local sources; never touch the network.")
    var offline = false

    func validate() throws {
        if noCache && offline {
            throw ValidationError("--no-cache and --offline exclude each other: --offline answers only from the cache")
        }
    }
}
