import Foundation
import Testing
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

/// Tiny Tiny RSS through the real engine, store and loopback server, against the emulator.
@Suite("TT-RSS sync")
struct TTRSSSyncTests {
    static let password = "tt-secret"

    /// Tech (category 1) and News (2), three feeds (one uncategorized), six unread articles 1–6.
    static func emulator(articles: Int = 6) -> TTRSSEmulator {
        let store = FeedStore(defaultFolderName: "Uncategorized")
        let tech = store.addFeed(title: "Tech Blog", feedURL: "http://feeds.test/tech.xml", siteURL: "http://tech.test/", folder: "Tech")
        let news = store.addFeed(title: "Daily News", feedURL: "http://feeds.test/news.xml", folder: "News")
        let misc = store.addFeed(title: "Misc", feedURL: "http://feeds.test/misc.xml")
        let emulator = TTRSSEmulator(store: store, password: password)
        let feeds = [tech, tech, news, news, misc, misc]
        for index in 0..<articles {
            emulator.addArticle(id: Int64(index + 1), feed: feeds[index % feeds.count], title: "Entry \(index)", url: "http://site.test/\(index)",
                                content: "<p>Body \(index)</p>", updated: 1_700_000_000 + Int64(index))
        }
        return emulator
    }

    static func fixture(_ emulator: TTRSSEmulator) throws -> ServiceSyncFixture {
        try ServiceSyncFixture(kind: .ttrss, username: "tester", apiPath: "/tt-rss/", handler: emulator.handler) {
            TTRSSProvider(connection: $0, user: "tester", password: password)
        }
    }

    static func otherClient(_ fixture: ServiceSyncFixture) -> TTRSSProvider {
        TTRSSProvider(connection: ServiceConnection(base: fixture.server.url("/tt-rss/"), http: HTTPClient()), user: "tester", password: password)
    }

    static func bodies(_ fixture: ServiceSyncFixture, op: String) -> [[String: Any]] {
        fixture.requests("POST", "/api/").map(jsonBody).filter { ($0["op"] as? String)?.lowercased() == op.lowercased() }
    }

    @Test("an article read offline stays read, locally and on the server, through a sync against a stale snapshot")
    func readOnTheTrain() async throws {
        let emulator = Self.emulator()
        let fixture = try Self.fixture(emulator)
        try await checkReadOnTheTrain(fixture, server: emulator.store, serveStaleReads: emulator.serveStaleReads, read: 1, untouched: 2)
    }

    @Test("a star given in a tunnel reaches the server when the connection is back")
    func starInATunnel() async throws {
        let emulator = Self.emulator()
        try await checkStarInATunnel(try Self.fixture(emulator), server: emulator.store, entry: 3)
    }

    @Test("articles another client reads or stars on the server change here after the next sync (the id sets re-read)")
    func anotherClientChanges() async throws {
        let fixture = try Self.fixture(Self.emulator())
        try await checkAnotherClientChanges(fixture, other: Self.otherClient(fixture), read: [2, 4], starred: 5, untouched: 1)
    }

    @Test("a read queued here is pushed before the pull: the server's unread set of the same run no longer holds it")
    func pushBeforePull() async throws {
        let emulator = Self.emulator()
        let fixture = try Self.fixture(emulator)
        try await fixture.sync()
        try fixture.markRead([1])
        fixture.server.clearLog()
        try await fixture.sync()
        let ops = fixture.requests("POST", "/api/").map(jsonBody).compactMap { $0["op"] as? String }
        let update = try #require(ops.firstIndex(of: "updateArticle"), "the read was sent: \(ops)")
        let pull = try #require(ops.firstIndex(of: "getHeadlines"))
        #expect(update < pull, "push before pull: \(ops)")
        let local = try fixture.state(1)?.read
        #expect(emulator.store.item(1)?.read == true && local == .read)
    }

    @Test("categories become folders, feeds keep their category, an uncategorized feed sits at the root; a new empty category comes too")
    func structure() async throws {
        let emulator = Self.emulator()
        emulator.store.addFolder("Empty")
        let fixture = try Self.fixture(emulator)
        try await fixture.sync()
        #expect(try fixture.localFolderNames() == ["Empty", "News", "Tech"])
        #expect(try fixture.localFeeds() == serverFeeds(emulator.store, rootFolderID: 1))
    }

    @Test("a first sync walks every article in pages of 200; the next asks only past the newest id (since_id)")
    func pagingAndSinceID() async throws {
        let emulator = Self.emulator(articles: 450)
        let fixture = try Self.fixture(emulator)
        try await offPool { _ = try fixture.provider.sync(fixture.account, in: fixture.store, manual: true, since: nil) { _ in } }
        #expect(fixture.articleCount == 450)
        let walk = Self.bodies(fixture, op: "getHeadlines").filter { ($0["view_mode"] as? String) == "all_articles" }
        #expect(walk.map { ($0["skip"] as? NSNumber)?.intValue ?? -1 } == [0, 200, 400], "pages of 200")
        #expect(walk.allSatisfy { ($0["limit"] as? NSNumber)?.intValue == 200 && $0["since_id"] == nil })

        emulator.nextFetchMinute()
        for id in 451...453 { emulator.addArticle(id: Int64(id), feed: 1, title: "New \(id)", url: "http://site.test/new\(id)", updated: 1_800_000_000) }
        fixture.server.clearLog()
        try await offPool { _ = try fixture.provider.sync(fixture.account, in: fixture.store, manual: true, since: nil) { _ in } }
        let next = Self.bodies(fixture, op: "getHeadlines").filter { ($0["view_mode"] as? String) == "all_articles" }
        #expect(next.map { ($0["since_id"] as? NSNumber)?.intValue } == [450], "only what is newer: \(next)")
        #expect(fixture.articleCount == 453)
    }

    @Test("a feed subscribed later whose articles carry older ids (entries the server stored for another user) still arrives: the unread ids the store lacks are fetched")
    func olderIDsOfANewFeed() async throws {
        let emulator = Self.emulator(articles: 0)
        for id in [10, 11] { emulator.addArticle(id: Int64(id), feed: 1, title: "New \(id)", url: "http://site.test/\(id)", updated: 1_800_000_000) }
        let fixture = try Self.fixture(emulator)
        try await offPool { _ = try fixture.provider.sync(fixture.account, in: fixture.store, manual: true, since: nil) { _ in } }
        #expect(fixture.articleCount == 2)
        emulator.addArticle(id: 3, feed: 2, title: "Old id", url: "http://site.test/old", updated: 1_800_000_100)
        try await offPool { _ = try fixture.provider.sync(fixture.account, in: fixture.store, manual: true, since: nil) { _ in } }
        #expect(try fixture.state(3)?.read == .unread, "the article below since_id arrived")
    }

    @Test("an expired session is renewed with one new login and the sync goes on")
    func sessionRenewed() async throws {
        let emulator = Self.emulator()
        let fixture = try Self.fixture(emulator)
        try await fixture.sync()
        emulator.expireSessions()
        fixture.server.clearLog()
        try fixture.markRead([2])
        try await fixture.sync()
        #expect(Self.bodies(fixture, op: "login").count == 1, "one new login")
        #expect(emulator.store.item(2)?.read == true)
    }

    @Test("labels both ways: the server's labels arrive, a label put on here goes out with setArticleLabel, a new one is created through the web backend")
    func labelsBothWays() async throws {
        let emulator = Self.emulator()
        let important = emulator.addLabel("Important")
        let fixture = try Self.fixture(emulator)
        try await fixture.remote { provider in try provider.labelKeeping().setLabel("Important", on: true, ["1", "2"]) }
        #expect(important == -1026)
        try await fixture.sync()
        let one = try #require(try fixture.articleID(1))
        #expect(try fixture.store.labels.labels(ofArticle: one) == ["Important"], "the server's label arrived")

        fixture.server.clearLog()
        let three = try #require(try fixture.articleID(3))
        try fixture.store.labels.set("Later", on: true, articleIDs: [three])
        try await fixture.sync()
        #expect(emulator.labels.contains("Later"), "created on the server")
        #expect(emulator.calls.contains("web:Pref_Labels.add"))
        #expect(emulator.store.item(3)?.labels == ["Later"], "setArticleLabel put it on")
        #expect(fixture.requests("GET", "/index.php").count == 1, "the CSRF token is read from /index.php")
        #expect(try fixture.store.labels.labels(ofArticle: three) == ["Later"], "and the pull kept it")
    }

    @Test("a mark-all-read of a category is one catchupFeed with is_cat")
    func markAllReadCategory() async throws {
        let emulator = Self.emulator()
        let fixture = try Self.fixture(emulator)
        try await fixture.remote { provider in
            try provider.markAllRead(.folder(RemoteFolder(serverID: "1", name: "Tech"), feedServerIDs: ["1"]), before: Date()) { _ in ([], []) }
        }
        let catchup = try #require(Self.bodies(fixture, op: "catchupFeed").first)
        #expect((catchup["feed_id"] as? NSNumber)?.intValue == 1 && (catchup["is_cat"] as? Bool) == true)
        let techRead = emulator.store.items.filter { $0.feedID == 1 }.allSatisfy { $0.read }
        #expect(techRead)
        #expect(emulator.store.items.filter { $0.feedID == 2 }.allSatisfy { !$0.read })
    }

    @Test("folder add, rename and remove and feed move and rename go through the web backend with the CSRF token")
    func webBackendVerbs() async throws {
        let emulator = Self.emulator()
        let fixture = try Self.fixture(emulator)
        let folder = try await fixture.remote { try $0.createFolder(named: "Blogs") }
        #expect(emulator.store.folders.contains { $0.name == "Blogs" })
        let renamed = try await fixture.remote { try $0.renameFolder(folder, to: "Weblogs") }
        #expect(renamed.serverID == folder.serverID && emulator.store.folders.contains { $0.name == "Weblogs" })
        let feed = RemoteFeedReference(serverID: "3", url: "http://feeds.test/misc.xml", folder: nil)
        try await fixture.remote { try $0.moveFeed(feed, to: "Weblogs") }
        try await fixture.remote { try $0.renameFeed(feed, to: "Miscellany") }
        let moved = try #require(emulator.store.feeds.first { $0.id == 3 })
        #expect(moved.title == "Miscellany" && moved.feedURL == "http://feeds.test/misc.xml", "editSave kept the address")
        #expect(emulator.store.folders.first { $0.id == moved.folderID }?.name == "Weblogs")
        try await fixture.remote { try $0.deleteFolder(renamed) }
        #expect(!emulator.store.folders.contains { $0.name == "Weblogs" })
        #expect(emulator.store.feeds.first { $0.id == 3 }?.folderID == 1, "its feed is uncategorized, not deleted")
        let backend = fixture.requests("POST", "/backend.php")
        #expect(!backend.isEmpty && backend.allSatisfy { $0.formValue("csrf_token")?.count == 32 })
    }

    @Test("a feed rename changes only the title: the purge interval, language, update interval, checkboxes, login, site and category the user set in TT-RSS stay (editfeed read first, every field sent back)")
    func renameKeepsTheOtherFields() async throws {
        let emulator = Self.emulator()
        let settings: [String: JSONValue] = ["update_interval": .int(60), "purge_interval": .int(30), "feed_language": .string("English"),
                                             "mark_unread_on_update": .bool(true), "include_in_digest": .bool(false), "hide_images": .bool(true),
                                             "auth_login": .string("reader"), "auth_pass": .string("feed-pass")]
        emulator.setFeedSettings(1, settings)
        let before = try #require(emulator.feedSettings(1))
        let feedBefore = try #require(emulator.store.feeds.first { $0.id == 1 })
        let fixture = try Self.fixture(emulator)
        try await fixture.remote { try $0.renameFeed(RemoteFeedReference(serverID: "1", url: "http://feeds.test/tech.xml", folder: nil), to: "Tech Notes") }
        let feed = try #require(emulator.store.feeds.first { $0.id == 1 })
        #expect(feed.title == "Tech Notes")
        #expect(emulator.feedSettings(1) == before, "nothing but the title changed")
        #expect(feed.siteURL == feedBefore.siteURL && feed.feedURL == feedBefore.feedURL && feed.folderID == feedBefore.folderID)
        #expect(emulator.calls.filter { $0.hasPrefix("web:") } == ["web:Pref_Feeds.editfeed", "web:Pref_Feeds.editSave"])
    }

    @Test("nested categories: a sub-category's feeds are filed under its top-level folder, sub-categories are no folders, and syncing twice moves nothing on the server")
    func nestedCategories() async throws {
        let emulator = Self.emulator()
        emulator.store.addFolder("Audio")
        emulator.store.addFolder("Talk")
        emulator.nestFolder("Audio", under: "News")
        emulator.nestFolder("Talk", under: "Audio")
        let podcast = emulator.store.addFeed(title: "Podcast", feedURL: "http://feeds.test/podcast.xml", folder: "Audio")
        let talk = emulator.store.addFeed(title: "Talk Show", feedURL: "http://feeds.test/talk.xml", folder: "Talk")
        emulator.addArticle(id: 7, feed: podcast, title: "Episode", url: "http://site.test/episode", updated: 1_700_000_100)
        emulator.addArticle(id: 8, feed: talk, title: "Talk", url: "http://site.test/talk", updated: 1_700_000_200)
        let serverFolders = emulator.store.feeds.map { "\($0.id):\($0.folderID)" }
        let fixture = try Self.fixture(emulator)
        try await fixture.sync()
        try await fixture.sync()
        #expect(try fixture.localFolderNames() == ["News", "Tech"], "Audio and Talk are inside News")
        let local = try fixture.store.feeds.list(accountID: fixture.account.id)
        #expect(local.first { $0.feed.title == "Podcast" }?.folderName == "News")
        #expect(local.first { $0.feed.title == "Talk Show" }?.folderName == "News", "two levels down")
        #expect(emulator.store.feeds.map { "\($0.id):\($0.folderID)" } == serverFolders, "no feed moved on the server")
        #expect(!emulator.calls.contains { $0.hasPrefix("web:") }, "nothing edited")
        #expect(fixture.articleCount == 8)
    }

    @Test("a mark-all-read of a folder reaches the feeds of its sub-categories, by catchupFeed and by the unread list alike")
    func markAllReadNested() async throws {
        let emulator = Self.emulator()
        emulator.store.addFolder("Audio")
        emulator.nestFolder("Audio", under: "News")
        let podcast = emulator.store.addFeed(title: "Podcast", feedURL: "http://feeds.test/podcast.xml", folder: "Audio")
        emulator.addArticle(id: 7, feed: podcast, title: "Episode", url: "http://site.test/episode", updated: 1_700_000_100)
        let fixture = try Self.fixture(emulator)
        // Long after the user asked (kept while offline): the unread articles are listed and marked by id.
        try await fixture.remote { provider in
            try provider.markAllRead(.folder(RemoteFolder(serverID: "2", name: "News"), feedServerIDs: ["2"]), before: Date().addingTimeInterval(-3_600)) {
                ($0, [])
            }
        }
        #expect(emulator.store.item(7)?.read == true, "the sub-category's article")
        #expect(emulator.store.items.filter { $0.feedID == 1 }.allSatisfy { !$0.read })
    }

    @Test("a server whose web backend refuses: one line naming the verb, nothing changed")
    func webBackendRefused() async throws {
        let emulator = Self.emulator()
        emulator.refuseWebBackend(true)
        let fixture = try Self.fixture(emulator)
        await #expect(throws: SyncError.self) { try await fixture.remote { try $0.createFolder(named: "Blogs") } }
        do {
            _ = try await fixture.remote { try $0.createFolder(named: "Blogs") }
        } catch let error as SyncError {
            #expect(error.description.hasPrefix("this TT-RSS server cannot create a category"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(!emulator.store.folders.contains { $0.name == "Blogs" })
    }

    @Test("login refusals: a wrong password (or the throttle) and API access switched off each get one clear line and the authentication error")
    func loginRefusals() async throws {
        let emulator = Self.emulator()
        emulator.addUser("noapi", password: "x", apiEnabled: false)
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let connection = ServiceConnection(base: server.url("/"), http: HTTPClient())
        for (user, password, expected) in [("tester", "wrong", "LOGIN_ERROR"), ("tester", Self.password, "less than 5 s after a failed one"),
                                           ("noapi", "x", "Preferences → Preferences → General")] {
            do {
                _ = try await offPool { try TTRSSProvider(connection: connection, user: user, password: password).login() }
                Issue.record("\(user) logged in")
            } catch let error as SyncError {
                guard case .authentication(let message) = error else { Issue.record("not an authentication error: \(error)"); continue }
                #expect(message.contains(expected) && !message.contains("\n"), "\(message)")
            }
        }
        emulator.advanceClock(by: 6)
        let info = try await offPool { try TTRSSProvider(connection: connection, user: "tester", password: Self.password).login() }
        #expect(info.name.hasPrefix("Tiny Tiny RSS 26.08"))
    }

    @Test("subscribing: a feed is subscribed and fetched at once; a page with several feeds is refused listing them")
    func subscribe() async throws {
        let emulator = Self.emulator()
        emulator.store.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "http://feeds.test/extra.xml", title: "Extra",
                                                entries: [LectorTestSupport.RemoteEntry(title: "E1", url: "http://site.test/e1", published: 1_700_000_100)]))
        emulator.addPage("http://site.test/", feeds: [("http://feeds.test/a.xml", "A"), ("http://feeds.test/b.xml", "B")])
        let fixture = try Self.fixture(emulator)
        let feed = try await fixture.remote { try $0.subscribe(feedURL: "http://feeds.test/extra.xml", folder: "News", title: nil) }
        #expect(feed.title == "Extra" && feed.folderServerID == "2")
        #expect(emulator.store.items.contains { $0.url == "http://site.test/e1" }, "updateFeed fetched it")
        do {
            _ = try await fixture.remote { try $0.subscribe(feedURL: "http://site.test/", folder: nil, title: nil) }
            Issue.record("a page with two feeds was subscribed")
        } catch let error as SyncError {
            #expect(error.description.contains("http://feeds.test/a.xml, http://feeds.test/b.xml"), "\(error)")
        }
    }

    @Test("discovery on the server (feed add --on-server): a feed's address is found and the subscription that follows files it in its folder and fetches it; a page with several feeds lists them and subscribes nothing; a page with one link is refused in one line")
    func discoverOnServer() async throws {
        let emulator = Self.emulator()
        emulator.store.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "http://feeds.test/extra.xml", title: "Extra",
                                                entries: [LectorTestSupport.RemoteEntry(title: "E1", url: "http://site.test/e1", published: 1_700_000_100)]))
        emulator.addPage("http://site.test/", feeds: [("http://feeds.test/a.xml", "A"), ("http://feeds.test/b.xml", "B")])
        emulator.addPage("http://site.test/blog/", feeds: [("http://feeds.test/extra.xml", "Extra")])
        let fixture = try Self.fixture(emulator)
        let found = try await fixture.remote { try $0.roles.discovery?.discoverOnServer(URL(string: "http://feeds.test/extra.xml")!) }
        #expect(found?.map(\.url.absoluteString) == ["http://feeds.test/extra.xml"] && found?.first?.title == "Extra")
        let feed = try await fixture.remote { try $0.subscribe(feedURL: "http://feeds.test/extra.xml", folder: "News", title: nil) }
        #expect(feed.folderServerID == "2", "filed in the folder asked for")
        #expect(emulator.store.feeds.first { $0.feedURL == "http://feeds.test/extra.xml" }?.folderID == 3)
        #expect(emulator.store.items.contains { $0.url == "http://site.test/e1" }, "fetched")
        let feedCount = emulator.store.feeds.count
        let several = try await fixture.remote { try $0.roles.discovery?.discoverOnServer(URL(string: "http://site.test/")!) }
        #expect(several?.map(\.url.absoluteString) == ["http://feeds.test/a.xml", "http://feeds.test/b.xml"])
        #expect(emulator.store.feeds.count == feedCount, "a page's feeds are listed, not subscribed")
        do {
            _ = try await fixture.remote { try $0.roles.discovery?.discoverOnServer(URL(string: "http://site.test/blog/")!) }
            Issue.record("a page with one feed link was discovered")
        } catch let error as SyncError {
            #expect(error.description.contains("links to exactly one feed") && !error.description.contains("\n"), "\(error)")
        }
    }
}
