import ArgumentParser
import Foundation

/// `venues search TERM`: venues whose name matches a term, near a point.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search venues by name or kind near a point.",
        discussion: """
            Examples:
              venues search "coffee" --near 52.3791,4.9003
              venues search Stockmann --providers osm --format csv
            """
    )

    @Argument(help: "What to look for: a name, a cuisine, a kind of place.")
    var term: String

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var index: IndexOptions

    mutating func validate() throws {
        term = term.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !term.isEmpty else {
            throw ValidationError("TERM is empty: give the name or kind of place to search for")
        }
        guard term.count <= 200 else {
            throw ValidationError("TERM is \(term.count) characters long: at most 200 are accepted")
        }
        if let control = term.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError(
                "TERM contains the control character \(String(format: "U+%04X", control.value)): give printable text"
            )
        }
    }

    func run() async throws {
        try await failingWithMessage {
            var context = try CommandContext.make(global: global)
            context.configuration = index.applied(to: context.configuration)
            try await QueryRunner(context: context, options: query, output: output).run(term: term)
        }
    }
}
