import ArgumentParser

/// `venues mcp …`: handed whole to `venues-server mcp` (``ServerProgram``), which serves the
/// tools for assistants over the Model Context Protocol on standard input and output.
/// `Venues.main()` hands it over before any parsing; this command lists `mcp` in `venues --help`
/// and hands over what reaches it by another way.
struct MCPHandOff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the tools to an assistant over the Model Context Protocol on standard input and output.",
        discussion: """
            Runs venues-server mcp, installed beside venues (docs/mcp.md). Takes the global options
            (--config, --offline, --no-cache, --verbose).
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "The global options.")
    var arguments: [String] = []

    func run() throws {
        try ServerProgram.replaceProcess(arguments: [Self.configuration.commandName!] + arguments)
    }
}
