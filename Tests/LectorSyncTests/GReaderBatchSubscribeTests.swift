import Foundation
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport
import Testing

/// `feed apply` and `account copy` on FreshRSS subscribe several feeds per `subscription/edit`
/// (one folder per request), and fall back feed by feed where a batch did not take.
@Suite("GReader batch subscribe")
struct GReaderBatchSubscribeTests {
    /// A synced FreshRSS bench whose server can fetch `count` feeds `https://NAMEi.example/feed.xml`.
    private func synced(fetching count: Int, named name: String) throws -> (FreshRSSBench, AccountAdministrator) {
        let bench = try FreshRSSBench(.greader)
        for index in 0..<count {
            bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "https://\(name)\(index).example/feed.xml", title: "\(name.capitalized) \(index)"))
        }
        try bench.sync()
        return (bench, AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider))
    }

    @Test("30 feeds in 3 new folders: one subscribe per folder (FreshRSS files one feed of each in the new folder, freshrss-admin 51, 52), one read of the structure, one edit per folder filing the others (53, 54), one read again; titles and folders as asked, the store as the server")
    func batchesPerFolder() throws {
        let (bench, admin) = try synced(fetching: 30, named: "batch")
        let desired = (0..<30).map { DesiredFeed(url: URL(string: "https://batch\($0).example/feed.xml")!,
                                                 title: $0.isMultiple(of: 2) ? "Mine \($0)" : nil, folder: "Folder \($0 % 3)") }
        let plan = try SubscriptionPlanner(administrator: admin).plan(desired, prune: false)
        bench.server.clearLog()
        let outcomes = admin.apply(plan)
        #expect(outcomes.allSatisfy { $0 == .done }, "outcomes: \(outcomes)")
        let edits = bench.server.requests.filter { $0.path.hasSuffix("subscription/edit") }
        #expect(edits.count == 6 && bench.server.requests.count == 10,
                "\(bench.server.requests.count) requests, \(edits.count) edits: \(bench.server.requests.map(\.path))")
        let folders = Dictionary(uniqueKeysWithValues: bench.feeds.folders.map { ($0.id, $0.name) })
        let server = Set(bench.feeds.feeds.filter { $0.feedURL.contains("batch") }.map { "\($0.title) | \(folders[$0.folderID] ?? "?")" })
        let wanted = Set((0..<30).map { "\($0.isMultiple(of: 2) ? "Mine \($0)" : "Batch \($0)") | Folder \($0 % 3)" })
        #expect(server == wanted, "the server's titles and folders: \(server.subtracting(wanted).sorted())")
        let local = Set(try bench.store.feeds.list(accountID: bench.account.id).filter { $0.feed.url.contains("batch") }
            .map { "\($0.feed.title) | \($0.folderName ?? "-")" })
        #expect(local == wanted, "the store: \(local.subtracting(wanted).sorted())")
    }

    @Test("a batch with a feed the server cannot fetch: FreshRSS stops at it (last to first); the feeds it did not reach are subscribed one by one, the bad one fails alone with the server's reason")
    func failedBatchFallsBackFeedByFeed() throws {
        let (bench, admin) = try synced(fetching: 4, named: "good")
        let urls = ["https://good0.example/feed.xml", "https://good1.example/feed.xml", "https://missing.example/feed.xml",
                    "https://good2.example/feed.xml", "https://good3.example/feed.xml"]
        let plan = try SubscriptionPlanner(administrator: admin).plan(urls.map { DesiredFeed(url: URL(string: $0)!, folder: "Mixed") }, prune: false)
        bench.server.clearLog()
        let outcomes = admin.apply(plan).filter { $0 != .done }
        #expect(outcomes.count == 1, "only the missing feed fails: \(outcomes)")
        if case .failed(let error)? = outcomes.first { #expect(error.description.contains("404"), "the server's reason: \(error)") }
        let quickadds = bench.server.requests.filter { $0.path.hasSuffix("subscription/quickadd") }
        #expect(quickadds.count == 3, "good0, good1 and the missing one alone; good2 and good3 came with the batch: \(quickadds.count)")
        #expect(Set(bench.feeds.feeds.map(\.feedURL)).isSuperset(of: urls.filter { !$0.contains("missing") }), "a good feed is missing on the server")
        #expect(try bench.store.feeds.list(accountID: bench.account.id).filter { $0.feed.url.contains("good") }.count == 4, "the store lacks a good feed")
    }

    @Test("the edit that files a batch's strays refused: they fail saying where the server filed them, the one it filed is done, the store as the server; its answer lost after the server moved them: all done")
    func strayFilingRefusedOrLost() throws {
        for (lost, outcome) in [(false, RequestTamper.Outcome.status(400)), (true, .loseAnswer)] {
            let (bench, admin) = try synced(fetching: 4, named: lost ? "lost" : "kept")
            let plan = try SubscriptionPlanner(administrator: admin).plan(
                (0..<4).map { DesiredFeed(url: URL(string: "https://\(lost ? "lost" : "kept")\($0).example/feed.xml")!, folder: "Solo") }, prune: false)
            // The first edit subscribes (FreshRSS files one feed in the new folder), the second files the others.
            bench.tamper.on(skip: 1, outcome, where: { $0.path.hasSuffix("/subscription/edit") })
            let outcomes = admin.apply(plan).filter { $0 != .done }
            if lost {
                #expect(outcomes.isEmpty, "the server moved them; its answer was lost: \(outcomes)")
            } else {
                #expect(outcomes.count == 3, "three feeds stayed in Uncategorized: \(outcomes)")
                if case .failed(let error)? = outcomes.first {
                    #expect(error.description.contains("filed it in folder Uncategorized, not in folder Solo"), "\(error)")
                }
            }
            #expect(try AccountAdministratorTests.serverFeeds(bench.provider) == AccountAdministratorTests.localFeeds(bench.store, bench.account), "server and store differ")
        }
    }
}
