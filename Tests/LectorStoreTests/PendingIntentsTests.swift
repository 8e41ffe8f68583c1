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
        try temporary.store.intents.acknowledge(sending)
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

    @Test("articles with unsent changes, in flight included, are protected per flag")
    func protectedArticles() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount(articles: 3)
        try temporary.store.intents.enqueue(accountID: account.id, action: .read, articleID: ids[2], desiredJSON: "true")
        _ = try temporary.store.intents.selectForSending(accountID: account.id)
        #expect(try temporary.store.sync.protectedServerIDs(accountID: account.id) == ["item-2"])
        #expect(try temporary.store.sync.protectedServerIDs(accountID: account.id, field: .unread) == ["item-2"])
        #expect(try temporary.store.sync.protectedServerIDs(accountID: account.id, field: .starred).isEmpty,
                "a queued read does not hold back the star")
    }
}

@Suite("State changes")
struct StateChangeTests {
    @Test("marking an article of a server account saves the state and queues the intent together")
    func remoteChangeQueuesIntent() throws {
        let temporary = try TemporaryStore()
        let remote = try temporary.store.accounts.insert(kind: .freshrss, name: "Server", url: "https://rss.example", username: "alice")
        let feed = try temporary.store.feeds.insert(accountID: remote.id, folderID: nil, serverID: "feed/1", title: "F",
                                                    url: "https://example.org/f.xml", siteURL: nil)
        let id = try temporary.store.articles.upsert(accountID: remote.id, feedID: feed.id, TemporaryStore.article(1), read: .unread).id
        #expect(try temporary.store.states.setRead([id], to: .read) == 1)
        #expect(try temporary.store.states.setStarred([id], to: true) == 1)
        let intents = try temporary.store.intents.all(accountID: remote.id)
        #expect(intents.map(\.action) == [.read, .starred] && intents.allSatisfy { $0.desired == "true" }, "got \(intents)")
        #expect(try temporary.store.articles.state(of: id)! == (.read, true))
    }

    @Test("marking an article of a local account queues nothing, and a no-op change is not counted")
    func localChangeQueuesNothing() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, ids) = try temporary.seedAccount(articles: 2)
        #expect(try temporary.store.states.setRead(ids, to: .read) == 2)
        #expect(try temporary.store.states.setRead(ids, to: .read) == 0, "already read: nothing changes")
        #expect(try temporary.store.intents.all(accountID: account.id).isEmpty)
    }

    @Test("search takes the user's words literally, ranks matches and stems plurals")
    func searchIsSafe() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, _) = try temporary.seedAccount(articles: 0)
        try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id,
            IncomingArticle(serverID: "x", url: nil, title: "Tides and moons", text: "the moon pulls the sea"))
        #expect(try temporary.store.articles.search("tide moon").count == 1, "plural forms should match")
        for hostile in ["\"", "title:tides", "NEAR(a b)", "*", "a OR", "-sea", "(((", "sea\" OR \"x"] {
            #expect(throws: Never.self, "'\(hostile)' must not reach FTS5 as syntax") { try temporary.store.articles.search(hostile) }
        }
    }
}
