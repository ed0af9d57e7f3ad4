package import ArgumentParser

/// Options every command takes.
package struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Read settings from this JSON file (see Config/venues.example.json).", valueName: "file"),
        completion: .file(extensions: ["json"])
    )
    package var config: String?

    @Flag(name: [.short, .long], help: "Log requests (keys redacted), timings and skipped records to stderr.")
    package var verbose = false

    @Flag(name: .long, help: "Ask the providers again instead of answering from the response cache.")
    package var noCache = false

    @Flag(name: .long, help: "Use only cached responses and local sources; never touch the network.")
    package var offline = false

    package init() {}

    package func validate() throws {
        if noCache && offline {
            throw ValidationError("--no-cache and --offline exclude each other: --offline answers only from the cache")
        }
    }
}
