import Foundation
import Testing
@testable import LectorStore

/// Two pushes of one account overlapping (the timer, the REPL's sync on launch and a manual
/// sync): the acknowledgement of the first must not remove the newer wish the second took.
@Suite("Overlapping pushes")
struct OverlappingPushTests {
    @Test("the first push's acknowledgement leaves the newer wish a second push holds in flight")
    func olderAcknowledgementKeepsNewerWish() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount()
        let intents = temporary.store.intents
        try intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: "true")
        let first = try intents.selectForSending(accountID: account.id)
        // The user marks the article unread while the first push waits for its answer…
        try intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: "false")
        // …and a second push takes that newer wish in flight.
        let second = try intents.selectForSending(accountID: account.id)
        #expect(second.map(\.desired) == ["false"])
        try intents.acknowledge(first)
        let afterFirstAnswer = try intents.all(accountID: account.id)
        #expect(afterFirstAnswer.map(\.desired) == ["false"],
                "the answer to 'read' removed the newer 'unread' wish: the change would be lost; queue \(afterFirstAnswer)")
        // The second push fails (a 503): its wish goes back to the queue, not away.
        try intents.release(second)
        let queued = try intents.all(accountID: account.id)
        #expect(queued.count == 1 && queued[0].desired == "false" && !queued[0].inFlight,
                "after the failed second push the newer wish must wait, unsent, for the next push; queue \(queued)")
    }

    @Test("releasing an older push's intents leaves alone a newer wish another push holds")
    func olderReleaseLeavesNewerInFlight() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount()
        let intents = temporary.store.intents
        try intents.enqueue(accountID: account.id, action: .starred, articleID: ids[1], desiredJSON: "true")
        let first = try intents.selectForSending(accountID: account.id)
        try intents.enqueue(accountID: account.id, action: .starred, articleID: ids[1], desiredJSON: "false")
        let second = try intents.selectForSending(accountID: account.id)
        try intents.release(first)
        #expect(try intents.all(accountID: account.id).map(\.inFlight) == [true], "the first push's failure reset the second's row")
        try intents.acknowledge(second)
        #expect(try intents.all(accountID: account.id).isEmpty, "the second push's answer must remove the wish it sent")
    }

    @Test("every new wish for one article gets a newer generation; sending does not change it")
    func generationsGrow() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount()
        let intents = temporary.store.intents
        var seen: [Int64] = []
        for wish in ["true", "false", "true"] {
            try intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: wish)
            seen.append(try intents.selectForSending(accountID: account.id)[0].generation)
        }
        #expect(seen == seen.sorted() && Set(seen).count == 3, "generations must grow with each wish, got \(seen)")
        let again = try intents.selectForSending(accountID: account.id)[0].generation
        #expect(again == seen.last, "selecting again must keep the generation")
    }
}

@Suite("Sync claims")
struct SyncClaimTests {
    @Test("a live claim of another process refuses; a claim whose process is gone or whose heartbeat is old is taken over")
    func claimsAndStaleness() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, _) = try temporary.seedAccount()
        let claims = temporary.store.syncClaims
        let alive: (Int32) -> Bool = { _ in true }
        #expect(try claims.claim(accountID: account.id, pid: 100, token: "a", now: 1_000, staleAfter: 120, isAlive: alive) == .claimed)
        #expect(try claims.claim(accountID: account.id, pid: 200, token: "b", now: 1_010, staleAfter: 120, isAlive: alive) == .heldBy(pid: 100),
                "a second process must not claim an account a live process is syncing")
        #expect(try claims.claim(accountID: account.id, pid: 200, token: "b", now: 1_010, staleAfter: 120, isAlive: { $0 != 100 }) == .claimed,
                "the claim of a process that is gone (killed) must be taken over")
        #expect(try claims.heartbeat(accountID: account.id, token: "a", now: 1_020) == false, "the old owner's heartbeat must notice it lost the claim")
        #expect(try claims.claim(accountID: account.id, pid: 300, token: "c", now: 1_200, staleAfter: 120, isAlive: alive) == .claimed,
                "a claim whose heartbeat stopped 190 s ago must be taken over")
        try claims.release(accountID: account.id, token: "b")
        #expect(try claims.current(accountID: account.id)?.token == "c", "releasing a claim taken over must not remove the new owner's")
        try claims.release(accountID: account.id, token: "c")
        #expect(try claims.current(accountID: account.id) == nil)
    }
}
