import Foundation
import Testing
@testable import LectorStore

@Suite("Pending intents")
struct PendingIntentsTests {
    @Test("repeated changes to one article collapse into one intent holding the latest wish")
    func changesCollapse() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount()
        try temporary.store.intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: "true")
        try temporary.store.intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: "false")
        let intents = try temporary.store.intents.all(accountID: account.id)
        #expect(intents.count == 1)
        #expect(intents.first?.desired == "false", "the latest wish wins")
    }

    @Test("acknowledging deletes only intents still in flight; a change made during the push survives")
    func changeDuringPushSurvives() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount()
        try temporary.store.intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: "true")
        try temporary.store.intents.enqueue(accountID: account.id, action: .starred, articleID: ids[1], desiredJSON: "true")
        let sending = try temporary.store.intents.selectForSending(accountID: account.id)
        #expect(sending.allSatisfy(\.inFlight) && sending.count == 2)
        // The user changes their mind about the first article while the push is under way.
        try temporary.store.intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: "false")
        try temporary.store.intents.acknowledge(sending.map(\.id))
        let left = try temporary.store.intents.all(accountID: account.id)
        #expect(left.count == 1 && left[0].articleID == ids[0] && left[0].desired == "false" && !left[0].inFlight,
                "the newer wish must stay queued, got \(left)")
    }

    @Test("intents left in flight by a crashed push are selected again by the next push")
    func inFlightSelectedAgain() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount()
        try temporary.store.intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: "true")
        _ = try temporary.store.intents.selectForSending(accountID: account.id)
        let reopened = try Store(path: temporary.path)
        let again = try reopened.intents.selectForSending(accountID: account.id)
        #expect(again.count == 1 && again[0].attempts == 2, "the unacknowledged intent must be sent again, got \(again)")
    }

    @Test("articles with unsent changes are protected from reconciliation")
    func protectedArticles() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount(articles: 3)
        try temporary.store.intents.enqueue(accountID: account.id, action: .read, articleID: ids[2], desiredJSON: "true")
        _ = try temporary.store.intents.selectForSending(accountID: account.id)
        #expect(try temporary.store.intents.protectedArticleIDs(accountID: account.id) == [ids[2]])
    }
}
