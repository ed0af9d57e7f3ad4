import ArgumentParser
import Foundation
import OSMIndex
import VenuesCommandLine
import VenuesCore
import VenuesEngine
import VenuesReports

/// `venues providers`: which providers are usable, and which key or endpoint each uses.
struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "Show which providers are usable and which key and endpoint each uses (keys are never shown)."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await failingWithMessage {
            let context = try await CommandContext.make(global: global)
            let configuration = context.configuration
            var lines: [String] = []
            for id in ProviderRegistry.knownIDs {
                let reason = ProviderRegistry.unusableReason(id, configuration: configuration)
                let enabled = configuration.providers.contains(id)
                let status = reason == nil ? (enabled ? "usable" : "usable (not in default providers)") : "not usable"
                lines.append("\(id.rawValue): \(status)")
                lines.append(
                    "  endpoint: \(TextSanitizer.clean(ProviderRegistry.endpoint(id, configuration: configuration))) (from \(ProviderRegistry.endpointSource(id, configuration: configuration)))"
                )
                switch id {
                case .foursquare:
                    lines.append(
                        "  key: \(keyLine(configuration.foursquare.apiKeySource, variable: "FOURSQUARE_API_KEY"))"
                    )
                    lines.append("  api: \(configuration.foursquare.api)")
                case .google:
                    lines.append(
                        "  key: \(keyLine(configuration.google.apiKeySource, variable: "GOOGLE_PLACES_API_KEY"))"
                    )
                case .openStreetMap:
                    lines.append("  key: none needed")
                    lines.append("  indexes: \(Self.indexLine(context))")
                default:
                    break
                }
                if let reason { lines.append("  missing: \(reason)") }
            }
            print(lines.joined(separator: "\n"))
        }
    }

    /// The imported OSM indexes and whether searches use them.
    private static func indexLine(_ context: CommandContext) -> String {
        let directory = context.directories.osmIndexes
        let names = OSMIndexCatalog(directory: directory).list().map(\.name)
        let listed = names.isEmpty ? "none imported" : names.joined(separator: ", ")
        let use = context.configuration.overpass.useIndexes ? "used" : "not used (overpass.useIndexes is false)"
        return "\(listed) in \(directory.path); \(use) when one contains the whole search circle"
    }

    private func keyLine(_ source: String?, variable: String) -> String {
        guard let source else { return "not set (set \(variable))" }
        return "set (from \(source))"
    }
}
