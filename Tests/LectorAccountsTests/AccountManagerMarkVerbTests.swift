import Foundation
@testable import LectorAccounts
import LectorBasics
import LectorStore
import LectorTestSupport
import Testing

/// `AccountManager.mark` and `markAllRead`, the one door articles' state goes through (issue 40
/// item 4), against a real store, the test keyring and the Miniflux and FreshRSS emulators on
/// loopback; and a local account, which has no server to tell.
@Suite("AccountManager's mark verbs against the emulators", .serialized)
struct AccountManagerMarkVerbTests {
    typealias World = EmulatedServerHome

    private func id(_ world: World, _ title: String) throws -> Int64 {
        try #require(try world.articles()[title]?.id, "no stored article '\(title)'")
    }

    private func stored(_ world: World, _ title: String) throws -> (read: ReadState, starred: Bool)? {
        try world.home.store.articles.state(of: try id(world, title))
    }

    @Test("mark stars, unstars, reads and unreads here and on the server at once; a mark that changes nothing sends nothing",
          arguments: [AccountKind.miniflux, .freshrss])
    func marksReachTheServer(kind: AccountKind) throws {
        let world = try World(kind)
        let tide = try id(world, "Tide table")
        let star = try world.manager.mark([tide], as: .star)
        #expect(star == MarkOutcome(changed: 1, accountIDs: [world.account.id], sent: true), "\(star)")
        #expect(try stored(world, "Tide table")?.starred == true, "the store did not keep the star")
        #expect(world.remoteItem("Tide table")?.starred == true, "the server did not get the star")
        #expect(try world.home.store.intents.all(accountID: world.account.id).isEmpty, "a sent star stays queued")

        let again = try world.manager.mark([tide], as: .star)
        #expect(again == MarkOutcome(changed: 0, accountIDs: [world.account.id], sent: nil), "a star on a starred article: \(again)")

        #expect(try world.manager.mark([tide], as: .read).sent == true)
        #expect(world.remoteItem("Tide table")?.read == true, "read did not reach the server")
        #expect(try stored(world, "Tide table")?.read == .read, "read did not reach the store")
        #expect(try world.manager.mark([tide], as: .unread).sent == true)
        #expect(world.remoteItem("Tide table")?.read == false, "unread did not reach the server")
        #expect(try world.manager.mark([tide], as: .unstar).changed == 1)
        #expect(world.remoteItem("Tide table")?.starred == false, "unstar did not reach the server")
        #expect(try stored(world, "Tide table")?.starred == false, "unstar did not reach the store")
    }

    @Test("with the server gone the star is kept here and queued, the outcome says not sent, and the next sync sends it")
    func serverGone() throws {
        let world = try World(.miniflux)
        world.server.inject(.dropConnection)
        let outcome = try world.manager.mark([try id(world, "Harbour works")], as: .star)
        #expect(outcome.changed == 1 && outcome.sent == false, "\(outcome)")
        #expect(try stored(world, "Harbour works")?.starred == true, "the star was lost here")
        #expect(try world.home.store.intents.all(accountID: world.account.id).count == 1, "the star is not queued for the next sync")
        world.server.clearFaults()
        _ = try world.manager.sync(World.syncRequest())
        #expect(world.remoteItem("Harbour works")?.starred == true, "the next sync did not send the queued star")
    }

    @Test("push .later queues the intent and sends nothing until flushMarks")
    func later() throws {
        let world = try World(.freshrss)
        world.server.clearLog()
        let outcome = try world.manager.mark([try id(world, "Sponsored boats")], as: .star, push: .later)
        #expect(outcome == MarkOutcome(changed: 1, accountIDs: [world.account.id], sent: nil), "\(outcome)")
        #expect(world.calls.isEmpty, "a later mark reached the server: \(world.calls)")
        #expect(try world.home.store.intents.all(accountID: world.account.id).count == 1, "the intent is not queued")
        #expect(try world.manager.flushMarks(accountIDs: outcome.accountIDs) == true)
        #expect(world.remoteItem("Sponsored boats")?.starred == true, "the flush did not send the star")
    }

    @Test("the administrator the core makes stars through mark (its door set) and pushes the stars to the server")
    func administratorStarsThroughMark() throws {
        let world = try World(.freshrss)
        let administrator = try world.manager.administrator(for: world.account)
        #expect(administrator.marks != nil, "the core's administrator has no door for its stars")
        let boats = try #require(try world.articles()["Sponsored boats"])
        #expect(try administrator.star([boats]) == 1)
        #expect(world.remoteItem("Sponsored boats")?.starred == true, "the star did not reach the server")
        #expect(try stored(world, "Sponsored boats")?.starred == true)
        #expect(try administrator.star([try #require(try world.articles()["Sponsored boats"])]) == 0, "a starred article was starred again")
    }

    @Test("an id that names no article is refused before anything changes")
    func unknownArticle() throws {
        let world = try World(.miniflux)
        let tide = try id(world, "Tide table")
        #expect(throws: AccountsError.unknownArticle(999_999)) { try world.manager.mark([tide, 999_999], as: .star) }
        #expect(try stored(world, "Tide table")?.starred == false, "the known article was starred before the refusal")
        #expect(try world.home.store.intents.all(accountID: world.account.id).isEmpty)
    }

    @Test("markAllRead reads the feed's articles here and sends one scope read the server applies; nothing left unread there")
    func markAllRead() throws {
        let world = try World(.freshrss)
        let feed = try world.feed("Harbour News")
        let outcome = try world.manager.markAllRead(ArticleQuery(accountID: world.account.id, feedID: feed.id))
        #expect(outcome == MarkOutcome(changed: 3, accountIDs: [world.account.id], sent: true), "\(outcome)")
        #expect(try world.articles().values.allSatisfy { $0.read == .read }, "the store kept an unread article")
        let unreadThere = world.feeds.items.filter { $0.feedID == world.harbourID && !$0.read }.map(\.title)
        #expect(unreadThere.isEmpty, "the server kept unread items: \(unreadThere)")
    }

    @Test("a local account: the mark is made, nothing is queued, nothing is sent")
    func local() throws {
        let library = try ArticleBrowserTests.Library(unread: ["Alpha 1"])
        let manager = library.home.manager()
        let outcome = try manager.mark([library.ids["Alpha 1"]!], as: .read)
        #expect(outcome == MarkOutcome(changed: 1, accountIDs: [library.account.id], sent: nil), "\(outcome)")
        #expect(try library.read("Alpha 1") == .read)
        #expect(try library.store.intents.all(accountID: library.account.id).isEmpty, "a local account queued an intent")
        let all = try manager.markAllRead(ArticleQuery(accountID: library.account.id))
        #expect(all.changed == 0 && all.accountIDs.isEmpty && all.sent == nil, "\(all)")
    }
}
