import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// Rules of the offline-first engine that a mutation pass found unguarded: each test fails
/// when its rule is broken on purpose.
@Suite("Sync rules")
struct SyncRuleTests {
    /// A JSON answer changed by `change`, for the tamper's `rewrite`.
    static func rewritingJSON(_ change: @escaping @Sendable (Any) -> Any) -> RequestTamper.Outcome {
        .rewrite { response in
            guard let json = try? JSONSerialization.jsonObject(with: response.body),
                  let body = try? JSONSerialization.data(withJSONObject: change(json)) else { return response }
            var changed = response
            changed.body = body
            return changed
        }
    }

    @Test("Miniflux listing fewer unread ids than its total: the missing article is not marked read")
    func minifluxShortIDList() throws {
        let bench = try FreshRSSBench(.miniflux)
        try bench.sync()
        let missing = FreshRSSBench.itemID(2)
        bench.tamper.onEvery(Self.rewritingJSON { json in
            guard var object = json as? [String: Any], let ids = object["entry_ids"] as? [Any] else { return json }
            object["entry_ids"] = ids.filter { ($0 as? NSNumber)?.int64Value != missing }
            return object
        }, where: { $0.path.hasSuffix("/v1/entries/ids") && ($0.query ?? "").contains("status=unread") })
        try bench.sync()
        #expect(bench.remote(missing)?.read == false, "the server still has it unread")
        #expect(try bench.local(missing)?.read != .read,
                "an unread list shorter than its total was taken as complete and marked an unread article read")
    }

    @Test("Feedbin's unread list of exactly 1,000 ids (its silent cap) marks nothing outside it read")
    func feedbinCappedIDList() throws {
        let bench = try FreshRSSBench(.feedbin, feedCount: 1, itemsPerFeed: 1_005)
        try bench.sync()
        bench.tamper.onEvery(Self.rewritingJSON { json in
            guard let ids = json as? [Any] else { return json }
            return Array(ids.prefix(1_000))
        }, where: { $0.path.hasSuffix("unread_entries.json") })
        try bench.sync()
        let local = try bench.localArticles()
        let markedRead = local.values.filter { $0.read == .read }.count
        #expect(local.count == 1_005 && markedRead == 0,
                "a capped list of 1,000 ids was taken as complete: \(markedRead) unread articles marked read")
    }

    @Test("Fever's unread list without a walk of the items in the same run is only partial")
    func feverWithoutWalk() throws {
        let bench = try FreshRSSBench(.fever)
        let set = try bench.provider.unreadIDs()
        guard case .partial(let ids) = set else {
            Issue.record("without an item walk Fever cannot prove its list complete, yet it returned \(set)")
            return
        }
        #expect(ids.count == 6)
    }

    @Test("a star queued before a sync against a stale snapshot survives that sync, locally and on the server",
          arguments: [FreshRSSBench.API.greader, .miniflux, .feedbin])
    func staleSnapshotKeepsStar(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        let item = FreshRSSBench.itemID(2)
        try bench.star([item], true)
        bench.freezeReads()
        try bench.sync()
        bench.thawReads()
        #expect(bench.remote(item)?.starred == true, "the queued star never reached the server")
        #expect(try bench.local(item)?.starred == true,
                "the stale starred list (without the star just sent) unstarred the article: starred protection is gone")
    }

    /// Fever confirms each star by reading the item back, so a replica stale for every read
    /// stops its run before the lists (the star stays queued): the protection is met when only
    /// the saved list lags, as behind a cache of the id lists.
    @Test("Fever: a star confirmed in a run whose saved list still lacks it survives that run, locally and on the server")
    func feverStaleSavedListKeepsStar() throws {
        let bench = try FreshRSSBench(.fever)
        try bench.sync()
        let item = FreshRSSBench.itemID(2)
        try bench.star([item], true)
        bench.tamper.onEvery(Self.rewritingJSON { json in
            guard var object = json as? [String: Any], let ids = object["saved_item_ids"] as? String else { return json }
            object["saved_item_ids"] = ids.split(separator: ",").filter { $0 != String(item) }.joined(separator: ",")
            return object
        }, where: { $0.bodyText.contains("saved_item_ids") || ($0.query ?? "").contains("saved_item_ids") })
        try bench.sync()
        bench.tamper.clear()
        #expect(bench.remote(item)?.starred == true, "the queued star never reached the server")
        #expect(try bench.local(item)?.starred == true,
                "the saved list without the star just confirmed unstarred the article: starred protection is gone")
    }

    @Test("after a failed push every unsent intent is back in the queue, none left in flight", arguments: [FreshRSSBench.API.greader, .miniflux])
    func failedPushReleasesIntents(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        try bench.markRead([FreshRSSBench.itemID(1), FreshRSSBench.itemID(2)], true)
        try bench.star([FreshRSSBench.itemID(3)], true)
        bench.tamper.onEvery(.status(503), where: { $0.method != "GET" })
        #expect(throws: SyncError.self) { try bench.push() }
        bench.tamper.clear()
        let queue = try bench.pendingIntents()
        #expect(queue.count == 3, "a failed push lost intents: \(queue)")
        #expect(queue.allSatisfy { !$0.inFlight }, "a failed push left intents marked in flight: \(queue.filter(\.inFlight))")
        try bench.sync()
        #expect(try bench.pendingIntents().isEmpty && bench.remote(FreshRSSBench.itemID(3))?.starred == true)
    }
}
