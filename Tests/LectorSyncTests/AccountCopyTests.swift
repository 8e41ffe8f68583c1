import Foundation
import LectorAccounts
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// Copying one account into another (`account copy`'s core): a FreshRSS account (GReader
/// emulator) into a Miniflux one (a second emulator) in the same store. Subscriptions and
/// folders go through the destination's API; starred articles are found there by canonical
/// address after a sync and starred on its server; what the destination's feeds do not carry
/// stays unmatched; a second copy changes nothing.
@Suite("Account copy")
struct AccountCopyTests {
    @Test("feeds and folders through the destination's API, starred articles matched by address and starred there, idempotent")
    func freshRSSIntoMiniflux() async throws {
        try await offPool {
            let source = try FreshRSSBench(.greader, feedCount: 2, itemsPerFeed: 3)
            try source.sync()
            let items = source.feeds.items
            // Starred in the source: one the destination's feed carries (under http, with a fragment), one it does not.
            try source.star([items[0].id, items[4].id], true)
            let destBench = try FreshRSSBench(.miniflux, feedCount: 0)
            destBench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(
                feedURL: "https://site1.example/feed.xml", title: "Feed 1",
                entries: [LectorTestSupport.RemoteEntry(title: "Item 1", url: "http://SITE1.example/1#top", published: 1_700_000_001)]))
            destBench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "https://site2.example/feed.xml", title: "Feed 2"))
            let destAccount = try source.store.accounts.insert(kind: .miniflux, name: "dest", url: destBench.server.baseURL.absoluteString + "/",
                                                               username: FreshRSSBench.user.username)
            let destProvider = try Providers.make(for: destAccount, secret: FreshRSSBench.user.password, http: source.http)
            let admin = AccountAdministrator(store: source.store, account: destAccount, provider: destProvider)

            let desired = try source.store.feeds.list(accountID: source.account.id).map {
                DesiredFeed(url: URL(string: $0.feed.url)!, title: $0.feed.title, folder: $0.folderName, siteURL: $0.feed.siteURL)
            }
            let plan = try SubscriptionPlanner(administrator: admin).plan(desired, prune: false)
            #expect(SubscriptionPlanTests.signs(plan) == ["+folder Tech", "+folder News", "+feed site1.example", "+feed site2.example"],
                    "the copy's plan: \(SubscriptionPlanTests.signs(plan))")
            #expect(admin.apply(plan).allSatisfy { $0 == .done }, "the copy's plan did not apply")
            #expect(try AccountAdministratorTests.serverFeeds(destProvider)
                    == ["Feed 1 | Tech | https://site1.example/feed.xml", "Feed 2 | News | https://site2.example/feed.xml"],
                    "the destination server's feeds after the copy")
            let copy = AccountCopy(from: source.account, into: admin)
            let sync = { () throws(SyncError) in _ = try SyncEngine(store: source.store, account: destAccount, provider: destProvider).run(since: nil) }
            let result = try copy.copyStarred(fetch: sync)
            #expect(result.wanted == 2 && result.matched == 1 && result.newlyStarred == 1, "the stars copied: \(result)")
            #expect(result.unmatched.map(\.url) == ["https://site2.example/5"], "unmatched: \(result.unmatched)")
            #expect(destBench.feeds.items.filter(\.starred).map(\.url) == ["http://SITE1.example/1#top"],
                    "the destination server's starred items: \(destBench.feeds.items.filter(\.starred).map(\.url))")

            try source.store.readingList.add(accountID: source.account.id, url: "https://later.example/a", title: "Later")
            #expect(try copy.copyReadingList() == 1, "the reading-list item was not copied")

            #expect(try SubscriptionPlanner(administrator: admin).plan(desired, prune: false).isEmpty, "a second copy plans changes")
            let again = try copy.copyStarred(fetch: sync)
            #expect(again.newlyStarred == 0 && again.matched == 1, "a second copy starred again: \(again)")
            #expect(try copy.copyReadingList() == 0, "a second copy added the reading-list item again")
        }
    }

    @Test("into a Fever account: the plan says Fever cannot add feeds; starring still works")
    func intoFever() async throws {
        try await offPool {
            let bench = try FreshRSSBench(.fever, feedCount: 1)
            try bench.sync()
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            let plan = try SubscriptionPlanner(administrator: admin).plan([DesiredFeed(url: URL(string: "https://elsewhere.example/feed")!)], prune: false)
            #expect(plan.refusals == ["a fever account cannot add, rename, move or remove feeds through its API: do it on the server's web page, then 'lector sync'"],
                    "the refusals: \(plan.refusals)")
            let article = try bench.store.articles.list(ArticleQuery(accountID: bench.account.id, limit: 1))
            #expect(try admin.star(article) == 1, "starring on Fever should work")
            #expect(bench.feeds.items.filter(\.starred).count == 1, "Fever's server did not get the star")
        }
    }
}
