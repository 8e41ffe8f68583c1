import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// Feed and folder administration through the GReader provider, applied to the store the way
/// the CLI does (FeedEditCommands, FolderCommands): after each step the emulator and the store
/// agree at once, and still agree after a sync.
@Suite("GReader administration")
struct GReaderAdministrationTests {
    /// "title | folder | url" for every feed the emulator has.
    private func serverFeeds(_ bench: FreshRSSBench) -> Set<String> {
        let folders = Dictionary(uniqueKeysWithValues: bench.feeds.folders.map { ($0.id, $0.name) })
        return Set(bench.feeds.feeds.map { "\($0.title) | \(folders[$0.folderID] ?? "?") | \($0.feedURL)" })
    }

    private func localFeeds(_ bench: FreshRSSBench) throws -> Set<String> {
        Set(try bench.store.feeds.list(accountID: bench.account.id).map { "\($0.feed.title) | \($0.folderName ?? "-") | \($0.feed.url)" })
    }

    /// The server's folders (FreshRSS categories, which outlive their last feed); the default
    /// folder only once a feed is in it, as a client cannot learn of it before.
    /// The folders the server reports: FreshRSS's tag/list names only folders with a feed in them
    /// (recorded: a folder whose last feed left is gone from it, its default one included).
    private func serverFolders(_ bench: FreshRSSBench) -> Set<String> {
        let used = Set(bench.feeds.feeds.map(\.folderID))
        return Set(bench.feeds.folders.filter { used.contains($0.id) }.map(\.name))
    }

    private func localFolders(_ bench: FreshRSSBench) throws -> Set<String> {
        Set(try bench.store.folders.list(accountID: bench.account.id).map(\.folder.name))
    }

    private func expectAgreement(_ bench: FreshRSSBench, _ step: String, localOnlyFolders: Set<String> = [],
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try localFeeds(bench) == serverFeeds(bench), "after \(step) the feeds differ", sourceLocation: sourceLocation)
        let local = try localFolders(bench), server = serverFolders(bench).union(localOnlyFolders)
        #expect(local == server, "after \(step) the folders differ: local \(local.sorted()), server \(server.sorted())",
                sourceLocation: sourceLocation)
    }

    private func feed(_ bench: FreshRSSBench, titled title: String) throws -> Feed {
        guard let listing = try bench.store.feeds.list(accountID: bench.account.id).first(where: { $0.feed.title == title }) else {
            throw BenchError("no local feed titled \(title)")
        }
        return listing.feed
    }

    private func folder(_ bench: FreshRSSBench, named name: String) throws -> Folder? {
        try bench.store.folders.list(accountID: bench.account.id).first { $0.folder.name == name }?.folder
    }

    private func reference(_ bench: FreshRSSBench, _ feed: Feed) throws -> RemoteFeedReference {
        let folder = try bench.store.folders.list(accountID: bench.account.id).first { $0.folder.id == feed.folderID }?.folder
        return RemoteFeedReference(serverID: feed.serverID, url: feed.url,
                                   folder: folder.map { RemoteFolder(serverID: $0.serverID, name: $0.name) })
    }

    /// What `feed add` does after the server acknowledged: file the feed under its folder at once.
    private func storeSubscribed(_ bench: FreshRSSBench, _ remote: LectorSync.RemoteFeed) throws {
        var folderID: Int64?
        if let folderServerID = remote.folderServerID {
            folderID = try bench.store.folders.list(accountID: bench.account.id).first { $0.folder.serverID == folderServerID }?.folder.id
                ?? bench.store.folders.insert(accountID: bench.account.id, serverID: folderServerID,
                                              name: folderServerID.components(separatedBy: "/label/").last ?? folderServerID).id
        }
        try bench.store.feeds.insert(accountID: bench.account.id, folderID: folderID, serverID: remote.serverID, title: remote.title,
                                     url: remote.url, siteURL: remote.siteURL)
    }

    /// What `feed move` does locally: the folder of that name, created when missing.
    private func storeMoved(_ bench: FreshRSSBench, _ feed: Feed, to name: String) throws {
        let target = try folder(bench, named: name)
            ?? bench.store.folders.insert(accountID: bench.account.id, serverID: "user/-/label/\(name)", name: name)
        try bench.store.feeds.move(feed.id, toFolder: target.id)
    }

    private func makeBench() throws -> FreshRSSBench {
        let bench = try FreshRSSBench(.greader)
        bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(
            feedURL: "https://new.example/feed.xml", siteURL: "https://new.example/", title: "New Feed",
            entries: [LectorTestSupport.RemoteEntry(title: "Hello", url: "https://new.example/hello", published: 1_700_000_500)]))
        bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(
            feedURL: "https://other.example/rss", siteURL: "https://other.example/", title: "Other Site"))
        try bench.sync()
        return bench
    }

    @Test("subscribe by feed URL and by site URL, filed in an existing and in a new folder")
    func subscribe() throws {
        let bench = try makeBench()
        let byFeed = try bench.provider.subscribe(feedURL: "https://new.example/feed.xml", folder: "Tech", title: nil)
        #expect(byFeed.url == "https://new.example/feed.xml" && byFeed.title == "New Feed", "the new feed came back as \(byFeed)")
        try storeSubscribed(bench, byFeed)
        try expectAgreement(bench, "subscribing by feed URL")

        let bySite = try bench.provider.subscribe(feedURL: "https://other.example/", folder: "Fresh", title: "Chosen Title")
        #expect(bySite.url == "https://other.example/rss", "subscribing by site URL should give the discovered feed URL, got \(bySite.url)")
        try storeSubscribed(bench, bySite)
        try expectAgreement(bench, "subscribing by site URL into a new folder")
        try bench.sync()
        try expectAgreement(bench, "the sync after subscribing")
        #expect(try bench.localArticles()[String(bench.feeds.items.last!.id)] != nil, "the new feed's article did not arrive")
    }

    @Test("subscribing twice or to a URL with no feed is refused with the server's reason, changing nothing")
    func subscribeRefused() throws {
        let bench = try makeBench()
        let before = serverFeeds(bench)
        for url in ["https://site1.example/feed.xml", "https://nothing.example/"] {
            do {
                _ = try bench.provider.subscribe(feedURL: url, folder: nil, title: nil)
                Issue.record("subscribing to \(url) should fail")
            } catch {
                guard case .rejected(let message) = error else { Issue.record("expected .rejected for \(url), got \(error)"); continue }
                #expect(message.contains(url), "the refusal does not name the URL: \(message)")
            }
        }
        #expect(serverFeeds(bench) == before, "a refused subscription changed the server")
    }

    @Test("rename and move a feed (to an existing and to a new folder), then unsubscribe")
    func feedEdits() throws {
        let bench = try makeBench()
        var feed = try feed(bench, titled: "Feed 1")
        try bench.provider.renameFeed(try reference(bench, feed), to: "Renamed")
        try bench.store.feeds.update(feed.id, title: "Renamed", siteURL: feed.siteURL)
        try expectAgreement(bench, "renaming a feed")

        feed = try self.feed(bench, titled: "Renamed")
        try bench.provider.moveFeed(try reference(bench, feed), to: "News")
        try storeMoved(bench, feed, to: "News")
        // Tech's last feed left: the server no longer reports it; the store drops it at the next sync.
        try expectAgreement(bench, "moving a feed to an existing folder", localOnlyFolders: ["Tech"])

        feed = try self.feed(bench, titled: "Renamed")
        try bench.provider.moveFeed(try reference(bench, feed), to: "Later")
        try storeMoved(bench, feed, to: "Later")
        try expectAgreement(bench, "moving a feed to a new folder", localOnlyFolders: ["Tech"])
        try bench.sync()
        try expectAgreement(bench, "the sync after the feed edits")

        feed = try self.feed(bench, titled: "Renamed")
        try bench.provider.unsubscribe(try reference(bench, feed))
        try bench.store.feeds.remove(feed.id)
        // Later was made here (by the move), so it stays, empty, as a folder made here does.
        try expectAgreement(bench, "unsubscribing", localOnlyFolders: ["Later"])
        try bench.sync()
        try expectAgreement(bench, "the sync after unsubscribing", localOnlyFolders: ["Later"])
        #expect(try bench.localArticles().count == bench.feeds.items.count, "articles of the removed feed are still stored")
    }

    @Test("a new folder stays local until a feed moves in; rename and delete it on the server")
    func folderEdits() throws {
        let bench = try makeBench()
        bench.server.clearLog()
        let created = try bench.provider.createFolder(named: "Empty")
        #expect(created == RemoteFolder(serverID: "user/-/label/Empty", name: "Empty"), "the folder's future label id")
        #expect(bench.server.requests.isEmpty, "GReader has no empty folders: creating one must not call the server")
        _ = try bench.store.folders.insert(accountID: bench.account.id, serverID: created.serverID, name: "Empty")
        try bench.sync()
        try expectAgreement(bench, "a sync with a local-only empty folder", localOnlyFolders: ["Empty"])

        let feed = try feed(bench, titled: "Feed 2")
        try bench.provider.moveFeed(try reference(bench, feed), to: "Empty")
        try storeMoved(bench, feed, to: "Empty")
        // News's last feed left: the server no longer reports it; the store drops it at the next sync.
        try expectAgreement(bench, "moving a feed into the new folder", localOnlyFolders: ["News"])
        try bench.sync()
        try expectAgreement(bench, "the sync after filling the new folder")

        let empty = try #require(try folder(bench, named: "Empty"), "the folder vanished")
        let renamed = try bench.provider.renameFolder(RemoteFolder(serverID: empty.serverID, name: empty.name), to: "Full")
        #expect(renamed.serverID == "user/-/label/Full", "a GReader folder's id is its label, so it changes with the name")
        try bench.store.folders.rename(empty.id, to: "Full", serverID: renamed.serverID)
        try expectAgreement(bench, "renaming a folder")
        try bench.sync()
        try expectAgreement(bench, "the sync after renaming a folder")

        let full = try #require(try folder(bench, named: "Full"), "the renamed folder vanished")
        try bench.provider.deleteFolder(RemoteFolder(serverID: full.serverID, name: full.name))
        try bench.store.folders.remove(full.id)
        #expect(bench.feeds.feeds.first { $0.title == "Feed 2" }?.folderID == bench.feeds.defaultFolderID,
                "FreshRSS re-homes the feeds of a deleted folder in its default folder")
        // The CLI leaves the feeds unfiled locally; the next sync files them where the server did.
        try bench.sync()
        try expectAgreement(bench, "the sync after deleting a folder")
    }

    @Test("administration offline fails with a network error and changes nothing on the server")
    func offlineAdministration() throws {
        let bench = try makeBench()
        let before = serverFeeds(bench)
        let target = try reference(bench, try feed(bench, titled: "Feed 1"))
        bench.tamper.onEvery(.dropBefore)
        do {
            try bench.provider.renameFeed(target, to: "Nope")
            Issue.record("renaming offline should fail")
        } catch {
            #expect(error.isTransient, "an offline rename must be a network error, got \(error)")
        }
        bench.tamper.clear()
        #expect(serverFeeds(bench) == before, "a failed rename changed the server")
    }
}
