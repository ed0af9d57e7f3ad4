import Foundation
public import VenuesCore
public import VenuesHTTP

extension OvertureProvider {
    /// Overture Maps places as the package registers them: id `overture`, the `overture` settings
    /// section, no key, after OpenStreetMap in the merge (rank 4).
    ///
    /// - `url` (`VENUES_OVERTURE_URL`): an index (`.sqlite`) or an Overture GeoJSON file to
    ///   answer from; unset by default;
    /// - `useIndexes` (default `true`): the indexes `venues overture import` wrote
    ///   (`$VENUES_DATA_DIR/overture`, beside the context's OSM index directory) whose area meets
    ///   a search's circle answer it;
    /// - with no index imported and no `url`, the provider has nothing to answer from: it is
    ///   left out of the default providers (``ProviderProfile/localDataReason``);
    /// - `minConfidence` (`VENUES_OVERTURE_MIN_CONFIDENCE`, default `0.3`): places with a lower
    ///   confidence are left out; `includeClosed` (`VENUES_OVERTURE_INCLUDE_CLOSED`, default
    ///   `false`): places not `open` are shown.
    public static let descriptor = ProviderDescriptor<any HTTPClient>(
        profile: ProviderProfile(
            id: .overture,
            displayName: "Overture Maps",
            attribution: OvertureAttribution.line,
            section: "overture",
            settings: [
                ProviderSetting("url", environmentVariable: "VENUES_OVERTURE_URL", isListed: true),
                ProviderSetting("useIndexes", kind: .flag, defaultValue: .flag(true)),
                ProviderSetting(
                    "minConfidence",
                    environmentVariable: "VENUES_OVERTURE_MIN_CONFIDENCE",
                    defaultValue: .text(String(Configuration.defaultMinimumConfidence)),
                    isListed: true
                ),
                ProviderSetting(
                    "includeClosed",
                    kind: .flag,
                    environmentVariable: "VENUES_OVERTURE_INCLUDE_CLOSED",
                    defaultValue: .flag(false)
                ),
            ],
            mergeRank: 4,
            capabilities: [.nearby, .textSearch, .lookup, .localIndexes, .prefilters],
            endpoint: { settings in settings.text("url") ?? "imported indexes (venues overture import)" },
            localDataReason: { settings, osmIndexes in
                if let url = settings.text("url"), !url.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
                if settings.flag("useIndexes") ?? true, let osmIndexes,
                    OvertureImport.hasIndexes(in: OvertureImport.directory(besideOSMIndexes: osmIndexes))
                {
                    return nil
                }
                return "no Overture index imported (venues overture import FILE) and VENUES_OVERTURE_URL not set"
            }
        ),
        make: { settings, context in
            var source: Configuration.Source?
            if let text = settings.text("url"), !text.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let parsed = Configuration.source(parsing: text) else {
                    return .failure(
                        .badRequest("VENUES_OVERTURE_URL / overture.url: '\(text)' is not a path to an index or a file")
                    )
                }
                source = parsed
            }
            let confidenceText = settings.text("minConfidence") ?? String(Configuration.defaultMinimumConfidence)
            guard let confidence = Double(confidenceText), (0...1).contains(confidence) else {
                return .failure(
                    .badRequest(
                        "VENUES_OVERTURE_MIN_CONFIDENCE / overture.minConfidence: '\(confidenceText)' is not a number from 0 to 1"
                    )
                )
            }
            let directory =
                settings.flag("useIndexes") ?? true
                ? context.indexDirectory.map(OvertureImport.directory(besideOSMIndexes:)) : nil
            return .success(
                OvertureProvider(
                    configuration: .init(
                        source: source,
                        indexDirectory: directory,
                        minimumConfidence: confidence,
                        includeClosed: settings.flag("includeClosed") ?? false
                    )
                )
            )
        }
    )
}
