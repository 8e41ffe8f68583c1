import Foundation
import LectorAccounts
import LectorBasics
import LectorStore
import LectorTestSupport
import Testing

/// `AccountManager.duplicates` (`article duplicates`) and `pullSubscribedFeed` (what `feed add`
/// fetches on a server account) against a real store and the Miniflux and FreshRSS emulators.
@Suite("AccountManager's duplicates and feed-pull verbs against the emulators", .serialized)
struct AccountManagerCopyAndPullVerbTests {
    typealias World = EmulatedServerHome

    @Test("duplicates finds a later copy of a story in another feed by its address; with sync.duplicates mark-read it reads the copy here and on the server, and leaves a starred copy alone",
          arguments: [AccountKind.miniflux, .freshrss])
    func duplicatesReadsLaterCopies(kind: AccountKind) throws {
        let world = try World(kind)
        let now = Int64(Date().timeIntervalSince1970)
        // The same story as "Tide table" (https://harbour.example/0), with a tracking parameter.
        world.feeds.addItem(feed: world.otherID, title: "Tide table again", url: "https://HARBOUR.example/0?utm_source=feed",
                            published: now - 30)
        world.feeds.addItem(feed: world.otherID, title: "Harbour works again", url: "https://harbour.example/2/", published: now - 20)
        _ = try world.manager.sync(World.syncRequest())
        let articles = try world.articles()
        let first = try #require(articles["Tide table"]?.id), copy = try #require(articles["Tide table again"]?.id)
        let starredCopy = try #require(articles["Harbour works again"]?.id)
        _ = try world.manager.mark([starredCopy], as: .star)

        _ = try world.manager.settings.set("sync.duplicates", to: "mark-read")
        let dry = try world.manager.duplicates(accountName: nil, since: nil, dryRun: true)
        let pairs = dry.groups.flatMap { group in group.later.map { (group.first, $0.id) } }
        #expect(pairs.contains { $0 == (first, copy) }, "\(kind): the copy is not grouped with its first: \(dry.groups)")
        #expect(dry.handled == nil, "\(kind): a dry run handled copies (sync.duplicates is mark-read)")
        #expect(try world.home.store.articles.state(of: copy)?.read == .unread, "\(kind): a dry run read the copy")

        let run = try world.manager.duplicates(accountName: nil, since: nil, dryRun: false)
        #expect(run.handled?.acted.contains(copy) == true, "\(kind): the later copy was not handled: \(String(describing: run.handled))")
        #expect(run.handled?.acted.contains(starredCopy) == false, "\(kind): a starred copy was handled")
        #expect(run.sent == true, "\(kind): the reads did not reach the server")
        #expect(try world.home.store.articles.state(of: copy)?.read == .read, "\(kind): the copy is unread here")
        #expect(world.remoteItem("Tide table again")?.read == true, "\(kind): the copy is unread on the server")
        #expect(world.remoteItem("Tide table")?.read == false, "\(kind): the first copy was read")
        #expect(world.remoteItem("Harbour works again")?.read == false, "\(kind): the starred copy was read")
    }

    @Test("pullSubscribedFeed stores the feed's new entries alone and counts them: another feed's new entry waits for the next sync",
          arguments: [AccountKind.miniflux, .freshrss])
    func pullsTheFeedAlone(kind: AccountKind) throws {
        let world = try World(kind)
        let now = Int64(Date().timeIntervalSince1970)
        world.feeds.addItem(feed: world.harbourID, title: "Pilot boat", url: "https://harbour.example/9", published: now - 10)
        world.feeds.addItem(feed: world.otherID, title: "Elsewhere", url: "https://other.example/9", published: now - 10)
        let harbour = try world.feed("Harbour News")
        let stored = try world.manager.pullSubscribedFeed(harbour, of: world.account)
        #expect(stored == 1, "\(kind): not just the one new entry was counted: \(String(describing: stored))")
        let titles = Set(try world.articles().keys)
        #expect(titles.contains("Pilot boat"), "\(kind): the feed's new entry is not stored")
        #expect(!titles.contains("Elsewhere"), "\(kind): another feed's entry came in with it")
        _ = try world.manager.sync(World.syncRequest())
        #expect(try world.articles().keys.contains("Elsewhere"), "\(kind): the next sync did not bring the other feed's entry")
    }
}
