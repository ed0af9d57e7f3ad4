import Foundation
public import VenuesCore
public import VenuesHTTP

extension OverpassProvider {
    /// OpenStreetMap as the package registers it: id `osm`, the `overpass` settings section
    /// (`url` from `VENUES_OVERPASS_URL`, `useIndexes`, `offline`), no key, last in the merge.
    /// With `useIndexes` (the default) the imported indexes in the context's index directory
    /// that meet a search's circle answer it, and the server only when they do not hold all of
    /// it; with `offline` the server is never asked.
    public static let descriptor = ProviderDescriptor<any HTTPClient>(
        profile: ProviderProfile(
            id: .openStreetMap,
            displayName: "OpenStreetMap",
            attribution: "© OpenStreetMap contributors (ODbL)",
            section: "overpass",
            settings: [
                ProviderSetting(
                    "url",
                    environmentVariable: "VENUES_OVERPASS_URL",
                    defaultValue: .text(Configuration.defaultInterpreterURL.absoluteString)
                ),
                ProviderSetting("useIndexes", kind: .flag, defaultValue: .flag(true)),
                ProviderSetting("offline", kind: .flag, defaultValue: .flag(false)),
            ],
            mergeRank: 3,
            capabilities: [.nearby, .textSearch, .lookup, .localIndexes, .prefilters],
            endpoint: { settings in settings.text("url") ?? Configuration.defaultInterpreterURL.absoluteString },
            // The public instances' operators ask for at most two requests at a time.
            sharedConcurrency: 2
        ),
        make: { settings, context in
            do throws(ProviderError) {
                let endpoint = try Configuration.endpoint(
                    parsing: settings.text("url") ?? Configuration.defaultInterpreterURL.absoluteString
                )
                let indexes = settings.flag("useIndexes") ?? true ? context.indexDirectory : nil
                return .success(
                    OverpassProvider(
                        configuration: .init(
                            endpoint: endpoint,
                            indexDirectory: indexes,
                            offline: settings.flag("offline") ?? false
                        ),
                        httpClient: context.client
                    )
                )
            } catch {
                return .failure(.badRequest("VENUES_OVERPASS_URL / overpass.url: \(error.message)"))
            }
        }
    )
}
