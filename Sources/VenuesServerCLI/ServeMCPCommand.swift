import ArgumentParser
import VenuesCLISupport
import VenuesHTTP
import VenuesMCP

/// `venues mcp` (also `venues serve mcp`): the tools for assistants over the Model Context
/// Protocol, on standard input and output, configured exactly as the other commands are.
///
/// It lives in `venues-server`, beside the HTTP server, because the MCP SDK brings Foundation's
/// networking library (and with it libcurl) into the program at start-up: `venues`, started for
/// every one-shot query, loads libcurl only when it sends a request.
struct ServeMCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the tools to an assistant over the Model Context Protocol on standard input and output.",
        discussion: """
            An assistant starts it and speaks JSON-RPC on its standard input and output; the
            tools are nearby, search, place, favorites_list, favorite_add, favorite_remove,
            providers and hours (docs/mcp.md). It uses the same configuration, keys, indexes,
            cache, budgets and favourites as the other commands. Messages go to standard error.

            Example, in an assistant's configuration:
              {"mcpServers": {"venues": {"command": "venues", "args": ["mcp"]}}}
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            let server = VenueToolServer(backend: LocalToolBackend(context: context), version: VenuesVersion.current)
            try await server.serveStandardIO()
        }
    }
}
