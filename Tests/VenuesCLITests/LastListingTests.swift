import Foundation
import Testing
import VenuesCore
import VenuesFiles
import VenuesMerge
import VenuesTestSupport

@testable import VenuesCLISupport

@Suite("LastListing: the last listing, for `favorites add` and `show`")
struct FavoritesCandidatesTests {
    static let mergedEngel = MergedVenue(
        venue: HelsinkiVenues.engel,
        sources: [HelsinkiVenues.engel, HelsinkiVenues.engelFromFoursquare],
        reasons: [
            MergeReason(
                first: HelsinkiVenues.engel.id,
                second: HelsinkiVenues.engelFromFoursquare.id,
                rule: "same-name",
                distance: 4,
                nameScore: 1
            )
        ]
    )

    @Test("a saved listing is found by canonical id or any source id")
    func saveAndFind() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let candidates = LastListing(fileURL: scratch.url.appendingPathComponent("cache/last-results.json"))
        #expect(candidates.find(HelsinkiVenues.engel.id) == nil)

        #expect(candidates.save([Self.mergedEngel, MergedVenue(single: HelsinkiVenues.kiasma)]))
        let byCanonical = try #require(candidates.find(HelsinkiVenues.engel.id))
        #expect(byCanonical.venue == HelsinkiVenues.engel)
        #expect(byCanonical.sources.map(\.id) == [HelsinkiVenues.engel.id, HelsinkiVenues.engelFromFoursquare.id])
        #expect(candidates.find(HelsinkiVenues.engelFromFoursquare.id)?.venue.name == "Café Engel")
        #expect(candidates.find(HelsinkiVenues.kiasma.id)?.venue.name == "Kiasma")
        #expect(candidates.find(HelsinkiVenues.ekberg.id) == nil)
        #expect(permissions(candidates.fileURL) == 0o600)

        // A new listing replaces the old one.
        #expect(candidates.save([MergedVenue(single: HelsinkiVenues.ekberg)]))
        #expect(candidates.find(HelsinkiVenues.kiasma.id) == nil)
        #expect(candidates.load().map(\.venue.name) == ["Café Ekberg"])
    }

    /// An unmerged place is stored once, not once more as its own source; files written with
    /// the source repeated (as before) still read the same.
    @Test("a single-source place is stored without repeating itself")
    func singleSourceStoredOnce() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let candidates = LastListing(fileURL: scratch.file("last-results.json"))
        #expect(candidates.save([MergedVenue(single: HelsinkiVenues.kiasma), Self.mergedEngel]))
        let text = String(decoding: try Data(contentsOf: candidates.fileURL), as: UTF8.self)
        #expect(text.components(separatedBy: #""Kiasma""#).count == 2, "\(text)")
        let loaded = candidates.load()
        #expect(loaded.first == MergedVenue(single: HelsinkiVenues.kiasma))
        #expect(loaded.last?.venue == Self.mergedEngel.venue)
        #expect(loaded.last?.sources == Self.mergedEngel.sources)

        struct OldPlace: Encodable {
            var venue: Venue
            var sources: [Venue]
        }
        struct OldListing: Encodable {
            var version = 1
            var places: [OldPlace]
        }
        let old = OldListing(places: [OldPlace(venue: HelsinkiVenues.kiasma, sources: [HelsinkiVenues.kiasma])])
        try JSONEncoder().encode(old).write(to: candidates.fileURL)
        #expect(candidates.load() == [MergedVenue(single: HelsinkiVenues.kiasma)])
    }

    @Test("a corrupt or foreign file just means nothing is found")
    func corrupt() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let candidates = LastListing(fileURL: scratch.file("last-results.json"))
        for content in ["{\"places\": [", "{\"version\": 9, \"places\": []}", ""] {
            try Data(content.utf8).write(to: candidates.fileURL)
            #expect(candidates.load().isEmpty)
            #expect(candidates.find(HelsinkiVenues.engel.id) == nil)
        }
        #expect(candidates.save([Self.mergedEngel]))
        #expect(candidates.find(HelsinkiVenues.engel.id) != nil)
    }

    @Test("by default it lives in the cache directory")
    func location() throws {
        let directories = try DataDirectories(environment: ["HOME": "/home/ada", "XDG_CACHE_HOME": "/c"])
        #expect(LastListing(directories: directories).fileURL.path == "/c/venues/last-results.json")
    }
}
