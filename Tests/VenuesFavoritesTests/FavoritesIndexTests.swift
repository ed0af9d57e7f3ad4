import Foundation
import Testing
import VenuesCore
import VenuesTestSupport

@testable import VenuesFavorites

@Suite("FavoriteIndex: marking results and listing stored favourites")
struct FavoritesIndexTests {
    static let favorites = [
        Favorite(venue: HelsinkiVenues.engel, sources: HelsinkiVenues.engelSources, addedAt: HelsinkiVenues.addedAt),
        Favorite(venue: HelsinkiVenues.kiasma, note: "Fridays", addedAt: HelsinkiVenues.addedAt),
        Favorite(venue: HelsinkiVenues.suomenlinna, addedAt: HelsinkiVenues.addedAt),
    ]
    let index = FavoriteIndex(favorites: Self.favorites)

    @Test("a venue is a favourite when any of its ids is a favourite's id or source id")
    func isFavorite() {
        #expect(index.isFavorite(anyOf: [HelsinkiVenues.engel.id]))
        #expect(index.isFavorite(anyOf: [HelsinkiVenues.id("google:ChIJengel")]))
        #expect(index.isFavorite(anyOf: [HelsinkiVenues.ekberg.id, HelsinkiVenues.id("fsq:4adcdaeff964a520e95b21e3")]))
        #expect(index.isFavorite(anyOf: [HelsinkiVenues.kiasma.id]))
        #expect(!index.isFavorite(anyOf: [HelsinkiVenues.ekberg.id]))
        #expect(!index.isFavorite(anyOf: []))
        #expect(!NoFavorites().isFavorite(anyOf: [HelsinkiVenues.engel.id]))
    }

    @Test("favorite(matching:) finds the favourite by id or source id")
    func lookup() {
        #expect(index.favorite(matching: HelsinkiVenues.id("google:ChIJengel"))?.name == "Café Engel")
        #expect(index.favorite(matching: HelsinkiVenues.kiasma.id)?.note == "Fridays")
        #expect(index.favorite(matching: HelsinkiVenues.ekberg.id) == nil)
        #expect(
            index.favorite(matchingAnyOf: [HelsinkiVenues.ekberg.id, HelsinkiVenues.engelSources[1]])?.id
                == HelsinkiVenues.engel.id
        )
    }

    @Test("favourites inside the circle come back as venues from their snapshots, nearest first")
    func withinCircle() throws {
        // Senate Square: Engel ≈ 80 m, Kiasma ≈ 900 m, Suomenlinna ≈ 3.3 km.
        let senateSquare = try Coordinate(latitude: 60.16930, longitude: 24.95240)
        let near = index.favorites(within: 1000, of: senateSquare)
        #expect(near.map(\.name) == ["Café Engel", "Kiasma"])
        let engel = near[0]
        #expect(engel.id == HelsinkiVenues.engel.id)
        #expect(engel.coordinate == HelsinkiVenues.engel.coordinate)
        #expect(engel.address == "Aleksanterinkatu 26, Helsinki")
        #expect(engel.categories == [.cafe])

        #expect(index.favorites(within: 100, of: senateSquare).map(\.name) == ["Café Engel"])
        #expect(index.favorites(within: 10, of: senateSquare).isEmpty)
        let kiasmaDistance = HelsinkiVenues.kiasma.coordinate.distance(to: senateSquare)
        #expect(index.favorites(within: kiasmaDistance, of: senateSquare).map(\.name) == ["Café Engel", "Kiasma"])
        #expect(index.favorites(within: 10_000, of: senateSquare).count == 3)
    }

    @Test("the store's index reflects the file")
    func storeIndex() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = FavoritesStore(fileURL: scratch.file("favorites.json"))
        try store.add(venue: HelsinkiVenues.engel, sources: HelsinkiVenues.engelSources)
        #expect(try store.index().isFavorite(anyOf: [HelsinkiVenues.engelSources[2]]))
        #expect(try store.index().favorites.count == 1)
    }
}

@Suite("FavoriteIndex: leaving out favourites the providers returned")
struct FavoritesIndexExclusionTests {
    @Test("a favourite returned under any of its ids is left out of the stored list")
    func notMatching() throws {
        let index = FavoriteIndex(favorites: FavoritesIndexTests.favorites)
        let senateSquare = try Coordinate(latitude: 60.16930, longitude: 24.95240)
        let listed: Set<VenueID> = [HelsinkiVenues.id("google:ChIJengel"), HelsinkiVenues.ekberg.id]
        #expect(index.favorites(within: 1000, of: senateSquare, notMatching: listed).map(\.name) == ["Kiasma"])
        #expect(
            index.favorites(within: 1000, of: senateSquare, notMatching: []).map(\.name) == ["Café Engel", "Kiasma"]
        )
        // The protocol's default implementation only knows the venue's own id.
        let plain = PlainMarking(index: index)
        #expect(
            plain.favorites(within: 1000, of: senateSquare, notMatching: listed).map(\.name) == [
                "Café Engel", "Kiasma",
            ]
        )
        #expect(
            plain.favorites(within: 1000, of: senateSquare, notMatching: [HelsinkiVenues.kiasma.id]).map(\.name) == [
                "Café Engel"
            ]
        )
    }
}

/// A marking that relies on the protocol's default `favorites(within:of:notMatching:)`.
private struct PlainMarking: FavoriteMarking {
    let index: FavoriteIndex
    func isFavorite(anyOf ids: [VenueID]) -> Bool { index.isFavorite(anyOf: ids) }
    func favorites(within radius: Double, of center: Coordinate) -> [Venue] {
        index.favorites(within: radius, of: center)
    }
}
