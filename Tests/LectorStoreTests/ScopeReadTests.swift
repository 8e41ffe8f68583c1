import Foundation
import Testing
@testable import LectorStore

@Suite("Queued mark-all-read")
struct ScopeReadTests {
    /// A FreshRSS account with a feed of `articles` unread articles (server ids "s0", "s1", …).
    private func seeded(articles: Int = 3) throws -> (TemporaryStore, Account, Folder, Feed) {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let account = try store.accounts.insert(kind: .freshrss, name: "Server", url: "https://rss.example/api/greader.php/", username: "me")
        let folder = try store.folders.insert(accountID: account.id, serverID: "user/-/label/News", name: "News")
        let feed = try store.feeds.insert(accountID: account.id, folderID: folder.id, serverID: "feed/1", title: "Harbour",
                                          url: "https://harbour.example/feed.xml", siteURL: nil)
        try add((0..<articles).map { "s\($0)" }, to: feed, in: temporary)
        return (temporary, account, folder, feed)
    }

    private func add(_ serverIDs: [String], to feed: Feed, in temporary: TemporaryStore) throws {
        try temporary.store.sync.applyEntries(accountID: feed.accountID, serverIDs.map {
            (feed.id, IncomingArticle(serverID: $0, url: nil, title: $0, text: $0), false, false)
        }, protected: [])
    }

    private func readStates(_ temporary: TemporaryStore) throws -> [String: ReadState] {
        Dictionary(uniqueKeysWithValues: try temporary.store.articles.list(ArticleQuery(limit: Int.max)).map { ($0.serverID, $0.read) })
    }

    @Test("mark-all-read of a feed reads its stored articles at once and queues one scope read instead of an intent per article")
    func oneIntentPerScope() throws {
        let (temporary, account, _, feed) = try seeded()
        let result = try temporary.store.states.markAllRead(ArticleQuery(feedID: feed.id))
        #expect(result == MarkAllReadResult(changed: 3, queuedAccountIDs: [account.id]))
        #expect(try readStates(temporary).values.allSatisfy { $0 == .read })
        #expect(try temporary.store.intents.all(accountID: account.id).isEmpty, "single-article intents were queued")
        let reads = try temporary.store.scopeReads.all(accountID: account.id)
        #expect(reads.map(\.scope) == [.feed(feed.id)])
        #expect(try temporary.store.scopeReads.serverScope(of: reads[0]) == .feed(serverID: "feed/1"))
    }

    @Test("asking again renews the scope read; an account-wide one replaces the narrower ones; older read intents of the scope go")
    func scopesCollapse() throws {
        let (temporary, account, folder, feed) = try seeded()
        let ids = try temporary.store.articles.list(ArticleQuery(limit: Int.max)).map(\.id)
        try temporary.store.states.setRead([ids[0]], to: .read)
        try temporary.store.states.markAllRead(ArticleQuery(feedID: feed.id), asOf: 100)
        #expect(try temporary.store.intents.all(accountID: account.id).isEmpty, "the older read intent of the feed is left over")
        try temporary.store.states.markAllRead(ArticleQuery(feedID: feed.id), asOf: 200)
        var reads = try temporary.store.scopeReads.all(accountID: account.id)
        #expect(reads.count == 1 && reads[0].before == 200 && reads[0].generation == 1, "asked again: \(reads)")
        try temporary.store.states.markAllRead(ArticleQuery(folderID: folder.id), asOf: 300)
        reads = try temporary.store.scopeReads.all(accountID: account.id)
        #expect(reads.map(\.scope) == [.folder(folder.id)], "the folder's read covers its feed's: \(reads)")
        try temporary.store.states.markAllRead(ArticleQuery(accountID: account.id), asOf: 400)
        reads = try temporary.store.scopeReads.all(accountID: account.id)
        #expect(reads.map(\.scope) == [.account] && reads[0].before == 400, "the account's read covers the rest: \(reads)")
    }

    @Test("while queued, the pulled unread state of an article it covers does not undo the read; an article stored after it stays unread")
    func queuedScopeReadProtects() throws {
        let (temporary, account, _, feed) = try seeded()
        try temporary.store.states.markAllRead(ArticleQuery(feedID: feed.id))
        Thread.sleep(forTimeInterval: 0.01)
        try add(["later"], to: feed, in: temporary)
        // Every article unread on the server, as a server that has not had the push yet says.
        try temporary.store.sync.applyEntries(accountID: account.id, ["s0", "s1", "s2", "later"].map {
            (feed.id, IncomingArticle(serverID: $0, url: nil, title: $0, text: $0), false, false)
        }, protected: [])
        try temporary.store.sync.applyIDSet(accountID: account.id, field: .unread, members: ["s0", "s1", "s2", "later"], complete: true,
                                            protected: [])
        let states = try readStates(temporary)
        #expect(states == ["s0": .read, "s1": .read, "s2": .read, "later": .unread], "\(states)")
        #expect(try temporary.store.sync.protectedServerIDs(accountID: account.id, field: .unread) == ["s0", "s1", "s2"])
        #expect(try temporary.store.sync.protectedServerIDs(accountID: account.id, field: .starred).isEmpty, "the star is not protected")

        let read = try #require(try temporary.store.scopeReads.selectForSending(accountID: account.id).first)
        let sorted = try temporary.store.scopeReads.sort(["s0", "later", "unheld"], for: read)
        #expect(sorted.covered == ["s0"] && sorted.unknown == ["unheld"], "\(sorted)")
        try temporary.store.scopeReads.acknowledge(read)
        try temporary.store.sync.applyIDSet(accountID: account.id, field: .unread, members: ["s1"], complete: true, protected: [])
        #expect(try readStates(temporary)["s1"] == .unread, "once acknowledged, the server is authoritative again")
    }
}
