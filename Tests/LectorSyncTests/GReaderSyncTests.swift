import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// GReader-specific sync behaviour against the FreshRSS emulator.
@Suite("GReader sync")
struct GReaderSyncTests {
    let ids = (1...6).map { FreshRSSBench.itemID(Int64($0)) }

    /// The `i` values of an edit-tag request, as short ids.
    private func editedIDs(_ request: ServerRequest) -> [String] {
        request.formItems.filter { $0.name == "i" }.compactMap { GReaderItemID.parse($0.value).map(String.init) }
    }

    @Test("a push that fails on its second batch sends only the unacknowledged batch next time")
    func pushFailsHalfWay() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        try bench.markRead(Array(ids[0..<3]), true)
        try bench.star(Array(ids[3..<5]), true)
        bench.server.clearLog()
        bench.tamper.on(skip: 1, .status(503)) { $0.path.hasSuffix("/edit-tag") }
        #expect(throws: SyncError.self, "the second batch failed: the sync must say so") { try bench.sync() }
        #expect(ids[0..<3].allSatisfy { bench.remote($0)?.read == true }, "the first (acknowledged) batch did not land")
        #expect(try bench.pendingIntents().map(\.action) == [.starred, .starred], "only the failed batch may stay queued")

        bench.server.clearLog()
        try bench.sync()
        let edits = bench.server.requests.filter { $0.path.hasSuffix("/edit-tag") }
        #expect(edits.count == 1, "exactly the one unacknowledged batch must be sent again, not \(edits.count)")
        #expect(Set(edits.flatMap(editedIDs)) == Set(ids[3..<5].map(String.init)), "the resent batch is not the failed one")
        #expect(ids[3..<5].allSatisfy { bench.remote($0)?.starred == true }, "the second batch never landed")
        #expect(try bench.pendingIntents().isEmpty, "everything is acknowledged yet something is queued")
    }

    @Test("1,001 read marks go as two edit-tags of at most 1,000 ids, each i=… then a= then T= (the shape a real FreshRSS took in project recording 17)")
    func editTagBatchShape() throws {
        let bench = try FreshRSSBench(.greader, feedCount: 2, itemsPerFeed: 501)
        try bench.sync()
        let all = (1...1_002).map { FreshRSSBench.itemID(Int64($0)) }
        try bench.markRead(Array(all.prefix(1_001)), true)
        bench.server.clearLog()
        try bench.sync()
        let edits = bench.server.requests.filter { $0.path.hasSuffix("/edit-tag") }
        #expect(edits.map { editedIDs($0).count }.sorted() == [1, 1_000], "the marks went as \(edits.map { editedIDs($0).count })")
        for edit in edits {
            let names = edit.formItems.map(\.name)
            #expect(names.suffix(2) == ["a", "T"] && names.dropLast(2).allSatisfy { $0 == "i" },
                    "fields out of the recorded order: \(Array(Set(names)))… ending \(names.suffix(3))")
        }
        #expect(all.prefix(1_001).allSatisfy { bench.remote($0)?.read == true } && bench.remote(all[1_001])?.read == false,
                "the server holds the marks as asked")
    }

    @Test("an edit-tag whose answer is lost is sent again and the state ends as asked")
    func lostAnswerIsRetried() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        try bench.star([ids[0]], true)
        bench.tamper.on(.loseAnswer) { $0.path.hasSuffix("/edit-tag") }
        #expect(throws: SyncError.self, "a lost answer must fail the push") { try bench.push() }
        #expect(bench.remote(ids[0])?.starred == true, "the server should have applied the star before the answer was lost")
        #expect(try bench.pendingIntents().count == 1, "an unanswered star must stay queued")
        try bench.sync()
        #expect(bench.remote(ids[0])?.starred == true, "retrying the star undid it")
        #expect(try bench.local(ids[0])?.starred == true, "the star was lost locally")
    }

    @Test("the wire carries long-form item ids; the store keeps the decimal form")
    func longIDsOnTheWire() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        #expect(try bench.localArticles().keys.sorted() == ids.map(String.init).sorted(), "articles are not stored by decimal id")
        try bench.markRead([ids[2]], true)
        bench.server.clearLog()
        try bench.push()
        let sent = bench.server.requests.filter { $0.path.hasSuffix("/edit-tag") }.flatMap { $0.formItems.filter { $0.name == "i" }.map(\.value) }
        #expect(sent == [GReaderItemID.long(ids[2])], "edit-tag must send the long form, sent \(sent)")
    }

    @Test("a negative (Google-era) id survives the round trip through the long hex form")
    func negativeIDs() throws {
        let bench = try FreshRSSBench(.greader, feedCount: 1, itemsPerFeed: 0)
        let negative: Int64 = -6_420_567_834_123_456_789
        bench.feeds.addItem(id: negative, feed: bench.feeds.feeds[0].id, title: "Old", url: "https://site1.example/old")
        try bench.sync()
        #expect(try bench.local(negative)?.read == .unread, "the negative id did not arrive in decimal form")
        try bench.markRead([negative], true)
        try bench.sync()
        #expect(bench.remote(negative)?.read == true, "marking a negative id read did not reach the right item")
    }

    @Test("a failed unread list leaves read state alone; a rate-limited sync pushes nothing twice")
    func failedUnreadList() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        bench.otherClient(ids[0], read: true)
        bench.tamper.on(.status(500)) { $0.path.hasSuffix("/stream/items/ids") && ($0.query ?? "").contains("xt=") }
        #expect(throws: SyncError.self, "a failed unread list must fail the sync") { try bench.sync() }
        #expect(try bench.localArticles().values.allSatisfy { $0.read != .read || $0.serverID == String(ids[0]) },
                "a failed unread list marked articles read")
        bench.tamper.on(.rateLimited)
        do {
            try bench.sync()
            Issue.record("a 429 must fail the sync")
        } catch {
            #expect(error.isTransient, "a 429 must be reported as transient, got \(error)")
        }
        try bench.sync()
        #expect(try bench.local(ids[0])?.read == .read, "after recovery the server's read did not arrive")
    }

    @Test("id lists longer than one page are followed through their continuations, for entries and for state")
    func continuations() throws {
        let bench = try FreshRSSBench(.greader, feedCount: 1, itemsPerFeed: 0)
        let feed = bench.feeds.feeds[0].id
        let count = 10_030
        for n in 1...count {
            bench.feeds.addItem(id: FreshRSSBench.itemID(Int64(n)), feed: feed, title: "Item \(n)", url: "https://site1.example/\(n)",
                                read: n > count - 10, starred: n % 1_000 == 0)
        }
        try bench.sync()
        let local = try bench.localArticles()
        #expect(local.count == count, "only \(local.count) of \(count) entries arrived: a continuation was not followed")
        let pages = bench.server.requests.filter { $0.path.hasSuffix("/stream/items/ids") && ($0.query ?? "").contains("c=") }
        #expect(pages.count >= 2, "the entry and unread lists need a second page each; \(pages.count) continued requests made")
        let last = FreshRSSBench.itemID(1)  // the oldest entry is on the last page (newest first)
        bench.otherClient(last, read: true, starred: true)
        try bench.sync()
        #expect(try bench.local(last)?.read == .read, "a state change on the last page of the unread list did not arrive")
        #expect(try bench.local(last)?.starred == true, "a star on the oldest entry did not arrive")
        #expect(try bench.localArticles().values.filter { $0.read == .unread }.count == bench.feeds.items.filter { !$0.read }.count,
                "local and server unread counts differ after paging")
    }

    @Test("an unread list whose second page fails marks nothing read, though its first page was already stored")
    func unreadListFailsOnItsSecondPage() throws {
        let bench = try FreshRSSBench(.greader, feedCount: 1, itemsPerFeed: 0)
        let count = 10_020
        for n in 1...count {
            bench.feeds.addItem(id: FreshRSSBench.itemID(Int64(n)), feed: bench.feeds.feeds[0].id, title: "Item \(n)",
                                url: "https://site1.example/\(n)")
        }
        try bench.sync()
        // The oldest ids are on the second page: were the first page applied as the whole set,
        // these would turn read.
        bench.tamper.on(.status(500)) { $0.path.hasSuffix("/stream/items/ids") && ($0.query ?? "").contains("xt=") && ($0.query ?? "").contains("c=") }
        #expect(throws: SyncError.self, "a failed page of the unread list must fail the sync") { try bench.sync() }
        let read = try bench.localArticles().values.filter { $0.read != .unread }.count
        #expect(read == 0, "\(read) articles were marked read from an unread list cut short after its first page")
        let continued = bench.server.requests.filter { $0.path.hasSuffix("/stream/items/ids") && ($0.query ?? "").contains("c=") }
        #expect(!continued.isEmpty, "the unread list was meant to need a second page")
    }

    @Test("an expired write token is fetched again once and the write goes through")
    func staleWriteToken() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        try bench.markRead([ids[1]], true)
        bench.tamper.on(.badWriteToken) { $0.path.hasSuffix("/edit-tag") }
        bench.server.clearLog()
        try bench.push()
        #expect(bench.remote(ids[1])?.read == true, "the read never reached the server after the token refresh")
        #expect(bench.requests(containing: "/token").count == 1, "the write token must be fetched again exactly once")
        #expect(try bench.pendingIntents().isEmpty, "the retried write is acknowledged but still queued")
    }
}

@Suite("GReader login")
struct GReaderLoginTests {
    @Test("a wrong API password is an authentication error that says which password is needed")
    func wrongPassword() throws {
        let bench = try FreshRSSBench(.greader)
        let provider = try Providers.make(for: bench.account, secret: "wrong", http: bench.http)
        do {
            _ = try provider.login()
            Issue.record("a wrong password must not log in")
        } catch {
            guard case .authentication(let message) = error else { Issue.record("expected .authentication, got \(error)"); return }
            #expect(message.contains("API password"), "the message does not say which password: \(message)")
        }
    }
}
