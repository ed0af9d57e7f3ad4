import Foundation
import Testing
import VenuesCore
import VenuesFavorites

@testable import VenuesServerStorePostgres

/// The favourites an instance keeps for a moment: trusted for their time only, forgotten by
/// this instance's changes, never kept from a read that a change overtook.
@Suite struct RecentFavoritesTests {
    let start = ContinuousClock.now
    let favorite = Favorite(
        id: try! VenueID(parsing: "osm:node/1"),
        name: "Kahvila",
        coordinate: try! Coordinate(latitude: 60.17, longitude: 24.94),
        address: nil,
        categories: [.cafe],
        note: nil,
        addedAt: Date(timeIntervalSince1970: 1_795_000_000)
    )

    @Test func trustedForItsTimeOnly() {
        let recent = RecentFavorites(freshFor: .milliseconds(500))
        recent.keep([favorite], client: "alice", readAt: start, generation: recent.generation("alice"))
        #expect(recent.fresh("alice", now: start)?.favorites == [favorite])
        #expect(recent.fresh("alice", now: start + .milliseconds(499))?.favorites == [favorite])
        #expect(recent.fresh("alice", now: start + .milliseconds(500)) == nil)
        #expect(recent.fresh("bob", now: start) == nil)
    }

    @Test func aChangeOfThisInstanceForgetsAtOnceAndOvertakesAReadUnderWay() {
        let recent = RecentFavorites(freshFor: .seconds(60))
        recent.keep([favorite], client: "alice", readAt: start, generation: recent.generation("alice"))
        recent.forget("alice")
        #expect(recent.fresh("alice", now: start) == nil)
        // A read began, then a change: what the read found is not kept.
        let generation = recent.generation("alice")
        recent.forget("alice")
        recent.keep([favorite], client: "alice", readAt: start, generation: generation)
        #expect(recent.fresh("alice", now: start) == nil)
        // Another client is not touched.
        recent.keep([], client: "bob", readAt: start, generation: recent.generation("bob"))
        recent.forget("alice")
        #expect(recent.fresh("bob", now: start)?.favorites == [])
    }

    @Test func forgetAllForgetsEveryClientAndEveryReadUnderWay() {
        let recent = RecentFavorites(freshFor: .seconds(60))
        recent.keep([favorite], client: "alice", readAt: start, generation: recent.generation("alice"))
        let bobs = recent.generation("bob")
        recent.forgetAll()
        recent.keep([], client: "bob", readAt: start, generation: bobs)
        #expect(recent.fresh("alice", now: start) == nil)
        #expect(recent.fresh("bob", now: start) == nil)
        recent.keep([favorite], client: "alice", readAt: start, generation: recent.generation("alice"))
        #expect(recent.fresh("alice", now: start)?.favorites == [favorite])
    }

    @Test func zeroKeepsNothing() {
        let recent = RecentFavorites(freshFor: .zero)
        recent.keep([favorite], client: "alice", readAt: start, generation: recent.generation("alice"))
        #expect(recent.fresh("alice", now: start) == nil)
    }

    @Test func pastHalfTimeOneReaderReadsAheadWhileTheOthersGoOn() {
        let recent = RecentFavorites(freshFor: .milliseconds(500))
        recent.keep([favorite], client: "alice", readAt: start, generation: recent.generation("alice"))
        #expect(recent.fresh("alice", now: start + .milliseconds(249))?.readAhead == false)
        #expect(recent.fresh("alice", now: start + .milliseconds(250))?.readAhead == true)
        #expect(recent.fresh("alice", now: start + .milliseconds(300))?.readAhead == false)
        #expect(recent.fresh("alice", now: start + .milliseconds(300))?.favorites == [favorite])
        // The read ahead is kept: fresh for its own time, and the next one may read ahead again.
        let generation = recent.generation("alice")
        recent.keep([], client: "alice", readAt: start + .milliseconds(250), generation: generation)
        #expect(recent.fresh("alice", now: start + .milliseconds(400)) == Kept(favorites: [], readAhead: false))
        #expect(recent.fresh("alice", now: start + .milliseconds(500))?.readAhead == true)
        #expect(recent.fresh("alice", now: start + .milliseconds(750)) == nil)
    }

    @Test func aFailedReadAheadLetsTheNextReaderTryAndAChangeOvertakesIt() {
        let recent = RecentFavorites(freshFor: .milliseconds(500))
        recent.keep([favorite], client: "alice", readAt: start, generation: recent.generation("alice"))
        #expect(recent.fresh("alice", now: start + .milliseconds(300))?.readAhead == true)
        recent.readAheadFailed("alice")
        #expect(recent.fresh("alice", now: start + .milliseconds(310))?.readAhead == true)
        // A change during the read ahead: what it read is not kept.
        let generation = recent.generation("alice")
        recent.forget("alice")
        recent.keep([favorite], client: "alice", readAt: start + .milliseconds(310), generation: generation)
        #expect(recent.fresh("alice", now: start + .milliseconds(320)) == nil)
    }

    private typealias Kept = RecentFavorites.Kept
}
