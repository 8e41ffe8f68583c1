import Foundation
import Testing
@testable import LectorStore

/// Marks restored from a backup: applied at once to the articles already here, kept for the
/// others until the feed's next fetch, then applied once and forgotten.
@Suite("Restored marks wait for their articles")
struct ArticleMarksTests {
    private func article(_ guid: String, feedID: Int64) -> IncomingArticle {
        IncomingArticle(serverID: LocalArticleID.scoped(feedID: feedID, guid: guid), url: "https://example.org/\(guid)", title: guid,
                        text: guid, publishedAt: 1_700_000_000)
    }

    private func state(_ store: Store, _ feedID: Int64, _ guid: String) throws -> String {
        let row = try store.database.queryFirst("""
            SELECT s.read, s.starred FROM articles a JOIN article_state s ON s.article_id = a.id WHERE a.server_id = ?
            """, LocalArticleID.scoped(feedID: feedID, guid: guid)) { "\($0.string(0)),\($0.int(1) == 1 ? "starred" : "-")" }
        return row ?? "absent"
    }

    @Test("a restore marks stored articles at once and keeps the rest; the fetch applies them once; unmatched ones are forgotten")
    func marksAppliedOnce() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let account = try store.accounts.insert(kind: .local, name: "Home")
        let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "f", title: "F", url: "https://example.org/f.xml", siteURL: nil)
        try store.sync.applyEntries(accountID: account.id, [(feed.id, article("here", feedID: feed.id), false, false)], protected: [],
                                    stateUpdatesExisting: false)
        let marks = FeedMarks(read: ["here", "later", "gone"], starred: ["later"])
        let waiting = try store.marks.restore(marks, feedID: feed.id, accountID: account.id)
        #expect(try state(store, feed.id, "here") == "read,-", "an article already here takes its mark at once")
        #expect(waiting.read.sorted() == ["gone", "later"] && waiting.starred == ["later"], "the others wait: \(waiting)")
        #expect(try store.marks.restore(marks, feedID: feed.id, accountID: account.id) == waiting, "restoring again adds nothing")
        #expect(try store.marks.marks(accountID: account.id)[feed.id] == FeedMarks(read: ["gone", "here", "later"], starred: ["later"]),
                "waiting marks count as this machine's for an export and a plan")

        try store.sync.applyEntries(accountID: account.id, [(feed.id, article("later", feedID: feed.id), false, false)], protected: [],
                                    stateUpdatesExisting: false)
        #expect(try store.marks.applyAfterFetch(feedID: feed.id, accountID: account.id) == 1, "one article arrived with a mark")
        #expect(try state(store, feed.id, "later") == "read,starred", "the arrived article took both marks")
        #expect(try temporary.count("restored_marks") == 0, "after the fetch nothing waits, not even the mark of an article the feed no longer lists")
        #expect(try store.articles.counters(accountID: account.id) == (unread: 0, starred: 1), "the feed's counters follow the marks")

        try store.states.setRead([try #require(try store.database.queryFirst("SELECT id FROM articles WHERE title = 'later'") { $0.int64(0) })], to: .unread)
        #expect(try store.marks.applyAfterFetch(feedID: feed.id, accountID: account.id) == 0, "a later fetch applies nothing again")
        #expect(try state(store, feed.id, "later") == "unread,starred", "the user's change stays")
    }

    @Test("marks waiting for a feed go with the feed")
    func marksGoWithTheirFeed() throws {
        let temporary = try TemporaryStore()
        let account = try temporary.store.accounts.insert(kind: .local, name: "Home")
        let feed = try temporary.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "f", title: "F", url: "https://example.org/f.xml", siteURL: nil)
        try temporary.store.marks.restore(FeedMarks(read: ["a"]), feedID: feed.id, accountID: account.id)
        try temporary.store.feeds.remove(feed.id)
        #expect(try temporary.count("restored_marks") == 0, "a removed feed's waiting marks were left behind")
    }
}
