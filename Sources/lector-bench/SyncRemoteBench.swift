import Foundation
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

/// `lector-bench sync-remote [--items 100000] [--folders 20]`: a first sync of a large account
/// from the GReader emulator over loopback, through the real provider and engine, beside the
/// SQLite floor (the same rows through plain prepared INSERTs, FTS5 fed row by row) and a
/// bulk-indexed floor (the index fed in one statement, as Lector feeds it); then an
/// incremental sync after 100 changes on each side, counting requests.
enum SyncRemoteBench {
    static let user = EmulatedAccount(username: "bench", password: "bench-password")

    static func run(_ options: BenchOptions) throws {
        let items = try options.int("items", default: 100_000)
        let folders = try options.int("folders", default: 20)
        let feeds = FeedStore()
        var ids: [Int64] = []
        for folder in 0..<folders {
            for feedIndex in 0..<5 {
                let feed = feeds.addFeed(title: "Feed \(folder)-\(feedIndex)", feedURL: "https://bench\(folder)-\(feedIndex).example/feed.xml",
                                         siteURL: "https://bench\(folder)-\(feedIndex).example/", folder: "Folder \(folder)")
                let perFeed = items / (folders * 5)
                for n in 0..<perFeed {
                    ids.append(feeds.addItem(feed: feed, title: "Article \(folder)-\(feedIndex)-\(n) about sync and storage",
                                             url: "https://bench\(folder)-\(feedIndex).example/\(n)",
                                             content: "<p>" + String(repeating: "Body text for benchmarking the sync engine. ", count: 20) + "</p>",
                                             published: 1_700_000_000 + Int64(n), read: n % 3 == 0, starred: n % 50 == 0))
                }
            }
        }
        let emulator = GReaderEmulator(store: feeds, accounts: [user])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let baseline = PeakMemory.kibibytes()
        let directory = try TemporaryDirectory.make("sync-remote")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(path: directory + "/lector.sqlite")
        let account = try store.accounts.insert(kind: .freshrss, name: "Bench", url: server.baseURL.absoluteString + GReaderEmulator.basePath + "/",
                                                username: user.username)
        let provider = try Providers.make(for: account, secret: user.password, http: HTTPClient())
        print("sync-remote: \(ids.count) articles in \(folders * 5) feeds and \(folders) folders on the GReader emulator (127.0.0.1); emulator + data resident: \(baseline / 1024) MiB")
        var report = SyncReport()
        let first = try secondsElapsed { report = try SyncEngine(store: store, account: account, provider: provider).run(since: nil) }
        let peak = PeakMemory.kibibytes()
        let rate = Double(report.newArticles) / first
        print(String(format: "first sync: %.1f s, %d new articles, %.0f articles/s, %d requests; peak RSS %d MiB (%d MiB above the emulator's)",
                     first, report.newArticles, rate, server.requests.count, peak / 1024, (peak - baseline) / 1024))

        // The floor inserts the very rows the sync stored, all of them, into an empty store.
        let rows = RemoteSyncSteps.floorRows(feeds.items)
        let floorSeconds = try StoreBench.insertSeconds(rows, .plainRowByRow)
        let floorRate = Double(rows.count) / floorSeconds
        print(String(format: "SQLite floor: %d rows through plain prepared INSERTs, FTS5 fed row by row, in %.1f s = %.0f rows/s (Lector %.2f×)",
                     rows.count, floorSeconds, floorRate, rate / floorRate))
        // The same rows with the index fed in one statement: what SQLite itself can reach.
        let bulkSeconds = try StoreBench.insertSeconds(rows, .plainThenBulkIndex)
        let bulkRate = Double(rows.count) / bulkSeconds
        print(String(format: "bulk-indexed floor: the same INSERTs, FTS5 fed in one statement, in %.1f s = %.0f rows/s (Lector %.2f×)",
                     bulkSeconds, bulkRate, rate / bulkRate))

        // 100 changes on each side, then an incremental sync.
        let round = try RemoteSyncSteps.incremental(store: store, account: account, provider: provider, feeds: feeds, server: server)
        let incremental = round.seconds
        print(String(format: "incremental sync after 100 local and 100 server changes: %.2f s, %d requests, %d pushed, %d state changes (starred %d → %d)",
                     incremental, round.requests, round.report.pushed, round.report.stateChanges, round.starredBefore, round.starredAfter))

        Summary.record("sync-remote", "first sync, \(ids.count) articles, GReader emulator", lector: String(format: "%.0f articles/s", rate),
                       peer: String(format: "SQLite floor %.0f rows/s", floorRate), ratio: String(format: "%.2f×", rate / floorRate),
                       goal: "≥ 0.50×: " + Summary.verdict(rate / floorRate >= 0.5))
        Summary.record("sync-remote", "first sync beside the bulk-indexed floor", lector: String(format: "%.0f articles/s", rate),
                       peer: String(format: "bulk-indexed floor %.0f rows/s", bulkRate), ratio: String(format: "%.2f×", rate / bulkRate),
                       goal: "—")
        Summary.record("sync-remote", "peak RSS of the first sync (above the emulator)", lector: "\((peak - baseline) / 1024) MiB",
                       peer: "—", ratio: "—", goal: "< 150 MB: " + Summary.verdict((peak - baseline) / 1024 < 143))
        Summary.record("sync-remote", "incremental sync, 100 changes each side", lector: String(format: "%.2f s, %d requests", incremental, round.requests),
                       peer: "—", ratio: "—", goal: "—")
    }
}
