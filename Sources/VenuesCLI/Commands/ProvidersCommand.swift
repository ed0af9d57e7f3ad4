import ArgumentParser
import Foundation
import VenuesCore
import VenuesEngine

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
                default:
                    break
                }
                if let reason { lines.append("  missing: \(reason)") }
            }
            print(lines.joined(separator: "\n"))
        }
    }

    private func keyLine(_ source: String?, variable: String) -> String {
        guard let source else { return "not set (set \(variable))" }
        return "set (from \(source))"
    }
}
