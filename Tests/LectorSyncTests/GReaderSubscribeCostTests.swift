import Foundation
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport
import Testing

/// What one subscription costs on FreshRSS's Google Reader API. `feed apply` of a long list
/// subscribes once per feed, so a per-feed re-read of the subscription list makes the whole
/// apply grow with the square of the list; these count the requests against the emulator.
@Suite("GReader subscribe cost")
struct GReaderSubscribeCostTests {
    static let newFeeds = 12

    /// An account already synced (session and write token known), with `newFeeds` feeds the
    /// server can subscribe to and no request logged yet.
    private func makeBench() throws -> FreshRSSBench {
        let bench = try FreshRSSBench(.greader)
        for index in 0..<Self.newFeeds {
            bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(
                feedURL: "https://cost\(index).example/feed.xml", siteURL: "https://cost\(index).example/", title: "Cost \(index)"))
        }
        try bench.sync()
        bench.server.clearLog()
        return bench
    }

    private func describe(_ requests: [ServerRequest]) -> String {
        requests.map { $0.method + " " + ($0.path.components(separatedBy: "/reader/api/0/").last ?? $0.path) }.joined(separator: ", ")
    }

    /// "title | folder | url" of every feed, on the server and in the store.
    private func serverFeeds(_ bench: FreshRSSBench) -> Set<String> {
        let folders = Dictionary(uniqueKeysWithValues: bench.feeds.folders.map { ($0.id, $0.name) })
        return Set(bench.feeds.feeds.map { "\($0.title) | \(folders[$0.folderID] ?? "?") | \($0.feedURL)" })
    }

    private func localFeeds(_ bench: FreshRSSBench) throws -> Set<String> {
        Set(try bench.store.feeds.list(accountID: bench.account.id).map { "\($0.feed.title) | \($0.folderName ?? "-") | \($0.feed.url)" })
    }

    @Test("subscribing into a folder costs two requests per feed and never re-reads the subscription list")
    func filedSubscriptionsCostTwoRequests() throws {
        let bench = try makeBench()
        let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
        for index in 0..<Self.newFeeds {
            // Half keep the server's title, half get one of their own: either way one edit files it.
            try admin.subscribe(SubscriptionRequest(url: URL(string: "https://cost\(index).example/feed.xml")!,
                                                    folder: "Folder \(index % 3)", title: index.isMultiple(of: 2) ? nil : "Mine \(index)"),
                                checkedForDuplicates: true)
        }
        let requests = bench.server.requests
        #expect(requests.count <= 2 * Self.newFeeds,
                "\(Self.newFeeds) subscriptions took \(requests.count) requests (at most 2 per feed): \(describe(requests.prefix(8).map { $0 }))")
        let rereads = requests.filter { $0.path.hasSuffix("subscription/list") || $0.path.hasSuffix("tag/list") }
        #expect(rereads.count == 0, "subscribing re-read the lists \(rereads.count) times")
        #expect(try localFeeds(bench) == serverFeeds(bench), "the store shows other titles or folders than the server right after subscribing")
        try bench.sync()
        #expect(try localFeeds(bench) == serverFeeds(bench), "after a sync the store and the server disagree")
        #expect(try bench.store.feeds.list(accountID: bench.account.id).count == 2 + Self.newFeeds, "a sync added or lost feeds")
    }

    @Test("subscribing without a folder costs one request per feed once the default category is known, and shows it at once")
    func unfiledSubscriptionsLearnTheDefaultCategoryOnce() throws {
        let bench = try makeBench()
        let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
        for index in 0..<Self.newFeeds {
            try admin.subscribe(SubscriptionRequest(url: URL(string: "https://cost\(index).example/feed.xml")!), checkedForDuplicates: true)
        }
        let requests = bench.server.requests
        let listReads = requests.filter { $0.path.hasSuffix("subscription/list") }.count
        #expect(requests.count <= Self.newFeeds + 1 && listReads <= 1,
                "\(Self.newFeeds) unfiled subscriptions took \(requests.count) requests, \(listReads) list reads: \(describe(requests.prefix(8).map { $0 }))")
        let folders = try bench.store.feeds.list(accountID: bench.account.id).filter { $0.feed.url.contains("cost") }.map { $0.folderName ?? "-" }
        #expect(Set(folders) == ["Uncategorized"], "FreshRSS files them in its default category; the store shows \(Set(folders).sorted())")
        try bench.sync()
        #expect(try localFeeds(bench) == serverFeeds(bench), "after a sync the store and the server disagree")
    }

    @Test("a site address subscribes to the feed found there, under the server's title")
    func siteAddressGivesTheDiscoveredFeed() throws {
        let bench = try makeBench()
        let added = try bench.provider.subscribe(feedURL: "https://cost3.example/", folder: "Found", title: nil)
        #expect(added.url == "https://cost3.example/feed.xml" && added.title == "Cost 3" && added.folderServerID == "user/-/label/Found",
                "the new feed came back as \(added)")
        #expect(bench.server.requests.count <= 2, "one site address took \(bench.server.requests.count) requests: \(describe(bench.server.requests))")
    }
}
