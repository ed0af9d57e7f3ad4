import ArgumentParser
import Foundation
import OSMIndex
import OvertureProvider
import VenuesCLIRuntime
import VenuesCLISupport
import VenuesConfig
import VenuesCore
import VenuesEngine
import VenuesOutput

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
            let budgets = context.budgets
            let lines = Self.report(
                registry: .standard,
                configuration: context.configuration,
                indexes: { id, settings in
                    id == .overture
                        ? Self.overtureIndexLine(context, settings: settings)
                        : Self.indexLine(context, settings: settings)
                },
                budget: { Self.budgetLine(budgets, provider: $0) }
            )
            print(lines.joined(separator: "\n"))
        }
    }

    /// The lines `venues providers` prints for every provider of `registry`: whether it is usable,
    /// its endpoint, its key (never the key's text), the settings its profile lists, and, for a
    /// provider that answers from local indexes, `indexes` of its settings, and for a provider
    /// with a budget, what `budget` says is left of it.
    static func report(
        registry: ProviderRegistry,
        configuration: VenuesConfiguration,
        indexes: (ProviderSettings) -> String,
        budget: (ProviderID) -> String? = { _ in nil }
    ) -> [String] {
        report(registry: registry, configuration: configuration, indexes: { indexes($1) }, budget: budget)
    }

    /// ``report(registry:configuration:indexes:budget:)`` with `indexes` told which provider's
    /// indexes it describes.
    static func report(
        registry: ProviderRegistry,
        configuration: VenuesConfiguration,
        indexes: (ProviderID, ProviderSettings) -> String,
        budget: (ProviderID) -> String? = { _ in nil }
    ) -> [String] {
        var lines: [String] = []
        for descriptor in registry.descriptors {
            let profile = descriptor.profile
            let id = profile.id
            let settings = registry.settings(id, configuration: configuration)
            let reason = profile.unusableReason(settings)
            let enabled = configuration.providers.contains(id)
            let status = reason == nil ? (enabled ? "usable" : "usable (not in default providers)") : "not usable"
            lines.append("\(id.rawValue): \(status)")
            lines.append(
                "  endpoint: \(TextSanitizer.clean(profile.endpoint(settings))) (from \(settings.source("url") ?? "default"))"
            )
            if let key = profile.settings.first(where: { $0.kind == .secret }) {
                let variable = key.environmentVariable ?? "\(profile.section).\(key.name)"
                lines.append("  key: \(keyLine(settings.source(key.name), variable: variable))")
            } else {
                lines.append("  key: none needed")
            }
            for setting in profile.settings where setting.isListed {
                lines.append("  \(setting.name): \(TextSanitizer.clean(settings.text(setting.name) ?? "not set"))")
            }
            if profile.capabilities.contains(.localIndexes) {
                lines.append("  indexes: \(indexes(id, settings))")
            }
            if let budget = budget(id) { lines.append("  budget: \(budget)") }
            if let reason { lines.append("  missing: \(reason)") }
        }
        return lines
    }

    /// The imported Overture indexes and whether searches use them.
    private static func overtureIndexLine(_ context: CommandContext, settings: ProviderSettings) -> String {
        let directory = context.directories.overtureIndexes
        let names = OSMIndexCatalog(directory: directory).list().map(\.name)
        let listed = names.isEmpty ? "none imported (venues overture import FILE)" : names.joined(separator: ", ")
        guard settings.flag("useIndexes") ?? true else {
            return "\(listed) in \(directory.path); not used (overture.useIndexes is false)"
        }
        return "\(listed) in \(directory.path); used for the circles they meet"
    }

    /// The imported OSM indexes and whether searches use them.
    private static func indexLine(_ context: CommandContext, settings: ProviderSettings) -> String {
        let directory = context.directories.osmIndexes
        let names = OSMIndexCatalog(directory: directory).list().map(\.name)
        let listed = names.isEmpty ? "none imported" : names.joined(separator: ", ")
        guard settings.flag("useIndexes") ?? true else {
            return "\(listed) in \(directory.path); not used (overpass.useIndexes is false)"
        }
        let rest =
            settings.flag("offline") ?? false
            ? "Overpass never asked (overpass.offline)" : "Overpass asked for circles they do not wholly hold"
        return "\(listed) in \(directory.path); used for the circles they meet, \(rest)"
    }

    /// `37 of 100 requests left today (fresh again at 2026-11-27 00:00 UTC); 900 of 1000 requests
    /// left this month (…)`, or `nil` without a budget.
    static func budgetLine(_ budgets: LocalBudgets, provider: ProviderID) -> String? {
        guard budgets.budgets[provider] != nil else { return nil }
        let standing: [LocalBudgets.Standing]
        do {
            standing = try budgets.standing(provider)
        } catch {
            return "cannot be read: \(error); \(provider) is not asked until it can be"
        }
        return standing.map { part in
            let when = part.period.length == .day ? "today" : "this month"
            let state = part.remaining == 0 ? "spent, not asked until" : "fresh again at"
            return "\(part.remaining) of \(part.limit) requests left \(when) (\(state) \(part.period.endText))"
        }.joined(separator: "; ")
    }

    private static func keyLine(_ source: String?, variable: String) -> String {
        guard let source else { return "not set (set \(variable))" }
        return "set (from \(source))"
    }
}
