import Foundation
import LectorHTTP
import LectorFeeds
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport
import Testing

/// Every administration verb through `AccountAdministrator`, for every account kind: the server
/// (an emulator behind a real loopback server) changes first and the store follows, so after
/// each verb both say the same; a local account changes the store alone; a kind that cannot do
/// a verb says so with a typed error and changes nothing.
@Suite("Account administrator")
struct AccountAdministratorTests {
    /// "title | folder | url" of every feed the server lists.
    static func serverFeeds(_ provider: any SyncProvider) throws -> Set<String> {
        let structure = try provider.serverPull().structure()
        let names = Dictionary(structure.folders.map { ($0.serverID, $0.name) }, uniquingKeysWith: { first, _ in first })
        return Set(structure.feeds.map { "\($0.title) | \($0.folderServerID.flatMap { names[$0] } ?? "-") | \($0.url)" })
    }

    static func localFeeds(_ store: Store, _ account: Account) throws -> Set<String> {
        Set(try store.feeds.list(accountID: account.id).map { "\($0.feed.title) | \($0.folderName ?? "-") | \($0.feed.url)" })
    }

    static func feed(_ store: Store, _ account: Account, _ url: String) throws -> Feed {
        guard let listing = try store.feeds.list(accountID: account.id).first(where: { $0.feed.url == url }) else {
            throw BenchError("no local feed at \(url)")
        }
        return listing.feed
    }

    static func folder(_ store: Store, _ account: Account, _ name: String) throws -> Folder {
        guard let listing = try store.folders.list(accountID: account.id).first(where: { $0.folder.name == name }) else {
            throw BenchError("no local folder \(name)")
        }
        return listing.folder
    }

    static func bench(_ api: FreshRSSBench.API) throws -> FreshRSSBench {
        let bench = try FreshRSSBench(api)
        bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "https://new.example/feed.xml", siteURL: "https://new.example/",
                                                               title: "New Feed"))
        try bench.sync()
        return bench
    }

    @Test("subscribe, rename, move, unsubscribe and the folder verbs: the server first, the store agreeing after each",
          arguments: [FreshRSSBench.API.greader, .miniflux, .feedbin])
    func everyVerbOnAService(_ api: FreshRSSBench.API) async throws {
        try await offPool {
            let bench = try Self.bench(api)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            func agree(_ step: String) throws {
                let server = try Self.serverFeeds(bench.provider), local = try Self.localFeeds(bench.store, bench.account)
                #expect(server == local, "\(api): after \(step) server \(server.sorted()) but store \(local.sorted())")
            }
            let added = try admin.subscribe(SubscriptionRequest(url: URL(string: "https://new.example/feed.xml")!, folder: "Fresh",
                                                                siteURL: "https://new.example/"))
            #expect(added.title == "New Feed", "\(api): the subscribed feed is stored as \(added)")
            #expect(added.siteURL == "https://new.example/", "\(api): the site address known when subscribing is stored before any sync: \(added)")
            try agree("subscribe into a new folder")
            try admin.rename(try Self.feed(bench.store, bench.account, "https://new.example/feed.xml"), to: "Renamed")
            try agree("rename")
            let placement = try admin.move(try Self.feed(bench.store, bench.account, "https://new.example/feed.xml"), toFolder: "Tech")
            #expect(!placement.created && placement.folder.name == "Tech", "\(api): moving into an existing folder gave \(placement)")
            try agree("move")
            try admin.createFolder(named: "Empty")
            try admin.renameFolder(try Self.folder(bench.store, bench.account, "Fresh"), to: "Fresher")
            try agree("folder create and rename")
            try admin.unsubscribe(try Self.feed(bench.store, bench.account, "https://new.example/feed.xml"))
            try agree("unsubscribe")
            let deletion = try admin.deleteFolder(try Self.folder(bench.store, bench.account, "Empty"))
            #expect(deletion.feedCount == 0 && !deletion.deletedFeeds, "\(api): deleting an empty folder reported \(deletion)")
            #expect(try bench.store.folders.list(accountID: bench.account.id).allSatisfy { $0.folder.name != "Empty" },
                    "\(api): the deleted folder is still in the store")
            try bench.sync()
            try agree("a sync after everything")
        }
    }

    @Test("a moved feed on a service without an address edit: subscribed at the new address in the same folder under the same title, the old one dropped",
          arguments: [FreshRSSBench.API.greader, .feedbin])
    func changeAddressOnAService(_ api: FreshRSSBench.API) async throws {
        try await offPool {
            let bench = try Self.bench(api)
            bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "https://site1.example/atom.xml", title: "Feed 1 (Atom)"))
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            try admin.changeAddress(try Self.feed(bench.store, bench.account, "https://site1.example/feed.xml"), to: URL(string: "https://site1.example/atom.xml")!)
            let server = try Self.serverFeeds(bench.provider), local = try Self.localFeeds(bench.store, bench.account)
            #expect(server == ["Feed 1 | Tech | https://site1.example/atom.xml", "Feed 2 | News | https://site2.example/feed.xml"],
                    "\(api): the server after the change of address: \(server.sorted())")
            #expect(local == server, "\(api): the store \(local.sorted()) differs from the server")
        }
    }

    @Test("a moved feed on Miniflux changes its address in place: the same feed on the server and in the store, its articles and their state kept through a sync")
    func changeAddressInPlaceOnMiniflux() async throws {
        try await offPool {
            let bench = try Self.bench(.miniflux)
            // Served too, so subscribing anew would succeed: only the kept articles tell the two apart.
            bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "https://site1.example/atom.xml", title: "Feed 1 (Atom)"))
            let before = try Self.feed(bench.store, bench.account, "https://site1.example/feed.xml")
            let articles = try bench.store.articles.list(ArticleQuery(feedID: before.id, limit: 500))
            #expect(!articles.isEmpty, "the first sync brought Feed 1's articles")
            try bench.store.states.setStarred([articles[0].id], to: true)
            try bench.sync()
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            try admin.changeAddress(before, to: URL(string: "https://site1.example/atom.xml")!)
            let server = try Self.serverFeeds(bench.provider)
            #expect(server == ["Feed 1 | Tech | https://site1.example/atom.xml", "Feed 2 | News | https://site2.example/feed.xml"],
                    "the server after the change of address: \(server.sorted())")
            #expect(try bench.provider.serverPull().structure().feeds.contains { $0.serverID == before.serverID && $0.url == "https://site1.example/atom.xml" },
                    "the server kept the feed (id \(before.serverID)) rather than subscribing anew")
            try bench.sync()
            let after = try Self.feed(bench.store, bench.account, "https://site1.example/atom.xml")
            #expect(after.id == before.id && after.serverID == before.serverID, "the store kept the feed: \(before) became \(after)")
            let kept = try bench.store.articles.list(ArticleQuery(feedID: after.id, limit: 500))
            #expect(Set(kept.map(\.id)) == Set(articles.map(\.id)), "the feed's articles stay through the change and a sync")
            #expect(try bench.store.articles.state(of: articles[0].id)?.starred == true, "the starred article is still starred")
            #expect(try Self.localFeeds(bench.store, bench.account) == server, "the store agrees with the server")
        }
    }

    @Test("Fever cannot add, rename, move or remove: each verb says so and neither server nor store changes")
    func feverRefusesEveryVerb() async throws {
        try await offPool {
            let bench = try Self.bench(.fever)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            let before = try Self.localFeeds(bench.store, bench.account)
            let feed = try bench.store.feeds.list(accountID: bench.account.id)[0].feed
            let folder = try bench.store.folders.list(accountID: bench.account.id)[0].folder
            let verbs: [(String, () throws(AdministrationError) -> Void)] = [
                ("add feeds", { () throws(AdministrationError) in try admin.subscribe(SubscriptionRequest(url: URL(string: "https://new.example/feed.xml")!)) }),
                ("rename feeds", { () throws(AdministrationError) in try admin.rename(feed, to: "X") }),
                ("move feeds", { () throws(AdministrationError) in try admin.move(feed, toFolder: "X") }),
                ("remove feeds", { () throws(AdministrationError) in try admin.unsubscribe(feed) }),
                ("create folders", { () throws(AdministrationError) in try admin.createFolder(named: "X") }),
                ("rename folders", { () throws(AdministrationError) in try admin.renameFolder(folder, to: "X") }),
                ("delete folders", { () throws(AdministrationError) in try admin.deleteFolder(folder) }),
            ]
            for (verb, call) in verbs {
                do throws(AdministrationError) {
                    try call()
                    Issue.record("a Fever account should refuse to \(verb)")
                } catch {
                    #expect(error == .unsupported(kind: .fever, verb: verb), "refusing to \(verb) gave \(error)")
                    #expect(error.description.hasPrefix("a fever account cannot \(verb)"), "the message is: \(error)")
                }
            }
            #expect(try Self.localFeeds(bench.store, bench.account) == before, "a refused verb changed the store")
        }
    }

    @Test("a local account: every verb changes the store alone")
    func localAccount() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-admin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
        let admin = AccountAdministrator(store: store, account: account, provider: LocalProvider(fetcher: FeedFetcher(http: HTTPClient())))
        let url = "https://blog.example/feed.xml"
        try admin.subscribe(SubscriptionRequest(url: URL(string: url)!, folder: "Blogs", siteURL: "https://blog.example/"))
        let subscribed = try Self.localFeeds(store, account)
        #expect(subscribed == ["blog.example | Blogs | \(url)"], "subscribing stored \(subscribed)")
        do throws(AdministrationError) {
            try admin.subscribe(SubscriptionRequest(url: URL(string: "http://BLOG.example/feed.xml/")!))
            Issue.record("a second subscription to the same feed (http, capitals, trailing slash) should be refused")
        } catch {
            #expect(error == .alreadySubscribed(title: "blog.example", folder: "Blogs", account: "home"), "the refusal was \(error)")
        }
        try admin.rename(try Self.feed(store, account, url), to: "A Blog")
        try admin.move(try Self.feed(store, account, url), toFolder: "Reading")
        let moved = try Self.localFeeds(store, account)
        #expect(moved == ["A Blog | Reading | \(url)"], "after rename and move: \(moved)")
        try admin.renameFolder(try Self.folder(store, account, "Blogs"), to: "Old Blogs")
        let deletion = try admin.deleteFolder(try Self.folder(store, account, "Reading"))
        #expect(deletion == FolderDeletion(feedCount: 1, deletedFeeds: false, refiledIn: nil), "deleting a local folder: \(deletion)")
        #expect(try Self.localFeeds(store, account) == ["A Blog | - | \(url)"], "the feed of a deleted local folder should stay, unfiled")
        try admin.unsubscribe(try Self.feed(store, account, url))
        #expect(try store.feeds.list(accountID: account.id).isEmpty, "unsubscribing left the feed")
        #expect(try store.folders.list(accountID: account.id).map(\.folder.name) == ["Old Blogs"], "folders: rename kept, delete gone")
    }

    @Test("the server unreachable: the verb fails as a server error and the store is unchanged",
          arguments: [FreshRSSBench.API.greader, .miniflux])
    func serverDownChangesNothing(_ api: FreshRSSBench.API) async throws {
        try await offPool {
            let bench = try Self.bench(api)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            let before = try Self.localFeeds(bench.store, bench.account)
            bench.tamper.onEvery(.status(503))
            do throws(AdministrationError) {
                try admin.subscribe(SubscriptionRequest(url: URL(string: "https://new.example/feed.xml")!, folder: "Fresh"))
                Issue.record("\(api): subscribing with the server answering 503 should fail")
            } catch {
                guard case .server = error else { Issue.record("\(api): expected a server error, got \(error)"); return }
                #expect(error.stopsTheRun, "\(api): a server that answers 503 should stop a plan: \(error)")
            }
            #expect(try Self.localFeeds(bench.store, bench.account) == before, "\(api): a failed subscribe changed the store")
        }
    }
}
