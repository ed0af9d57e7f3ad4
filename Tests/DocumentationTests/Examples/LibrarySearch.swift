// The library guide's search example, docs/library.md (compiled as written; run by
// ExamplesRunTests).
// docs-example: docs/library.md
import Foundation
import FoursquareProvider
import OverpassProvider
import VenuesAggregator
import VenuesCore
import VenuesFavorites
import VenuesHTTP
import VenuesMerge

/// Cafés within 500 m of `center` from an OpenStreetMap extract and, given a key, Foursquare,
/// in name order: a café both know is one entry; favourites from `favoritesFile` are marked.
/// Each provider has `timeout` seconds.
func nearbyCafes(
    around center: Coordinate,
    osmExtract: String,
    foursquareKey: String?,
    favoritesFile: URL,
    timeout: Double = 10
) async throws -> AggregatedResult {
    let http = CurlHTTPClient()
    let osm = try OverpassProvider.Configuration.endpoint(parsing: osmExtract)
    var providers: [any VenueProvider] = [OverpassProvider(configuration: .init(endpoint: osm), httpClient: http)]
    if let foursquareKey {
        providers.append(FoursquareProvider(configuration: .init(apiKey: foursquareKey), httpClient: http))
    }
    let aggregator = try Aggregator(
        providers: providers,
        merger: Deduplicator(),  // Google's record wins a merge, then Foursquare's, then OpenStreetMap's
        favorites: try FavoritesStore(fileURL: favoritesFile).index()
    )
    let query = VenueQuery(center: center, radius: 500, categories: [.cafe], limit: 10, sort: .name, timeout: timeout)
    return await aggregator.run(query)
}

/// One line per place, then one per provider that failed or warned.
func lines(of result: AggregatedResult) -> [String] {
    var lines = result.venues.map { place in
        let sources = place.merged.sources.map(\.id.description).joined(separator: ", ")
        return "\(place.isFavorite ? "★" : " ") \(place.venue.name), \(Int(place.distance)) m (\(sources))"
    }
    for outcome in result.outcomes {
        switch outcome.result {
        case .success(let response):
            lines += response.warnings.map { "\(outcome.provider): \($0)" }
        case .failure(let error):
            lines.append("\(outcome.provider) failed (\(error.kind)): \(error.message)")
        }
    }
    return lines
}
// docs-example-end
