import Foundation
import LectorKeyring
import Testing
import LectorTestSupport
@testable import LectorAccounts
@testable import LectorStore

/// A Tiny Tiny RSS account end to end through the `lector` binary, against the emulator on a
/// loopback server: `account add ttrss` and its refusals, sync, marks, and the administration
/// verbs (API and web backend).
@Suite("TT-RSS accounts through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct TTRSSCommandTests {
    static let password = "tt-secret"
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Extra</title><link>http://extra.test/</link>
        <item><title>Extra one</title><link>http://extra.test/1</link><guid>x1</guid><description>one</description></item>
        </channel></rss>
        """

    final class World {
        let home = TestHome()
        let emulator: TTRSSEmulator
        let server: LoopbackServer

        init() throws {
            let store = FeedStore(defaultFolderName: "Uncategorized")
            let tech = store.addFeed(title: "Tech Blog", feedURL: "http://feeds.test/tech.xml", siteURL: "http://tech.test/", folder: "Tech")
            store.addFeed(title: "Daily News", feedURL: "http://feeds.test/news.xml", folder: "News")
            emulator = TTRSSEmulator(store: store, password: TTRSSCommandTests.password)
            emulator.addUser("noapi", password: "noapi-secret", apiEnabled: false)
            for id in 1...3 {
                emulator.addArticle(id: Int64(id), feed: tech, title: "Tech \(id)", url: "http://tech.test/\(id)", content: "<p>\(id)</p>",
                                    updated: Int64(Date().timeIntervalSince1970) - Int64(id) * 60)
            }
            let emulator = emulator
            // The feed Lector finds and checks itself before subscribing is served beside the API.
            server = try LoopbackServer { request in
                request.path == "/site/extra.xml" ? .text(TTRSSCommandTests.rss, contentType: "application/rss+xml") : emulator.respond(to: request)
            }
            store.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: server.url("/site/extra.xml").absoluteString, title: "Extra",
                                                            entries: [LectorTestSupport.RemoteEntry(title: "Extra one", url: "http://extra.test/1",
                                                                                                    published: Int64(Date().timeIntervalSince1970) - 30)]))
        }

        deinit { server.stop() }

        var apiURL: String { server.url("/api/").absoluteString }

        func lector(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
        }

        func add(user: String = "tester", password: String = TTRSSCommandTests.password) throws -> ProcessResult {
            try lector(["account", "add", "ttrss", "--name", "Tiny", "--url", apiURL, "--user", user, "--password-stdin"], stdin: password + "\n")
        }
    }

    @Test("account add ttrss with the /api/ address checks the login, keeps the secret in the keyring only, and syncs categories, feeds and articles")
    func addAndSync() throws {
        let world = try World()
        let added = try world.add()
        #expect(added.status == 0, "account add: \(added.stderr)")
        let account = try #require(try world.home.store().accounts.named("Tiny"))
        #expect(account.kind == .ttrss && account.url?.hasSuffix("/api/") == false, "the root is kept: \(account.url ?? "")")
        #expect(try LibsecretKeyring().secret(for: AccountSecret.item(for: account)) == Self.password)
        let database = try Data(contentsOf: URL(fileURLWithPath: world.home.path + "/data/lector.sqlite"))
        #expect(database.range(of: Data(Self.password.utf8)) == nil, "the secret never reaches the database")
        let synced = try world.lector(["sync"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let folders = try world.lector(["folder", "list"])
        #expect(folders.stdout.contains("Tech") && folders.stdout.contains("News"), "\(folders.stdout)")
        let articles = try world.lector(["article", "list"])
        #expect(articles.stdout.contains("Tech 1") && articles.stdout.contains("Tech 3"), "\(articles.stdout)")
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }

    @Test("a wrong password and API access switched off each exit 5 with one line (the second says where to turn it on); nothing is saved")
    func loginRefusals() throws {
        let world = try World()
        let wrong = try world.add(password: "not the password")
        #expect(wrong.status == 5, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("LOGIN_ERROR") && wrong.stderr.contains("5 s"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("not the password"))
        let disabled = try world.add(user: "noapi", password: "noapi-secret")
        #expect(disabled.status == 5 && disabled.stderr.contains("Enable API") && disabled.stderr.contains("Preferences"), "\(disabled.stderr)")
        #expect(try world.home.store().accounts.named("Tiny") == nil)
    }

    @Test("a read is sent at once, a star made while the server is down is queued and sent by the next sync")
    func marks() throws {
        let world = try World()
        #expect(try world.add().status == 0)
        #expect(try world.lector(["sync"]).status == 0)
        #expect(try world.lector(["article", "list"]).stdout.contains("Tech 1"))
        let read = try world.lector(["article", "mark", "read", "1"])
        #expect(read.status == 0 && read.stdout.contains("sent"), "\(read.stdout) \(read.stderr)")
        let first = try #require(world.emulator.store.items.first { $0.title == "Tech 1" })
        #expect(first.read, "the read reached the server at once")
        world.server.inject(.dropConnection)
        let starred = try world.lector(["article", "mark", "star", "2"])
        #expect(starred.status == 0 && starred.stdout.contains("sent at the next sync"), "a star made offline is kept: \(starred.stdout) \(starred.stderr)")
        #expect(world.emulator.store.items.first { $0.title == "Tech 2" }?.starred == false)
        world.server.clearFaults()
        #expect(try world.lector(["sync"]).status == 0)
        #expect(world.emulator.store.items.first { $0.title == "Tech 2" }?.starred == true, "the queued star was sent")
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }

    @Test("folder add/rename, feed add, move, rename, refresh and remove, and mark-all-read reach the server (web backend with CSRF where the API has no call)")
    func administration() throws {
        let world = try World()
        #expect(try world.add().status == 0)
        #expect(try world.lector(["sync"]).status == 0)
        let folder = try world.lector(["folder", "add", "Blogs"])
        #expect(folder.status == 0 && world.emulator.store.folders.contains { $0.name == "Blogs" }, "\(folder.stderr)")
        let feed = world.server.url("/site/extra.xml").absoluteString
        let added = try world.lector(["feed", "add", feed, "--folder", "Blogs"])
        #expect(added.status == 0, "feed add: \(added.stdout) \(added.stderr)")
        let extra = try #require(world.emulator.store.feeds.first { $0.feedURL == feed }, "subscribed on the server")
        #expect(world.emulator.store.folders.first { $0.id == extra.folderID }?.name == "Blogs")
        #expect(try world.lector(["feed", "rename", "Extra", "Extra Renamed"]).status == 0)
        #expect(world.emulator.store.feeds.first { $0.feedURL == feed }?.title == "Extra Renamed")
        #expect(try world.lector(["feed", "move", "Extra Renamed", "News"]).status == 0)
        #expect(world.emulator.store.feeds.first { $0.feedURL == feed }?.folderID == world.emulator.store.folders.first { $0.name == "News" }?.id)
        #expect(try world.lector(["folder", "rename", "Blogs", "Weblogs"]).status == 0)
        #expect(world.emulator.store.folders.contains { $0.name == "Weblogs" })
        let refreshed = try world.lector(["feed", "refresh", "Tech Blog"])
        #expect(refreshed.status == 0 && world.emulator.calls.contains("updatefeed"), "\(refreshed.stderr)")
        let marked = try world.lector(["article", "mark-all-read", "--folder", "Tech", "--yes"])
        #expect(marked.status == 0 && world.emulator.calls.contains("catchupfeed"), "\(marked.stderr)")
        let techRead = world.emulator.store.items.filter { $0.feedID == 1 }.allSatisfy { $0.read }
        #expect(techRead)
        #expect(try world.lector(["feed", "remove", "Extra Renamed", "--yes"]).status == 0)
        #expect(!world.emulator.store.feeds.contains { $0.feedURL == feed })
        #expect(world.emulator.calls.contains("web:Pref_Feeds.addCat") && world.emulator.calls.contains("web:Pref_Feeds.editSave"))
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }

    @Test("feed rename changes the title on the server and nothing else the user set in TT-RSS (purge interval, language, update interval, checkboxes, the feed's login, site, category)")
    func renameKeepsSettings() throws {
        let world = try World()
        world.emulator.setFeedSettings(1, ["update_interval": .int(60), "purge_interval": .int(30), "feed_language": .string("English"),
                                           "mark_unread_on_update": .bool(true), "include_in_digest": .bool(false), "cache_images": .bool(true),
                                           "auth_login": .string("reader"), "auth_pass": .string("feed-pass")])
        let before = try #require(world.emulator.feedSettings(1))
        let feedBefore = try #require(world.emulator.store.feeds.first { $0.id == 1 })
        #expect(try world.add().status == 0)
        #expect(try world.lector(["sync"]).status == 0)
        let renamed = try world.lector(["feed", "rename", "Tech Blog", "Tech Notes"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let feed = try #require(world.emulator.store.feeds.first { $0.id == 1 })
        #expect(feed.title == "Tech Notes")
        #expect(world.emulator.feedSettings(1) == before, "only the title changed")
        #expect(feed.siteURL == feedBefore.siteURL && feed.feedURL == feedBefore.feedURL && feed.folderID == feedBefore.folderID)
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }

    @Test("a sub-category's feeds are listed in their top-level category's folder; sync, feed list and a second sync move nothing on the server")
    func nestedCategories() throws {
        let world = try World()
        world.emulator.store.addFolder("Audio")
        world.emulator.nestFolder("Audio", under: "News")
        let podcast = world.emulator.store.addFeed(title: "Podcast", feedURL: "http://feeds.test/podcast.xml", folder: "Audio")
        world.emulator.addArticle(id: 9, feed: podcast, title: "Episode 9", url: "http://podcast.test/9", updated: Int64(Date().timeIntervalSince1970) - 30)
        let serverFolders = world.emulator.store.feeds.map(\.folderID)
        #expect(try world.add().status == 0)
        #expect(try world.lector(["sync"]).status == 0)
        let folders = try world.lector(["folder", "list"])
        #expect(!folders.stdout.contains("Audio") && folders.stdout.contains("News"), "\(folders.stdout)")
        let feeds = try world.lector(["feed", "list", "--folder", "News"])
        #expect(feeds.stdout.contains("Podcast") && feeds.stdout.contains("Daily News"), "\(feeds.stdout) \(feeds.stderr)")
        #expect(try world.lector(["sync"]).status == 0)
        #expect(world.emulator.store.feeds.map(\.folderID) == serverFolders, "no feed moved on the server")
        #expect(try world.lector(["article", "list"]).stdout.contains("Episode 9"))
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }

    @Test("feed add --on-server: TT-RSS finds the feed Lector does not fetch, and it is filed in the folder asked for and its articles listed")
    func addOnServer() throws {
        let world = try World()
        world.emulator.store.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "http://only-the-server.test/feed.xml", title: "Server Only",
                                                                        entries: [LectorTestSupport.RemoteEntry(title: "Inside one", url: "http://only-the-server.test/1",
                                                                                                                published: Int64(Date().timeIntervalSince1970) - 30)]))
        #expect(try world.add().status == 0)
        #expect(try world.lector(["sync"]).status == 0)
        let added = try world.lector(["feed", "add", "http://only-the-server.test/feed.xml", "--on-server", "--folder", "News"])
        #expect(added.status == 0, "\(added.stdout) \(added.stderr)")
        let feed = try #require(world.emulator.store.feeds.first { $0.feedURL == "http://only-the-server.test/feed.xml" })
        #expect(world.emulator.store.folders.first { $0.id == feed.folderID }?.name == "News")
        #expect(try world.lector(["article", "list"]).stdout.contains("Inside one"))
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }

    @Test("a server whose web backend refuses: folder add says which verb cannot be done in one line and keeps nothing locally")
    func backendRefused() throws {
        let world = try World()
        #expect(try world.add().status == 0)
        world.emulator.refuseWebBackend(true)
        let refused = try world.lector(["folder", "add", "Blogs"])
        #expect(refused.status != 0 && refused.stderr.contains("cannot create a category"), "\(refused.status) \(refused.stderr)")
        #expect(!(try world.lector(["folder", "list"]).stdout.contains("Blogs")), "nothing kept locally")
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }
}
