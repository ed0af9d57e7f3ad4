import Foundation
import Testing
import VenuesAggregator
import VenuesCore
import VenuesFavorites
import VenuesTestKit
import VenuesTestSupport

@Suite("Aggregator: favourites in listings")
struct AggregatorFavoritesTests {
    let index = FavoriteIndex(favorites: [
        Favorite(venue: HelsinkiVenues.engel, sources: HelsinkiVenues.engelSources, addedAt: HelsinkiVenues.addedAt),
        Favorite(venue: HelsinkiVenues.kiasma, note: "Fridays", addedAt: HelsinkiVenues.addedAt),
        Favorite(venue: HelsinkiVenues.suomenlinna, addedAt: HelsinkiVenues.addedAt),
    ])

    @Test("the aggregator flags a returned favourite and lists one no provider returned")
    func throughAggregator() async throws {
        let provider = InMemoryVenueProvider(
            id: .foursquare,
            venues: [HelsinkiVenues.ekbergFromFoursquare, HelsinkiVenues.engelFromFoursquare]
        )
        let aggregator = try Aggregator(providers: [provider], favorites: index)
        let result = await aggregator.run(
            VenueQuery(center: try Coordinate(latitude: 60.16930, longitude: 24.95240), radius: 1500)
        )
        let byName = Dictionary(uniqueKeysWithValues: result.venues.map { ($0.venue.name, $0) })
        #expect(byName["Cafe Engel"]?.isFavorite == true)
        #expect(byName["Cafe Engel"]?.fromFavorites == false)
        #expect(byName["Café Ekberg"]?.isFavorite == false)
        #expect(byName["Kiasma"]?.isFavorite == true)
        #expect(byName["Kiasma"]?.fromFavorites == true)
        #expect(byName["Suomenlinna"] == nil)
        // Engel came back from the provider under its Foursquare id: it is not listed twice.
        #expect(result.venues.count == 3)
    }
}
