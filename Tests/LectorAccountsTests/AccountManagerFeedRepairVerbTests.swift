import Foundation
import LectorAccounts
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// `applyRepairs` of the account core: the repairs a feed check calls for, applied to a real
/// store, the feeds on a loopback site (one moved for good with a 301).
@Suite("AccountManager's feed repairs against a loopback site", .serialized)
struct AccountManagerFeedRepairVerbTests {
    static let rss = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>New</title><link>https://example.org/</link>"
        + "<item><title>Fresh</title><link>https://example.org/fresh</link><guid>fresh</guid></item></channel></rss>"

    final class World {
        let site = StaticSite()
        let server: LoopbackServer
        let home: AccountManagerTests.Home
        let manager: AccountManager
        let local: Account
        let away: Account

        init() throws {
            site.redirect("/old.xml", to: "/new.xml", status: 301)
            site.serve("/new.xml", text: AccountManagerFeedRepairVerbTests.rss, contentType: "application/rss+xml")
            server = try LoopbackServer(handler: site.handler)
            home = try AccountManagerTests.Home()
            manager = home.manager()
            local = try manager.addLocal(name: "Home")
            // A server account whose secret is not at hand: checked from here, never repaired.
            away = try home.store.accounts.insert(kind: .miniflux, name: "Away", url: "http://127.0.0.1:9/", username: nil)
            let old = server.url("/old.xml").absoluteString
            _ = try home.store.feeds.insert(accountID: local.id, folderID: nil, serverID: old, title: "Old", url: old, siteURL: nil)
            _ = try home.store.feeds.insert(accountID: away.id, folderID: nil, serverID: "7", title: "Old", url: old, siteURL: nil)
        }

        deinit { server.stop() }

        func urls(_ account: Account) throws -> [String] { try home.store.feeds.list(accountID: account.id).map(\.feed.url) }

        func check() throws -> FeedCheckRun {
            try manager.checkFeeds([local, away], staleAfterDays: 30, credentials: { _ in nil }, now: Date())
        }
    }

    @Test("the moved feed of the account with an administrator is moved to its new address; the account without one is left as it is")
    func movedFeed() throws {
        let world = try World()
        let run = try world.check()
        #expect(run.repairs.map(\.account.name).sorted() == ["Away", "Home"], "both accounts' moved feeds call for a repair")
        var asked: [String] = []
        let applied = world.manager.applyRepairs(run.repairs, of: run, loginMovesConsented: { account, plan in
            asked.append("\(account.name) \(plan.steps.count)")
            return []
        }, shouldStop: { false })
        #expect(applied.map(\.account.name) == ["Home"], "only an account with an administrator is repaired: \(applied.map(\.account.name))")
        #expect(applied.first?.outcomes == [.done], "\(String(describing: applied.first?.outcomes))")
        #expect(asked == ["Home 1"], "the consent is asked per account repaired, with its plan: \(asked)")
        #expect(try world.urls(world.local) == [world.server.url("/new.xml").absoluteString], "the store still has the old address")
        #expect(try world.urls(world.away) == [world.server.url("/old.xml").absoluteString], "the account without its server was changed")
        let again = try world.check()
        #expect(again.repairs.map(\.account.name) == ["Away"], "after the repair the local account is clean")
    }

    @Test("repairs asked to stop before they start change nothing")
    func stopped() throws {
        let world = try World()
        let run = try world.check()
        let applied = world.manager.applyRepairs(run.repairs, of: run, loginMovesConsented: { _, _ in [] }, shouldStop: { true })
        #expect(applied.flatMap(\.outcomes).allSatisfy { $0 != .done }, "a stopped run did a step: \(applied.map(\.outcomes))")
        #expect(try world.urls(world.local) == [world.server.url("/old.xml").absoluteString], "a stopped run moved the feed")
    }
}
