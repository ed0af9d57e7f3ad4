import ArgumentParser

/// `venues serve …` as `venues` sees it: handed whole to the program `venues-server` beside `venues`
/// (``ServerProgram``), which parses it. `Venues.main()` hands it over before any parsing; this
/// command lists `serve` in `venues --help` and hands over what reaches it by another way. The
/// server's own command is `ServerCommand`, in `venues-server`.
struct ServeHandOff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve nearby, search, show and per-client favourites over HTTP (keys stay on the server).",
        discussion: """
            Runs venues-server, installed beside venues. See venues serve --help for its options.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "The server's options and subcommands.")
    var arguments: [String] = []

    func run() throws {
        try ServerProgram.replaceProcess(arguments: arguments)
    }
}
