import Foundation
import LectorFeeds
import LectorStore
import LectorSync

// lector-bench sync-breakdown [--corpus DIR]
//
// Where a cold local sync spends its time, without the network: the 200 generated feeds go
// through the same steps as LocalFeedSync.run, in this process, each step timed on its own —
// FeedParser.parse, LocalFeedSync.article (item → article, plain text for search included),
// and SyncTable.applyEntries into a fresh store, one transaction per feed. No peer: it explains
// the `sync-local` cold figure.
enum SyncBreakdown {
    static func run(_ options: BenchOptions) throws {
        let corpus = try SharedCorpus.generated(options)
        let files = SharedCorpus.files(in: corpus + "/feeds", extensions: ["xml"])
        let documents = files.compactMap { path in FileManager.default.contents(atPath: path).map { (path, $0) } }
        let directory = try TemporaryDirectory.make("breakdown")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(path: directory + "/lector.sqlite")
        let account = try store.accounts.insert(kind: .local, name: "Bench")
        var parse = 0.0, convert = 0.0, apply = 0.0, stored = 0
        for (path, data) in documents {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: name, title: name,
                                              url: "http://127.0.0.1/feeds/" + name, siteURL: nil)
            var parsed: ParsedFeed?
            parse += secondsElapsed { parsed = try? FeedParser.parse(data, url: URL(string: feed.url), contentType: "application/xml") }
            guard let items = parsed?.items else { throw BenchError.check("\(name) did not parse") }
            var entries: [(feedID: Int64, article: IncomingArticle, read: Bool?, starred: Bool?)] = []
            convert += secondsElapsed { entries = items.map { (feed.id, LocalFeedSync.article($0), false, false) } }
            apply += try secondsElapsed {
                stored += try store.sync.applyEntries(accountID: account.id, entries, protected: [], stateUpdatesExisting: false)
            }
        }
        let total = parse + convert + apply
        print(String(format: "sync-breakdown: %d feeds, %d articles stored, no network, %.2f s in all", documents.count, stored, total))
        for (step, seconds) in [("FeedParser.parse", parse), ("LocalFeedSync.article (plain text for search)", convert),
                                ("SyncTable.applyEntries (SQLite + FTS5)", apply)] {
            print(String(format: "  %@ %6.2f s  %3.0f%%", step.padding(toLength: 48, withPad: " ", startingAt: 0), seconds, seconds / total * 100))
        }
    }
}
