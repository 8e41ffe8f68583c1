import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// Fever-specific sync behaviour against the FreshRSS Fever emulator (and its Miniflux toggle mode).
@Suite("Fever sync")
struct FeverSyncTests {
    let ids = (1...6).map { FreshRSSBench.itemID(Int64($0)) }

    private func marks(_ bench: FreshRSSBench) -> [String] {
        bench.server.requests.compactMap { request in
            guard let action = request.formValue("as"), let id = request.formValue("id") else { return nil }
            return "\(action) \(id)"
        }
    }

    @Test("groups become folders (first group wins) and entries page 50 at a time until exhausted")
    func structureAndPaging() throws {
        let bench = try FreshRSSBench(.fever, feedCount: 3, itemsPerFeed: 45)
        try bench.sync()
        let feeds = try bench.store.feeds.list(accountID: bench.account.id)
        #expect(Set(feeds.map { "\($0.feed.title)|\($0.folderName ?? "-")" }) == ["Feed 1|Tech", "Feed 2|News", "Feed 3|Tech"],
                "feeds are not filed in their Fever groups: \(feeds.map { ($0.feed.title, $0.folderName) })")
        #expect(try bench.localArticles().count == 135, "not every item arrived through since_id paging")
        let pages = bench.server.requests.filter { ($0.query ?? "").contains("since_id") }
        #expect(pages.count == 4, "135 items need 3 pages of 50 and one empty page, made \(pages.count) calls")
    }

    @Test("a push that fails on its second mark sends only the unacknowledged marks next time")
    func pushFailsHalfWay() throws {
        let bench = try FreshRSSBench(.fever)
        try bench.sync()
        try bench.markRead(Array(ids[0..<3]), true)
        try bench.star([ids[3]], true)
        bench.server.clearLog()
        bench.tamper.on(skip: 1, .dropBefore) { $0.formValue("mark") != nil }
        #expect(throws: SyncError.self, "the second mark failed: the sync must say so") { try bench.sync() }
        let sentFirst = marks(bench)
        #expect(sentFirst.count == 2, "one mark applied and one broken were expected: \(sentFirst)")
        bench.server.clearLog()
        try bench.sync()
        let sentAgain = marks(bench)
        #expect(!sentAgain.contains(sentFirst[0]), "the acknowledged mark \(sentFirst[0]) was sent again: \(sentAgain)")
        #expect(sentAgain.count == 3, "the three unacknowledged marks must be sent once each: \(sentAgain)")
        #expect(ids[0..<3].allSatisfy { bench.remote($0)?.read == true }, "a read was lost")
        #expect(bench.remote(ids[3])?.starred == true, "the star was lost")
        #expect(try bench.pendingIntents().isEmpty, "everything is acknowledged yet something is queued")
    }

    @Test("Miniflux-style toggling saved: a star retried after a lost answer stays starred",
          arguments: [true, false])
    func toggleRetriedAfterLostAnswer(starring: Bool) throws {
        let bench = try FreshRSSBench(.fever)
        bench.fever?.setSavedIsToggle(true)
        if !starring { bench.otherClient(ids[0], starred: true) }
        try bench.sync()
        try bench.star([ids[0]], starring)
        bench.tamper.on(.loseAnswer) { $0.formValue("mark") == "item" }
        #expect(throws: SyncError.self, "a lost answer must fail the push") { try bench.push() }
        #expect(bench.remote(ids[0])?.starred == starring, "the toggle should have been applied before the answer was lost")
        try bench.sync()
        #expect(bench.remote(ids[0])?.starred == starring, "the retry toggled the item back: the server no longer has what the user asked")
        #expect(try bench.local(ids[0])?.starred == starring, "the local star does not match what the user asked")
        #expect(try bench.pendingIntents().isEmpty, "the star is done but still queued")
        try bench.sync()
        #expect(bench.remote(ids[0])?.starred == starring, "a later sync toggled the item again")
    }

    @Test("feeds FreshRSS leaves out of the id lists keep their state; they are not marked read or unstarred")
    func categoryOnlyFeeds() throws {
        let bench = try FreshRSSBench(.fever)
        let hidden = bench.feeds.feeds[1].id
        let hiddenItems = bench.feeds.items.filter { $0.feedID == hidden }.map(\.id)
        bench.otherClient(hiddenItems[0], starred: true)
        bench.otherClient(hiddenItems[1], read: true)
        bench.fever?.setCategoryOnly(feeds: [hidden])
        try bench.sync()
        try bench.sync()
        #expect(try bench.local(hiddenItems[0])?.read == .unread, "an unread item of a left-out feed was marked read")
        #expect(try bench.local(hiddenItems[0])?.starred == true, "a saved item of a left-out feed was unstarred")
        #expect(try bench.local(hiddenItems[1])?.read == .read, "a read item of a left-out feed is not read")
        #expect(try bench.local(hiddenItems[2])?.read == .unread, "an unread item of a left-out feed was marked read")
        bench.otherClient(ids[0], read: true)
        try bench.sync()
        #expect(try bench.local(ids[0])?.read == .read, "the listed feeds are no longer reconciled from the id lists")
    }

    @Test("a wrong password is an authentication error even though Fever answers HTTP 200")
    func wrongPassword() throws {
        let bench = try FreshRSSBench(.fever)
        let provider = try Providers.make(for: bench.account, secret: "wrong", http: bench.http)
        #expect(throws: SyncError.self) { try provider.login() }
        do {
            _ = try provider.serverPull().structure()
        } catch {
            guard case .authentication = error else { Issue.record("expected an authentication error, got \(error)"); return }
        }
    }

    @Test("Fever refuses every administration call cleanly, without a request")
    func administrationRefused() throws {
        let bench = try FreshRSSBench(.fever)
        let provider = bench.provider
        #expect(provider.capabilities.canEditStructure == false, "Fever must declare it cannot edit structure")
        bench.server.clearLog()
        let feed = RemoteFeedReference(serverID: "1", url: "https://site1.example/feed.xml", folder: RemoteFolder(serverID: "2", name: "Tech"))
        let folder = RemoteFolder(serverID: "2", name: "Tech")
        let calls: [(String, () throws(SyncError) -> Void)] = [
            ("subscribe", { () throws(SyncError) in _ = try provider.subscribe(feedURL: "https://x.example/feed", folder: nil, title: nil) }),
            ("rename feed", { () throws(SyncError) in try provider.renameFeed(feed, to: "New") }),
            ("move feed", { () throws(SyncError) in try provider.moveFeed(feed, to: "News") }),
            ("unsubscribe", { () throws(SyncError) in try provider.unsubscribe(feed) }),
            ("create folder", { () throws(SyncError) in _ = try provider.createFolder(named: "New") }),
            ("rename folder", { () throws(SyncError) in _ = try provider.renameFolder(folder, to: "New") }),
            ("delete folder", { () throws(SyncError) in try provider.deleteFolder(folder) }),
        ]
        for (name, call) in calls {
            do {
                try call()
                Issue.record("\(name) did not fail on a Fever account")
            } catch {
                guard case .unsupported(let message) = error else { Issue.record("\(name): expected .unsupported, got \(error)"); continue }
                #expect(message.contains("Fever") && message.contains("web page"), "\(name): the message does not say what to do: \(message)")
            }
        }
        #expect(bench.server.requests.isEmpty, "a refused administration call still talked to the server")
    }
}
