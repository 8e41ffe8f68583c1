import Foundation
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

/// `lector-bench undo [--items 100000] [--services freshrss,miniflux]`: a mark-all-read of an
/// account of `items` unread articles synced from the GReader (FreshRSS) or Miniflux emulator on
/// loopback, then its undo, each through the store operation the commands use and the push
/// that follows a mark (`SyncEngine.push`, as `AccountManager.flushMarks` runs it): wall time
/// of the local change, of the push, and the requests each sent. Peer: the original mark.
enum UndoBench {
    static let user = EmulatedAccount(username: "bench", password: "bench-password")
    static let apiKey = "bench-token"

    static func run(_ options: BenchOptions) throws {
        let items = try options.int("items", default: 100_000)
        for service in options.string("services", default: "freshrss,miniflux").split(separator: ",") {
            try measure(String(service), items: items)
        }
    }

    private static func measure(_ service: String, items: Int) throws {
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
        let account = service == "miniflux"
            ? try store.accounts.insert(kind: .miniflux, name: "Bench", url: server.baseURL.absoluteString + "/", username: nil)
            : try store.accounts.insert(kind: .freshrss, name: "Bench", url: server.baseURL.absoluteString + GReaderEmulator.basePath + "/",
                                        username: user.username)
        let provider = try Providers.make(for: account, secret: service == "miniflux" ? apiKey : user.password, http: HTTPClient())
        let engine = SyncEngine(store: store, account: account, provider: provider)
        _ = try engine.run(since: nil)
        let stored = try store.database.scalarInt("SELECT count(*) FROM article_state WHERE read = 'unread'")
        print("undo (\(service)): \(stored) unread articles synced from the \(service) emulator (127.0.0.1)")

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
        guard let outcome, outcome.reverted == changed, back == stored, unreadOnServer == 0 else {
            throw BenchError.check("undo did not put everything back: marked \(changed), put back \(outcome?.reverted ?? 0), unread on the server \(back) of \(stored) (after the mark: \(unreadOnServer))")
        }
        print(String(format: "mark-all-read: %.2f s here + %.2f s push, %d requests; undo: %.2f s here + %.2f s push, %d requests (%d articles back unread on the server)",
                     markLocal, markPush, markRequests, undoLocal, undoPush, undoRequests, back))
        // What the journal costs the mark: the same mark-all-read (everything is unread again)
        // with the journal's triggers dropped from this throwaway store.
        for trigger in ["undo_journal_read", "undo_journal_starred", "undo_journal_label_on", "undo_journal_label_off"] {
            try store.database.execute("DROP TRIGGER \(trigger)")
        }
        let bare = try secondsElapsed { _ = try store.states.markAllRead(ArticleQuery(accountID: account.id)) }
        print(String(format: "the same mark-all-read without the journal: %.2f s here (the journal adds %.0f %%)", bare, (markLocal / bare - 1) * 100))
        Summary.record("undo", "mark-all-read of \(changed) articles with its journal, \(service)", lector: String(format: "%.2f s", markLocal),
                       peer: String(format: "without the journal %.2f s", bare), ratio: String(format: "%.2f×", markLocal / bare), goal: "—")
        let mark = markLocal + markPush, undo = undoLocal + undoPush
        Summary.record("undo", "undo of a mark-all-read of \(changed) articles, \(service) emulator",
                       lector: String(format: "%.2f s (%.2f s here), %d requests", undo, undoLocal, undoRequests),
                       peer: String(format: "the mark %.2f s (%.2f s here), %d requests", mark, markLocal, markRequests),
                       ratio: String(format: "%.2f×", undo / mark), goal: "—")
    }
}
