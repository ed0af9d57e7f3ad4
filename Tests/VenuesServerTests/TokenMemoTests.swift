import Foundation
import Testing
import VenuesServerStore

@testable import VenuesServer

@Suite("Valid tokens are trusted without the store for one second at most")
struct TokenMemoTests {
    let hash = TokenHash(hex: String(repeating: "ab", count: 32))
    let checked = Date(timeIntervalSince1970: 1_763_800_000)
    var alice: ServerClient { ServerClient(name: "alice", createdAt: checked) }

    @Test("a token checked less than a second ago is trusted; from a second on, the store is asked again")
    func freshForOneSecond() {
        let memo = TokenMemo()
        #expect(memo.freshFor <= 1)
        memo.remember(hash, client: alice, now: checked)
        #expect(memo.fresh(hash, now: checked)?.client.name == "alice")
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(0.999))?.client.name == "alice")
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(1)) == nil)
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(30)) == nil)
        #expect(memo.fresh(TokenHash(hex: String(repeating: "cd", count: 32)), now: checked) == nil)
    }

    @Test("a token found revoked is forgotten at once, even for the degraded grace")
    func forgottenWhenRevoked() {
        let memo = TokenMemo()
        memo.remember(hash, client: alice, now: checked)
        #expect(memo.known(hash, now: checked.addingTimeInterval(60))?.name == "alice")
        memo.forget(hash)
        #expect(memo.fresh(hash, now: checked) == nil)
        #expect(memo.known(hash, now: checked) == nil)
    }

    @Test("past half its time, one request checks the token again ahead while the others go on trusting it")
    func checkedAgainAheadByOneRequest() {
        let memo = TokenMemo(freshFor: 1)
        memo.remember(hash, client: alice, now: checked)
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(0.49))?.checkAgain == false)
        let first = memo.fresh(hash, now: checked.addingTimeInterval(0.5))
        let second = memo.fresh(hash, now: checked.addingTimeInterval(0.6))
        #expect(first?.checkAgain == true)
        #expect(second?.checkAgain == false)
        #expect(second?.client.name == "alice")
        // The check ahead found it valid: trusted for a new second from when it began.
        memo.remember(hash, client: alice, now: checked.addingTimeInterval(0.5))
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(0.9))?.checkAgain == false)
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(1.5)) == nil)
    }

    @Test("a failed check ahead lets the next request check again; a revoked token found ahead is forgotten")
    func checkAheadFailedOrRevoked() {
        let memo = TokenMemo(freshFor: 1)
        memo.remember(hash, client: alice, now: checked)
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(0.7))?.checkAgain == true)
        memo.checkFailed(hash)
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(0.8))?.checkAgain == true)
        memo.forget(hash)
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(0.8)) == nil)
    }

    @Test("a check that began before the one kept does not replace it")
    func anOlderCheckDoesNotReplaceANewerOne() {
        let memo = TokenMemo(freshFor: 1)
        memo.remember(hash, client: alice, now: checked.addingTimeInterval(0.5))
        memo.remember(hash, client: alice, now: checked)
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(1.2))?.client.name == "alice")
    }
}
