import Foundation
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

/// `lector-bench undo [--items 100000] [--stored 1000000] [--services freshrss,miniflux] [--rounds 3]`:
/// a mark-all-read of an account of `items` unread articles synced from the GReader (FreshRSS)
/// or Miniflux emulator on loopback, in a store of `stored` articles (the rest in a local account,
/// written straight into the store), then its undo, each through the store operation the commands
/// use and the push that follows a mark (`SyncEngine.push`, as `AccountManager.flushMarks` runs
/// it): wall time of the local change, of the push, and the requests each sent. Peer: the
/// original mark. Then what the journal costs the mark, `rounds` times each, least time kept:
/// the mark-all-read as the store runs it, the same UPDATE with its step open and the journal's
/// per-row triggers recording it (how every mark-all-read was journaled before), and the same
/// UPDATE with no journal at all.
enum UndoBench {
    static let user = EmulatedAccount(username: "bench", password: "bench-password")
    static let apiKey = "bench-token"

    static func run(_ options: BenchOptions) throws {
        let items = try options.int("items", default: 100_000)
        let stored = try options.int("stored", default: 1_000_000)
        let rounds = try options.int("rounds", default: 3)
        for service in options.string("services", default: "freshrss,miniflux").split(separator: ",") {
            try measure(String(service), items: items, stored: stored, rounds: max(1, rounds))
        }
    }

    /// Fills a local account with `count` read articles in 100 feeds, straight in SQL: the store's
    /// other articles, which a mark-all-read of one account must not slow down.
    private static func fill(_ store: Store, count: Int) throws {
        guard count > 0 else { return }
        let seconds = try secondsElapsed {
            try store.database.write {
                let account = try store.accounts.insert(kind: .local, name: "Stored")
                let feeds = try (0..<100).map { index in
                    try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "https://stored\(index).example/feed.xml",
                                           title: "Stored \(index)", url: "https://stored\(index).example/feed.xml", siteURL: nil).id
                }
                guard feeds.last! - feeds.first! == 99 else { throw BenchError.check("the stored feeds' ids are not consecutive") }
                try store.database.execute("""
                    INSERT INTO articles (account_id, feed_id, server_id, url, title, text, published_at, fetched_at)
                    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?3 - 1)
                    SELECT ?1, ?2 + i % 100, 'stored-' || i, 'https://stored.example/' || i, 'Stored article ' || i,
                           'Body of a stored article.', ?4 - i, ?4 FROM n
                    """, account.id, feeds[0], count, Date().timeIntervalSince1970 - 86_400)
                try store.database.execute("INSERT INTO article_state (article_id, read) SELECT id, 'read' FROM articles WHERE account_id = ?",
                                           account.id)
            }
            try store.search.feedBacklog()
        }
        print(String(format: "undo: %d articles of a local account written into the store in %.1f s", count, seconds))
    }

    private static func measure(_ service: String, items: Int, stored: Int, rounds: Int) throws {
        let feeds = service == "miniflux" ? FeedStore(defaultFolderName: "All") : FeedStore()
        let now = Int64(Date().timeIntervalSince1970)
        for feedIndex in 0..<100 {
            let feed = feeds.addFeed(title: "Feed \(feedIndex)", feedURL: "https://bench\(feedIndex).example/feed.xml",
                                     siteURL: "https://bench\(feedIndex).example/", folder: "Folder \(feedIndex % 10)")
            for n in 0..<(items / 100) {
                feeds.addItem(feed: feed, title: "Article \(feedIndex)-\(n)", url: "https://bench\(feedIndex).example/\(n)",
                              content: "<p>Body of a benchmark article.</p>", published: now - 3_600 - Int64(n))
            }
        }
        let handler = service == "miniflux" ? MinifluxEmulator(store: feeds, account: user, apiKey: apiKey).handler
                                            : GReaderEmulator(store: feeds, accounts: [user]).handler
        let server = try LoopbackServer(handler: handler)
        defer { server.stop() }
        let directory = try TemporaryDirectory.make("undo")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(path: directory + "/lector.sqlite")
        try fill(store, count: stored - items)
        let account = service == "miniflux"
            ? try store.accounts.insert(kind: .miniflux, name: "Bench", url: server.baseURL.absoluteString + "/", username: nil)
            : try store.accounts.insert(kind: .freshrss, name: "Bench", url: server.baseURL.absoluteString + GReaderEmulator.basePath + "/",
                                        username: user.username)
        let provider = try Providers.make(for: account, secret: service == "miniflux" ? apiKey : user.password, http: HTTPClient())
        let engine = SyncEngine(store: store, account: account, provider: provider)
        _ = try engine.run(since: nil)
        let unread = try store.database.scalarInt("SELECT count(*) FROM article_state WHERE read = 'unread'")
        print("undo (\(service)): \(unread) unread articles synced from the \(service) emulator (127.0.0.1), \(try store.articles.count()) articles stored")

        var marked: MarkAllReadResult?
        let markLocal = try secondsElapsed { marked = try store.states.markAllRead(ArticleQuery(accountID: account.id)) }
        let changed = marked?.changed ?? 0
        var requests = server.requests.count
        let markPush = try secondsElapsed { _ = try engine.push() }
        let markRequests = server.requests.count - requests
        let unreadOnServer = feeds.items.filter { !$0.read }.count

        var outcome: UndoOutcome?
        let undoLocal = try secondsElapsed { outcome = try store.undoJournal.undo() }
        requests = server.requests.count
        let undoPush = try secondsElapsed { _ = try engine.push() }
        let undoRequests = server.requests.count - requests
        let back = feeds.items.filter { !$0.read }.count
        guard let outcome, outcome.reverted == changed, back == unread, unreadOnServer == 0 else {
            throw BenchError.check("undo did not put everything back: marked \(changed), put back \(outcome?.reverted ?? 0), unread on the server \(back) of \(unread) (after the mark: \(unreadOnServer))")
        }
        print(String(format: "mark-all-read: %.2f s here + %.2f s push, %d requests; undo: %.2f s here + %.2f s push, %d requests (%d articles back unread on the server)",
                     markLocal, markPush, markRequests, undoLocal, undoPush, undoRequests, back))
        // What the journal costs the mark, on the same articles (unread again after the undo),
        // rounds alternating, least time kept: the mark as the store runs it (undone again with
        // its step); the same UPDATE journaled as every mark-all-read was before, by a step opened
        // here and the per-row triggers; the same UPDATE with no journal (triggers dropped last).
        let scope = "SELECT id FROM articles WHERE account_id = ?1"
        let update = "UPDATE article_state SET read = 'read', changed_at = ?2 WHERE read IS NOT 'read' AND article_id IN (\(scope))"
        let dropIntents = "DELETE FROM pending_intents WHERE action = 'read' AND article_id IN (\(scope))"
        func unreadAgain() throws {
            try store.database.write {
                try store.database.execute("UPDATE article_state SET read = 'unread' WHERE article_id IN (\(scope))", account.id)
                try store.database.execute("DELETE FROM pending_intents WHERE article_id IN (\(scope))", account.id)
                try store.database.execute("DELETE FROM pending_scope_reads")
            }
        }
        func triggerRoute() throws {
            try store.database.write {
                try store.database.execute("INSERT INTO undo_steps (made_at, summary) VALUES (?, 'bench: the per-row route')", Date().timeIntervalSince1970)
                try store.database.execute("INSERT INTO undo_open (step_id) VALUES (?)", store.database.lastInsertedRowID)
                try store.database.execute(update, account.id, Date().timeIntervalSince1970)
                try store.database.execute(dropIntents, account.id)
                try store.database.execute("DELETE FROM undo_open")
            }
        }
        func bareRoute() throws {
            try store.database.write {
                try store.database.execute(update, account.id, Date().timeIntervalSince1970)
                try store.database.execute(dropIntents, account.id)
            }
        }
        var journaled: [Double] = [], perRow: [Double] = [], bare: [Double] = []
        for _ in 0..<rounds {
            try unreadAgain()
            journaled.append(try secondsElapsed { _ = try store.states.markAllRead(ArticleQuery(accountID: account.id)) })
            try unreadAgain()
            perRow.append(try secondsElapsed { try triggerRoute() })
        }
        for trigger in ["undo_journal_read", "undo_journal_starred", "undo_journal_label_on", "undo_journal_label_off"] {
            try store.database.execute("DROP TRIGGER \(trigger)")
        }
        for _ in 0..<rounds {
            try unreadAgain()
            bare.append(try secondsElapsed { try bareRoute() })
        }
        let journal = journaled.min()!, triggers = perRow.min()!, none = bare.min()!
        print(String(format: "the mark-all-read's journal (least of %d): %.2f s as the store runs it, %.2f s journaled by the per-row triggers, %.2f s with no journal (%.2f× and %.2f× of it)",
                     rounds, journal, triggers, none, journal / none, triggers / none))
        Summary.record("undo", "mark-all-read of \(changed) articles with its journal, \(service)", lector: String(format: "%.2f s", journal),
                       peer: String(format: "no journal %.2f s; per-row triggers %.2f s (%.2f×)", none, triggers, triggers / none),
                       ratio: String(format: "%.2f×", journal / none), goal: "—")
        let mark = markLocal + markPush, undo = undoLocal + undoPush
        Summary.record("undo", "undo of a mark-all-read of \(changed) articles, \(service) emulator",
                       lector: String(format: "%.2f s (%.2f s here), %d requests", undo, undoLocal, undoRequests),
                       peer: String(format: "the mark %.2f s (%.2f s here), %d requests", mark, markLocal, markRequests),
                       ratio: String(format: "%.2f×", undo / mark), goal: "—")
    }
}
