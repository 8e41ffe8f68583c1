import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// A feed that leaves the server's list (another client unsubscribed it; FreshRSS ≥ 1.28 leaves
/// hidden feeds out of `subscription/list`) takes with it only what is the server's: its starred
/// articles, and those with a change not sent yet, stay here; the changes still go to the server.
@Suite("A feed that leaves the server's list")
struct DepartedFeedSyncTests {
    static let apis: [FreshRSSBench.API] = [.greader, .miniflux, .fever, .feedbin]

    /// Feed 1 holds items 1–3, feed 2 items 4–6.
    let item = (1...6).map { FreshRSSBench.itemID(Int64($0)) }

    @Test("its starred article and one with a read queued during the run stay, the rest goes; the read is sent next sync; the star holds", arguments: apis)
    func keepsTheUsersArticles(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        try bench.star([item[0]], true)
        try bench.sync()
        #expect(bench.remote(item[0])?.starred == true, "\(api): the star reached the server")
        let feedID = try #require(bench.store.feeds.list(accountID: bench.account.id).first { $0.feed.title == "Feed 1" }?.feed.id)
        let feed1 = try #require(bench.feeds.feeds.first { $0.title == "Feed 1" }?.id)
        bench.feeds.unsubscribeAsAnotherClient(feed: feed1)

        // The user reads item 2 while the run is under way: after its push, before its structure.
        let store = bench.store, second = try bench.articleID(item[1])
        var readDuringRun = false
        let report = try bench.sync { progress in
            guard progress == .structure, !readDuringRun else { return }
            readDuringRun = true
            // Why try?: a progress callback cannot throw; the expectations below say whether it worked.
            _ = try? store.states.setRead([second], to: .read)
        }
        #expect(readDuringRun, "\(api): the run never reached its structure")
        #expect(report.departed == [DepartedFeed(title: "Feed 1", url: "https://site1.example/feed.xml", kept: 2, starred: 1, unsent: 1, removed: 1)],
                "\(api): the run says what left and what stayed: \(report.departed)")
        let local = try bench.localArticles()
        #expect(local[String(item[0])]?.starred == true, "\(api): the starred article went with the feed")
        #expect(local[String(item[1])]?.read == .read, "\(api): the article with a read not sent yet went with the feed")
        #expect(local[String(item[2])] == nil, "\(api): an article nobody touched stayed after its feed left")
        #expect(local[String(item[3])] != nil, "\(api): another feed's article went")
        #expect(try bench.pendingIntents().count == 1, "\(api): the read not sent yet was dropped")
        #expect(try bench.store.feeds.list(accountID: bench.account.id).contains { $0.feed.id == feedID }, "\(api): the feed was deleted")

        let next = try bench.sync()
        let unsentAfter = try bench.pendingIntents().count
        #expect(next.pushed == 1 && unsentAfter == 0, "\(api): the kept read is sent with the next sync: \(next.pushed) sent")
        #expect(next.departed.isEmpty, "\(api): a feed that left before is not announced again: \(next.departed)")
        #expect(try bench.local(item[0])?.starred == true, "\(api): the next sync unstarred the kept article (the server's set no longer holds it)")
        #expect(try bench.local(item[1])?.read == .read, "\(api): the next sync changed the kept read")

        // Once nothing in it is the user's, the feed goes.
        try bench.star([item[0]], false)
        try bench.sync()
        try bench.sync()
        #expect(try !bench.store.feeds.list(accountID: bench.account.id).contains { $0.feed.id == feedID },
                "\(api): an emptied feed that left the server stayed")
        #expect(try bench.localArticles().count == 3, "\(api): feed 2's three articles remain")
    }

    @Test("a feed with nothing of the user's goes with its articles, and the run says so", arguments: [FreshRSSBench.API.greader, .miniflux])
    func goesWhenNothingIsKept(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        let feed2 = try #require(bench.feeds.feeds.first { $0.title == "Feed 2" }?.id)
        bench.feeds.unsubscribeAsAnotherClient(feed: feed2)
        let report = try bench.sync()
        #expect(report.departed == [DepartedFeed(title: "Feed 2", url: "https://site2.example/feed.xml", kept: 0, starred: 0, unsent: 0, removed: 3)],
                "\(api): \(report.departed)")
        #expect(try bench.localArticles().count == 3 && bench.store.feeds.list(accountID: bench.account.id).count == 1, "\(api): feed 2 stayed")
    }

    @Test("a feed listed again under its id is the server's again: the server's sets apply to it once more")
    func listedAgain() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        try bench.star([item[0]], true)
        try bench.sync()
        let sync = bench.store.sync, account = bench.account.id
        let listed = try bench.store.feeds.list(accountID: account).map(\.feed)
            .map { (serverID: $0.serverID, title: $0.title, url: $0.url, siteURL: $0.siteURL, folderServerID: String?.none) }
        var departed: [DepartedFeed] = []
        try sync.applyStructure(accountID: account, folders: [], feeds: listed.filter { $0.title != "Feed 1" }) { departed.append($0) }
        #expect(departed.map(\.title) == ["Feed 1"] && departed.first?.kept == 1, "\(departed)")
        try sync.applyIDSet(accountID: account, field: .starred, members: [], complete: true, protected: [])
        #expect(try bench.local(item[0])?.starred == true, "the server's starred set unstarred an article of a feed it no longer lists")
        // Hidden, then shown again (FreshRSS): the same id is listed once more.
        try sync.applyStructure(accountID: account, folders: [], feeds: listed) { departed.append($0) }
        #expect(departed.count == 1, "a feed listed again is not a departure: \(departed)")
        try sync.applyIDSet(accountID: account, field: .starred, members: [], complete: true, protected: [])
        #expect(try bench.local(item[0])?.starred == false, "the server's set no longer applies to a feed it lists again")
    }
}
