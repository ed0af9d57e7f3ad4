public import Foundation
public import VenuesConfig
import VenuesCore
public import VenuesEngine

/// The `providers` tool's answer: each provider of the registry, whether it can be asked here,
/// whether it is asked by default, and why not when it cannot (never a key's text).
public enum ProviderStatusDocument {
    /// The document for `registry` under `configuration`, with local indexes in `indexDirectory`.
    public static func json(
        registry: ProviderRegistry,
        configuration: VenuesConfiguration,
        indexDirectory: URL?
    ) -> [UInt8] {
        var providers: [Provider] = []
        for descriptor in registry.descriptors {
            let profile = descriptor.profile
            let reason = registry.unusableReason(
                profile.id,
                configuration: configuration,
                osmIndexDirectory: indexDirectory
            )
            providers.append(
                Provider(
                    id: profile.id.rawValue,
                    name: profile.displayName,
                    usable: reason == nil,
                    askedByDefault: reason == nil && configuration.providers.contains(profile.id),
                    reason: reason,
                    attribution: profile.attribution
                )
            )
        }
        let usable = providers.filter(\.usable).map(\.id)
        let unusable = providers.filter { !$0.usable }.map { "\($0.id) (\($0.reason ?? "not usable"))" }
        var message = usable.isEmpty ? "No provider is usable here." : "Usable: \(usable.joined(separator: ", "))."
        if !unusable.isEmpty { message += " Not usable: \(unusable.joined(separator: "; "))." }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(Document(providers: providers, message: message))) ?? Data("{}".utf8))
    }

    struct Document: Encodable {
        var providers: [Provider]
        var message: String
    }

    struct Provider: Encodable {
        var id: String
        var name: String
        var usable: Bool
        var askedByDefault: Bool
        var reason: String?
        var attribution: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(usable, forKey: .usable)
            try container.encode(askedByDefault, forKey: .askedByDefault)
            try container.encode(reason, forKey: .reason)
            try container.encode(attribution, forKey: .attribution)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, usable, askedByDefault, reason, attribution
        }
    }
}
