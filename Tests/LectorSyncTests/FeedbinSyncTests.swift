import Foundation
import Testing
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

/// Feedbin (API v2) through the real engine, store and loopback server.
@Suite("Feedbin sync")
struct FeedbinSyncTests {
    static let user = EmulatedAccount(username: "alice", password: "secret", email: "alice@example.test")

    /// A tagged feed, an untagged (root) feed, six unread entries.
    static func seededStore() -> (FeedStore, [Int64]) {
        let store = FeedStore()
        let tech = store.addFeed(title: "Tech Blog", feedURL: "http://feeds.test/tech.xml", siteURL: "http://tech.test/", folder: "Tech")
        let misc = store.addFeed(title: "Misc", feedURL: "http://feeds.test/misc.xml")
        var ids: [Int64] = []
        for (index, feed) in [tech, tech, tech, misc, misc, misc].enumerated() {
            ids.append(store.addItem(feed: feed, title: "Entry \(index)", url: "http://site.test/\(index)",
                                     content: "<p>Body \(index)</p>", published: 1_700_000_000 + Int64(index)))
        }
        return (store, ids)
    }

    static func fixture(_ feedStore: FeedStore? = nil) throws -> (ServiceSyncFixture, FeedbinEmulator, [Int64]) {
        let (seeded, ids) = seededStore()
        let emulator = FeedbinEmulator(store: feedStore ?? seeded, account: user)
        let fixture = try ServiceSyncFixture(kind: .feedbin, username: user.email, apiPath: "/v2/", handler: emulator.handler) {
            FeedbinProvider(connection: $0, user: user.email, password: user.password)
        }
        return (fixture, emulator, ids)
    }

    // MARK: Scenarios

    @Test("entries arrive with unknown state and a failure before the unread set marks nothing read")
    func failureBetweenEntriesAndUnreadSet() async throws {
        let (fixture, _, ids) = try Self.fixture()
        let other = FeedbinProvider(connection: ServiceConnection(base: fixture.server.url("/v2/"), http: HTTPClient()),
                                    user: Self.user.email, password: Self.user.password)
        try await offPool { try other.setRead([String(ids[0])], read: true) }
        fixture.faults.add("GET", "/v2/unread_entries.json", .status(500))
        await #expect(throws: SyncError.self, "the unread set failed: the run fails") { try await fixture.sync() }
        #expect(fixture.articleCount == 6, "the entries themselves were stored")
        for id in ids {
            #expect(try fixture.state(id)?.read == .unknown, "entry \(id) must stay unknown, not be guessed read or unread")
        }

        try await fixture.sync()
        #expect(try fixture.state(ids[0])?.read == .read, "the complete set settles the read one")
        #expect(try ids.dropFirst().allSatisfy { try fixture.state($0)?.read == .unread }, "and the unread ones")
    }

    @Test("an article read offline stays read, locally and on the server, after a sync against a stale snapshot")
    func readOnTheTrain() async throws {
        let (fixture, emulator, ids) = try Self.fixture()
        try await checkReadOnTheTrain(fixture, server: emulator.store, serveStaleReads: emulator.serveStaleReads,
                                      read: ids[0], untouched: ids[1]) {
            #expect(fixture.requests("POST", "/v2/unread_entries/delete.json").count == 1, "marked read through the POST form")
        }
    }

    @Test("a star given in a tunnel reaches the server when the connection is back")
    func starInATunnel() async throws {
        let (fixture, emulator, ids) = try Self.fixture()
        try await checkStarInATunnel(fixture, server: emulator.store, entry: ids[4])
    }

    @Test("entries another client marks read or stars on the server change locally after the next sync")
    func anotherClientMarksRead() async throws {
        let (fixture, _, ids) = try Self.fixture()
        let other = FeedbinProvider(connection: ServiceConnection(base: fixture.server.url("/v2/"), http: HTTPClient()),
                                    user: Self.user.email, password: Self.user.password)
        try await checkAnotherClientChanges(fixture, other: other, read: [ids[1], ids[3]], starred: ids[2], untouched: ids[0])
    }

    @Test("a push that fails half-way sends only the unacknowledged batch next time")
    func pushFailsHalfWay() async throws {
        let (fixture, emulator, ids) = try Self.fixture()
        try await fixture.sync()
        try fixture.markRead([ids[0], ids[1]])
        try fixture.star([ids[5]])
        fixture.faults.add("POST", "/v2/starred_entries.json", .status(500))
        await #expect(throws: SyncError.self, "the star batch fails") { try await fixture.sync() }
        #expect(emulator.store.item(ids[0])?.read == true && emulator.store.item(ids[1])?.read == true,
                "the read batch went through")
        #expect(emulator.store.item(ids[5])?.starred == false, "the failed batch did not")
        #expect(fixture.pendingIntents.map(\.action) == [.starred], "only the unacknowledged star is still queued")

        fixture.server.clearLog()
        try await fixture.sync()
        #expect(fixture.requests("POST", "/v2/unread_entries").isEmpty, "the acknowledged reads are not sent again")
        let stars = fixture.requests("POST", "/v2/starred_entries.json")
        #expect(stars.count == 1 && stars.first.map { entryIDs(in: $0, key: "starred_entries") } == [ids[5]], "the star is sent once")
        #expect(emulator.store.item(ids[5])?.starred == true, "the star arrived")
        #expect(fixture.pendingIntents.isEmpty, "the queue is empty")
    }

    @Test("Link-header pages are all followed and entries by id go at most 100 per request")
    func pagination() async throws {
        let (feedStore, _) = Self.seededStore()
        let feed = try #require(feedStore.feeds.first?.id)
        var bulk: [Int64] = []
        for index in 0..<245 {
            bulk.append(feedStore.addItem(feed: feed, title: "Bulk \(index)", url: "http://bulk.test/\(index)",
                                          published: 1_700_100_000 + Int64(index), read: index % 2 == 0))
        }
        let (fixture, _, _) = try Self.fixture(feedStore)
        let report = try await fixture.sync()
        #expect(report.newArticles == 251, "every page arrived, got \(report.newArticles)")
        #expect(fixture.requests("GET", "/v2/entries.json").count == 3, "100 + 100 + 51")
        #expect(try fixture.state(bulk[0])?.read == .read && fixture.state(bulk[1])?.read == .unread, "states settled from the set")

        fixture.server.clearLog()
        let wanted = bulk.map(String.init)
        let fetched = try await fixture.remote { try $0.serverPull().entries(withIDs: wanted) }
        #expect(Set(fetched.map(\.serverID)) == Set(wanted), "every asked entry came back")
        #expect(fetched.allSatisfy { $0.read == nil && $0.starred == nil }, "Feedbin entries carry no state")
        let batches = fixture.requests("GET", "/v2/entries.json").map { $0.query ?? "" }
        #expect(batches.count == 3, "245 ids in 3 requests, got \(batches.count)")
        #expect(batches.allSatisfy { ($0.components(separatedBy: "ids=").last?.components(separatedBy: "%2C").count ?? 0) <= 100
            || ($0.components(separatedBy: "ids=").last?.components(separatedBy: ",").count ?? 0) <= 100 }, "no request over 100 ids")
    }

    @Test("the article-age limit becomes Feedbin's `since`, with microseconds")
    func sinceLimitsEntries() async throws {
        let (feedStore, _) = Self.seededStore()
        let feed = try #require(feedStore.feeds.first?.id)
        let old = feedStore.addItem(id: 1_600_000_000_000_000, feed: feed, title: "From 2020", url: "http://old.test/", published: 1_600_000_000)
        let (fixture, _, _) = try Self.fixture(feedStore)
        try await fixture.sync(since: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(fixture.articleCount == 6, "only entries stored after the limit arrive, got \(fixture.articleCount)")
        #expect(try fixture.articleID(old) == nil, "the 2020 entry is left on the server")
        let query = fixture.requests("GET", "/v2/entries.json").first?.query ?? ""
        #expect(query.contains("since=2023-11-14T22"), "since is sent as ISO 8601: \(query)")
    }

    @Test("a next page on another server is not followed: the password would go with it")
    func foreignNextLinkRefused() async throws {
        let (feedStore, _) = Self.seededStore()
        let emulator = FeedbinEmulator(store: feedStore, account: Self.user)
        let fixture = try ServiceSyncFixture(kind: .feedbin, username: Self.user.email, apiPath: "/v2/", handler: { request in
            var response = emulator.respond(to: request)
            if request.path.hasSuffix("/entries.json") {
                response.headers.removeAll { $0.name == "Link" }
                response.headers.append((name: "Links", value: "<http://elsewhere.test/v2/entries.json?page=2>; rel=\"next\""))
            }
            return response
        }) { FeedbinProvider(connection: $0, user: Self.user.email, password: Self.user.password) }
        let refused = try await offPool { () -> SyncError? in
            do { try fixture.provider.serverPull().entries(since: nil) { _ in }; return nil } catch { return error as? SyncError }
        }
        guard case .protocolViolation? = refused else { Issue.record("expected .protocolViolation, got \(String(describing: refused))"); return }
    }

    // MARK: Administration

    @Test("subscribe (feed and site URL), rename, move, new folder, rename and delete it, unsubscribe: server and store agree")
    func administrationRoundTrip() async throws {
        let (fixture, emulator, _) = try Self.fixture()
        let provider = fixture.provider
        try await fixture.sync()
        func agree(_ step: String) async throws {
            try await fixture.sync()
            #expect(try fixture.localFeeds() == serverFeeds(emulator.store, rootFolderID: emulator.store.defaultFolderID),
                    "feeds differ after \(step)")
            let tagged = Set(emulator.store.feeds.filter { $0.folderID != emulator.store.defaultFolderID }.map(\.folderID))
            let serverFolders = emulator.store.folders.filter { tagged.contains($0.id) }.map(\.name).sorted()
            let localFolders = try fixture.store.folders.list(accountID: fixture.account.id).filter { $0.feedCount > 0 }.map(\.folder.name).sorted()
            #expect(localFolders == serverFolders, "folders with feeds differ after \(step)")
        }
        func reference(_ url: String) throws -> RemoteFeedReference {
            let listing = try #require(try fixture.store.feeds.list(accountID: fixture.account.id).first { $0.feed.url == url })
            return RemoteFeedReference(serverID: listing.feed.serverID, url: url, folder: nil)
        }
        emulator.store.addRemoteFeed(LectorTestSupport.RemoteFeed(
            feedURL: "http://feeds.test/podcast.rss", siteURL: "http://podcast.test/", title: "Podcast",
            entries: [LectorTestSupport.RemoteEntry(title: "Episode 1", url: "http://podcast.test/1", published: 1_700_000_500)]))
        emulator.store.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "http://feeds.test/photos.atom", siteURL: "http://photos.test/",
                                                                  title: "Photos"))

        let added = try await offPool { try provider.subscribe(feedURL: "http://feeds.test/podcast.rss", folder: "Listening", title: "My Podcast") }
        #expect(added.title == "My Podcast" && added.folderServerID == "Listening", "the new feed is described: \(added)")
        #expect(Int(added.serverID) != nil && emulator.store.feeds.contains { String($0.id) == added.serverID },
                "the feed id (not the subscription id) identifies the feed")
        try await agree("subscribing by feed URL")
        #expect(fixture.articleCount == 7, "the new feed's entry arrived")

        let bySite = try await offPool { try provider.subscribe(feedURL: "http://photos.test/", folder: nil, title: nil) }
        #expect(bySite.url == "http://feeds.test/photos.atom", "Feedbin discovered the feed behind the site")
        try await agree("subscribing by site URL")
        let again = try await offPool { try provider.subscribe(feedURL: "http://feeds.test/photos.atom", folder: nil, title: nil) }
        #expect(again.serverID == bySite.serverID, "an existing subscription (302) is answered, not duplicated")
        #expect(emulator.store.feeds.count == 4, "still four feeds on the server")

        let podcast = try reference("http://feeds.test/podcast.rss")
        try await offPool { try provider.renameFeed(podcast, to: "Podcast (renamed)") }
        try await agree("renaming the feed")
        try await offPool { try provider.moveFeed(podcast, to: "Tech") }
        try await agree("moving the feed to another tag")

        // A new folder stays local until a feed carries its tag.
        fixture.server.clearLog()
        let later = try await offPool { try provider.createFolder(named: "Later") }
        #expect(later == RemoteFolder(serverID: "Later", name: "Later"), "a Feedbin tag is known by its name")
        #expect(fixture.server.requests.isEmpty, "Feedbin has no empty folders: creating one must not call the server")
        _ = try fixture.store.folders.insert(accountID: fixture.account.id, serverID: later.serverID, name: "Later")
        try await fixture.sync()
        #expect(try fixture.localFolderNames().contains("Later"), "the empty folder survives a sync")
        let misc = try reference("http://feeds.test/misc.xml")
        try await offPool { try provider.moveFeed(misc, to: "Later") }
        try await agree("moving a root feed into the new folder")

        let someday = try await offPool { try provider.renameFolder(later, to: "Someday") }
        #expect(someday == RemoteFolder(serverID: "Someday", name: "Someday"), "the renamed tag's id is its new name")
        try await agree("renaming the folder")
        #expect(serverFeeds(emulator.store, rootFolderID: 1).first { $0.url == "http://feeds.test/misc.xml" }?.folder == "Someday",
                "the feed follows its renamed tag")

        try await offPool { try provider.deleteFolder(RemoteFolder(serverID: "Someday", name: "Someday")) }
        try await agree("deleting the folder")
        #expect(try fixture.localFeeds().first { $0.url == "http://feeds.test/misc.xml" }?.folder == nil,
                "its feed stays subscribed, at the root")

        try await offPool { try provider.unsubscribe(podcast) }
        try await agree("unsubscribing")
        #expect(!emulator.store.feeds.contains { $0.feedURL == "http://feeds.test/podcast.rss" }, "gone from the server")
        try await offPool { try provider.unsubscribe(podcast) }  // Already gone: harmless.
    }

    @Test("a site offering several feeds is refused with the choices named")
    func severalFeeds() async throws {
        let (fixture, emulator, _) = try Self.fixture()
        for name in ["posts", "comments"] {
            emulator.store.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "http://blog.test/\(name).xml", siteURL: "http://blog.test/",
                                                                      title: name))
        }
        let refused = try await fixture.remote { provider -> SyncError? in
            do { _ = try provider.subscribe(feedURL: "http://blog.test/", folder: nil, title: nil); return nil } catch { return error as? SyncError }
        }
        guard case .rejected(let message)? = refused else { Issue.record("expected .rejected, got \(String(describing: refused))"); return }
        #expect(message.contains("http://blog.test/posts.xml") && message.contains("http://blog.test/comments.xml"),
                "both choices are named: \(message)")
    }

    @Test("the factory builds this provider for a feedbin account")
    func factory() async throws {
        let (fixture, _, _) = try Self.fixture()
        let provider = try Providers.make(for: fixture.account, secret: "x", http: HTTPClient())
        #expect(provider is FeedbinProvider, "a feedbin account must get the FeedbinProvider, got \(type(of: provider))")
    }
}
