import Foundation
import Testing
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

/// Miniflux (REST v1) through the real engine, store and loopback server.
@Suite("Miniflux sync")
struct MinifluxSyncTests {
    static let user = EmulatedAccount(username: "alice", password: "secret")
    static let token = "token-1"

    /// Two categories besides "All", three feeds, six unread entries.
    static func seededStore() -> (FeedStore, [Int64]) {
        let store = FeedStore(defaultFolderName: "All")
        let tech = store.addFeed(title: "Tech Blog", feedURL: "http://feeds.test/tech.xml", siteURL: "http://tech.test/", folder: "Tech")
        let news = store.addFeed(title: "Daily News", feedURL: "http://feeds.test/news.xml", folder: "News")
        let misc = store.addFeed(title: "Misc", feedURL: "http://feeds.test/misc.xml")
        var ids: [Int64] = []
        for (index, feed) in [tech, tech, news, news, misc, misc].enumerated() {
            ids.append(store.addItem(feed: feed, title: "Entry \(index)", url: "http://site.test/\(index)",
                                     content: "<p>Body \(index)</p>", published: 1_700_000_000 + Int64(index)))
        }
        return (store, ids)
    }

    static func fixture(version: String = "2.3.3", deadline: Duration = .seconds(3)) throws -> (ServiceSyncFixture, MinifluxEmulator, [Int64]) {
        let (feedStore, ids) = seededStore()
        let emulator = MinifluxEmulator(store: feedStore, account: user, apiKey: token, version: version)
        let fixture = try ServiceSyncFixture(kind: .miniflux, username: nil, apiPath: "/", handler: emulator.handler, deadline: deadline) {
            MinifluxProvider(connection: $0, user: nil, secret: token)
        }
        return (fixture, emulator, ids)
    }

    /// Another client of the same server (user and password instead of the token).
    static func otherClient(_ fixture: ServiceSyncFixture) -> MinifluxProvider {
        MinifluxProvider(connection: ServiceConnection(base: fixture.server.url("/"), http: HTTPClient()), user: user.username,
                         secret: user.password)
    }

    // MARK: Scenarios

    @Test("an article read offline stays read, locally and on the server, after a sync against a stale snapshot")
    func readOnTheTrain() async throws {
        let (fixture, emulator, ids) = try Self.fixture()
        try await checkReadOnTheTrain(fixture, server: emulator.store, serveStaleReads: emulator.serveStaleReads,
                                      read: ids[0], untouched: ids[1])
    }

    @Test("a star given in a tunnel reaches the server when the connection is back")
    func starInATunnel() async throws {
        let (fixture, emulator, ids) = try Self.fixture()
        try await checkStarInATunnel(fixture, server: emulator.store, entry: ids[2])
    }

    @Test("entries another client marks read or stars on the server change locally after the next sync")
    func anotherClientMarksRead() async throws {
        let (fixture, _, ids) = try Self.fixture()
        try await checkAnotherClientChanges(fixture, other: Self.otherClient(fixture), read: [ids[1], ids[3]], starred: ids[4],
                                            untouched: ids[0])
    }

    @Test("a push that fails half-way sends only the unacknowledged batch next time")
    func pushFailsHalfWay() async throws {
        let (fixture, emulator, ids) = try Self.fixture()
        try await fixture.sync()
        try fixture.markRead([ids[0], ids[1]])
        try fixture.star([ids[5]])
        // Reads go first, then stars: the second PUT /v1/entries is the star batch.
        fixture.faults.add("PUT", "/v1/entries", .status(500), skip: 1)
        await #expect(throws: SyncError.self, "the star batch fails") { try await fixture.sync() }
        #expect(emulator.store.item(ids[0])?.read == true && emulator.store.item(ids[1])?.read == true,
                "the first batch was applied")
        #expect(emulator.store.item(ids[5])?.starred == false, "the failed batch was not")
        #expect(fixture.pendingIntents.map(\.action) == [.starred], "only the unacknowledged star is still queued")

        fixture.server.clearLog()
        try await fixture.sync()
        let puts = fixture.requests("PUT", "/v1/entries")
        #expect(puts.count == 1, "one batch left to send, got \(puts.count) PUTs")
        #expect(puts.first.map { entryIDs(in: $0, key: "entry_ids") } == [ids[5]], "the acknowledged reads are not sent again")
        #expect(emulator.store.item(ids[5])?.starred == true, "the star arrived")
        #expect(try fixture.state(ids[0])?.read == .read && fixture.state(ids[1])?.read == .read, "nothing lost locally")
        #expect(fixture.pendingIntents.isEmpty, "the queue is empty")
    }

    @Test("a bookmark toggle whose answer was lost is not toggled again: the entry ends starred")
    func toggleRetriedAfterLostAnswer() async throws {
        // 2.3.1 has no `starred` in PUT /v1/entries: only the toggle.
        let (fixture, emulator, ids) = try Self.fixture(version: "2.3.1", deadline: .seconds(1))
        try await fixture.sync()
        try fixture.star([ids[1]])
        fixture.faults.add("PUT", "/bookmark", .applyThenStall(2.5))
        await #expect(throws: SyncError.self, "the answer never arrives") { try await fixture.sync() }
        #expect(emulator.store.item(ids[1])?.starred == true, "the server toggled anyway")
        #expect(fixture.pendingIntents.count == 1, "unacknowledged, so still queued")

        try await fixture.sync()
        #expect(emulator.store.item(ids[1])?.starred == true, "the retry must not toggle the star off again")
        #expect(fixture.requests("PUT", "/bookmark").count == 1, "exactly one toggle for one intent")
        #expect(try fixture.state(ids[1])?.starred == true, "starred locally")
        #expect(fixture.pendingIntents.isEmpty, "acknowledged on the retry")

        // Unstarring goes through the same read-then-toggle path.
        try fixture.star([ids[1]], false)
        try await fixture.sync()
        #expect(emulator.store.item(ids[1])?.starred == false, "unstarred on the server")
        #expect(fixture.requests("PUT", "/bookmark").count == 2, "one more toggle for the unstar")
    }

    @Test("servers before 2.3.2 give complete unread and starred sets by walking the entry list")
    func oldServerSets() async throws {
        let (fixture, _, ids) = try Self.fixture(version: "2.3.1")
        let provider = MinifluxProvider(connection: ServiceConnection(base: fixture.server.url("/"), http: HTTPClient()),
                                        user: nil, secret: Self.token)
        let (unread, starred) = try await offPool {
            try provider.setRead([String(ids[0])], read: true)
            return (try provider.unreadIDs(), try provider.starredIDs())
        }
        #expect(unread == .complete(Set(ids.dropFirst().map(String.init))), "every unread id but the one read")
        #expect(starred == .complete([]), "nothing starred")
        #expect(fixture.requests("GET", "/v1/entries/ids").isEmpty, "the id endpoint is not used on 2.3.1")
    }

    @Test("every page of a long entry list and of the id sets is followed")
    func followsEveryPage() async throws {
        let (fixture, emulator, _) = try Self.fixture()
        let feed = try #require(emulator.store.feeds.first?.id)
        var starred: Set<String> = []
        for index in 0..<2_150 {
            let id = emulator.store.addItem(feed: feed, title: "Bulk \(index)", url: "http://bulk.test/\(index)",
                                            published: 1_700_100_000 + Int64(index), read: index % 3 == 0, starred: index % 7 == 0)
            if index % 7 == 0 { starred.insert(String(id)) }
        }
        let report = try await fixture.sync()
        #expect(report.newArticles == 2_156, "all entries arrive across three pages, got \(report.newArticles)")
        #expect(fixture.requests("GET", "/v1/entries").filter { !$0.path.contains("ids") }.count == 3, "1000 + 1000 + 156")
        let provider = fixture.provider
        let starredSet = try await offPool { try provider.serverPull().starredIDs() }
        #expect(starredSet == .complete(starred), "the starred set is complete")
        let unread = try fixture.store.articles.list(ArticleQuery(accountID: fixture.account.id, unreadOnly: true, limit: 10_000))
        #expect(unread.count == 6 + 2_150 - 717, "unread locally matches the server, got \(unread.count)")
    }

    @Test("the article-age limit becomes published_after")
    func sinceLimitsEntries() async throws {
        let (fixture, _, ids) = try Self.fixture()
        try await fixture.sync(since: Date(timeIntervalSince1970: 1_700_000_003))
        #expect(fixture.articleCount == 2, "only entries published after the limit arrive, got \(fixture.articleCount)")
        #expect(try fixture.articleID(ids[0]) == nil && fixture.articleID(ids[5]) != nil, "the oldest stays on the server")
    }

    // MARK: Administration

    @Test("subscribe, rename, move, folder add, rename and delete, unsubscribe: server and store agree after each")
    func administrationRoundTrip() async throws {
        let (fixture, emulator, _) = try Self.fixture()
        let provider = fixture.provider
        try await fixture.sync()
        func agree(_ step: String) async throws {
            try await fixture.sync()
            #expect(try fixture.localFeeds() == serverFeeds(emulator.store, rootFolderID: nil), "feeds differ after \(step)")
            #expect(try fixture.localFolderNames() == emulator.store.folders.map(\.name).sorted(), "folders differ after \(step)")
        }
        func reference(_ url: String) throws -> RemoteFeedReference {
            let listing = try #require(try fixture.store.feeds.list(accountID: fixture.account.id).first { $0.feed.url == url })
            return RemoteFeedReference(serverID: listing.feed.serverID, url: url, folder: nil)
        }
        emulator.store.addRemoteFeed(LectorTestSupport.RemoteFeed(
            feedURL: "http://feeds.test/podcast.rss", siteURL: "http://podcast.test/", title: "Podcast",
            entries: [LectorTestSupport.RemoteEntry(title: "Episode 1", url: "http://podcast.test/1", published: 1_700_000_500)]))

        let added = try await offPool { try provider.subscribe(feedURL: "http://feeds.test/podcast.rss", folder: "Listening", title: "My Podcast") }
        #expect(added.title == "My Podcast" && added.url == "http://feeds.test/podcast.rss", "the new feed is described: \(added)")
        #expect(emulator.store.folders.contains { $0.name == "Listening" }, "the category was created for it")
        try await agree("subscribing")
        #expect(fixture.articleCount == 7, "the new feed's entry arrived")

        await #expect(throws: SyncError.self, "Miniflux cannot subscribe to a site page: it does not discover") {
            try await offPool { try provider.subscribe(feedURL: "http://podcast.test/", folder: nil, title: nil) }
        }

        let podcast = try reference("http://feeds.test/podcast.rss")
        try await offPool { try provider.renameFeed(podcast, to: "Podcast (renamed)") }
        try await agree("renaming the feed")
        try await offPool { try provider.moveFeed(podcast, to: "Tech") }
        try await agree("moving the feed to an existing category")
        let misc = try reference("http://feeds.test/misc.xml")
        try await offPool { try provider.moveFeed(misc, to: "Brand New") }
        try await agree("moving a feed to a new category")

        let empty = try await offPool { try provider.createFolder(named: "Empty") }
        #expect(emulator.store.folders.contains { String($0.id) == empty.serverID && $0.name == "Empty" },
                "Miniflux categories exist on their own: created on the server under the id returned")
        try await agree("creating an empty category")
        let renamed = try await offPool { try provider.renameFolder(empty, to: "Later") }
        try await agree("renaming the category")
        #expect(emulator.store.folders.contains { $0.name == "Later" }, "renamed on the server")
        #expect(renamed == RemoteFolder(serverID: empty.serverID, name: "Later"), "a Miniflux category keeps its id through a rename")
        try await offPool { try provider.deleteFolder(RemoteFolder(serverID: empty.serverID, name: "Later")) }
        try await agree("deleting the empty category")

        // Deleting a category deletes its feeds on Miniflux, and the capabilities say so.
        #expect(provider.capabilities.deletingFolderDeletesFeeds, "the CLI must be told to ask first")
        let news = try #require(try fixture.store.folders.list(accountID: fixture.account.id).first { $0.folder.name == "News" })
        let newsFolder = RemoteFolder(serverID: news.folder.serverID, name: "News")
        try await offPool { try provider.deleteFolder(newsFolder) }
        try await agree("deleting a category with a feed")
        #expect(!emulator.store.feeds.contains { $0.feedURL == "http://feeds.test/news.xml" }, "the server deleted the feed")

        let tech = try reference("http://feeds.test/tech.xml")
        try await offPool { try provider.unsubscribe(tech) }
        try await agree("unsubscribing")
        try await offPool { try provider.unsubscribe(RemoteFeedReference(serverID: "999", url: "http://gone.test/", folder: nil)) }
        #expect(try fixture.localFeeds().map(\.url) == ["http://feeds.test/misc.xml", "http://feeds.test/podcast.rss"],
                "two feeds remain")
    }

    @Test("a wrong API token is an authentication error")
    func wrongToken() async throws {
        let (fixture, _, _) = try Self.fixture()
        let provider = MinifluxProvider(connection: ServiceConnection(base: fixture.server.url("/"), http: HTTPClient()),
                                        user: nil, secret: "wrong")
        let refused = try await offPool { () -> SyncError? in
            do { _ = try provider.structure(); return nil } catch { return error as? SyncError }
        }
        guard case .authentication? = refused else { Issue.record("a wrong token must be .authentication, got \(String(describing: refused))"); return }
        let info = try await fixture.remote { try $0.login() }
        #expect(info.name == "Miniflux 2.3.3", "the right token logs in and names the version, got \(info.name)")
    }

    @Test("the factory builds this provider for a miniflux account")
    func factory() async throws {
        let (fixture, _, _) = try Self.fixture()
        let provider = try Providers.make(for: fixture.account, secret: "x", http: HTTPClient())
        #expect(provider is MinifluxProvider, "a miniflux account must get the MinifluxProvider, got \(type(of: provider))")
    }
}
