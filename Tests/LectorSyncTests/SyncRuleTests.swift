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
        let set = try bench.provider.serverPull().unreadIDs()
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

    /// Requests that send a read or a star.
    static func isStateWrite(_ api: FreshRSSBench.API, _ request: ServerRequest) -> Bool {
        switch api {
        case .miniflux: request.method == "PUT" && request.path.hasPrefix("/v1/entries")
        default: request.path.hasSuffix("/edit-tag")
        }
    }

    /// Requests of the pull: the structure, the entries and the id lists.
    static func isPullRead(_ api: FreshRSSBench.API, _ request: ServerRequest) -> Bool {
        switch api {
        case .miniflux: request.method == "GET" && ["/v1/entries", "/v1/entries/ids", "/v1/feeds", "/v1/categories"].contains(request.path)
        default: request.path.contains("/stream/") || request.path.hasSuffix("/subscription/list") || request.path.hasSuffix("/tag/list")
        }
    }

    @Test("a sync sends every queued read and star before it asks for an id list or an item", arguments: [FreshRSSBench.API.greader, .miniflux])
    func pushBeforePull(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        try bench.markRead([FreshRSSBench.itemID(1), FreshRSSBench.itemID(2)], true)
        try bench.star([FreshRSSBench.itemID(3)], true)
        bench.server.clearLog()
        try bench.sync()
        let requests = bench.server.requests
        let writes = requests.indices.filter { Self.isStateWrite(api, requests[$0]) }
        let firstRead = requests.firstIndex { Self.isPullRead(api, $0) }
        #expect(!writes.isEmpty && firstRead != nil, "the sync should both push and pull: \(requests.map(\.path))")
        #expect(writes.allSatisfy { $0 < firstRead ?? 0 },
                "a read of the server came before a queued change was sent (the pull ran before the push): \(requests.map { "\($0.method) \($0.path)" })")
    }

    @Test("a sync whose push fails pulls nothing and stores no new article", arguments: [FreshRSSBench.API.greader, .miniflux])
    func failedPushPullsNothing(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        try bench.markRead([FreshRSSBench.itemID(1)], true)
        let fresh = bench.feeds.addItem(id: FreshRSSBench.itemID(99), feed: bench.feeds.feeds[0].id, title: "New on the server",
                                        url: "https://site1.example/99")
        bench.server.clearLog()
        bench.tamper.onEvery(.status(503), where: { Self.isStateWrite(api, $0) })
        #expect(throws: SyncError.self, "a failed push must fail the sync") { try bench.sync() }
        bench.tamper.clear()
        let reads = bench.server.requests.filter { Self.isPullRead(api, $0) }
        #expect(reads.isEmpty, "after a failed push the sync still pulled: \(reads.map { "\($0.method) \($0.path)" })")
        #expect(try bench.localArticles()[String(fresh)] == nil, "a sync whose push failed stored a new article")
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
