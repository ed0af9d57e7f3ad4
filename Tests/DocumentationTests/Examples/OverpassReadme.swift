// The first example of Providers/Overpass/README.md (compiled as written).
// docs-example: Providers/Overpass/README.md
import OverpassProvider
import VenuesCore
import VenuesHTTP

/// Venues within 500 m of Helsinki Central Station, from the bundled extract (the path is
/// relative to the current directory: the repository's root).
func venuesNearTheStation() async throws -> [Venue] {
    let endpoint = try OverpassProvider.Configuration.endpoint(parsing: "Config/samples/helsinki-centre.osm")
    let provider = OverpassProvider(configuration: .init(endpoint: endpoint), httpClient: CurlHTTPClient())
    let station = try Coordinate(parsing: "60.1710,24.9414")
    return try await provider.nearby(VenueQuery(center: station, radius: 500)).venues
}
// docs-example-end
