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
        #expect(memo.fresh(hash, now: checked)?.name == "alice")
        #expect(memo.fresh(hash, now: checked.addingTimeInterval(0.999))?.name == "alice")
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
}
