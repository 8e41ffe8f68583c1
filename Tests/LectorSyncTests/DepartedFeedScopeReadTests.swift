import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// A mark-all-read of a feed, queued when the feed leaves the server's list: the server has no
/// such feed to mark (Miniflux answers 404), so sending it would fail every later sync.
@Suite("A feed that leaves the server's list with a mark-all-read queued")
struct DepartedFeedScopeReadTests {
    @Test("the queued mark-all-read of a feed that left is dropped unsent, and the next syncs succeed", arguments: [FreshRSSBench.API.miniflux, .greader])
    func scopeReadOfDepartedFeed(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        try bench.star([FreshRSSBench.itemID(1)], true)
        try bench.sync()
        let localFeed = try #require(bench.store.feeds.list(accountID: bench.account.id).first { $0.feed.title == "Feed 1" }?.feed.id)
        let feed1 = try #require(bench.feeds.feeds.first { $0.title == "Feed 1" }?.id)
        bench.feeds.unsubscribeAsAnotherClient(feed: feed1)
        let store = bench.store
        var marked = false
        let report = try bench.sync { progress in
            guard progress == .structure, !marked else { return }
            marked = true
            // Why try?: a progress callback cannot throw; the expectations below say whether it worked.
            _ = try? store.states.markAllRead(ArticleQuery(feedID: localFeed))
        }
        #expect(marked && report.departed.first?.kept == 1, "\(api): \(report.departed)")
        #expect(try bench.store.scopeReads.all(accountID: bench.account.id).count == 1, "\(api): the mark-all-read was not queued")
        do {
            try bench.sync()
            try bench.sync()
        } catch {
            Issue.record("\(api): a sync after the feed left failed: \(error)")
        }
        #expect(try bench.store.scopeReads.all(accountID: bench.account.id).isEmpty, "\(api): the mark-all-read of a feed that left is still queued")
        #expect(try bench.local(FreshRSSBench.itemID(1))?.starred == true, "\(api): the kept article lost its star")
    }
}
