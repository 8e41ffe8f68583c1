import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// Two syncs of one account at once — the systemd timer, the REPL's sync on launch and a manual
/// `sync` overlap in normal use — each on its own connection, as two processes would be.
@Suite("Overlapping syncs", .serialized)
struct OverlappingSyncTests {
    let item = FreshRSSBench.itemID(1)

    @Test("read, a slow push, unread, a second slow push that fails: the user's last change (unread) wins on the server")
    func lastChangeWinsOnTheServer() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        try bench.markRead([item], true)
        // The first push's answer arrives late; the server has already applied 'read'.
        bench.tamper.on(.lateAnswer(1.5)) { $0.path.hasSuffix("/edit-tag") }
        nonisolated(unsafe) let first = SyncEngine(store: bench.store, account: bench.account, provider: bench.provider)
        let firstDone = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var firstOutcome: Result<SyncReport, SyncError>?
        Thread {
            do throws(SyncError) { firstOutcome = .success(try first.push()) } catch { firstOutcome = .failure(error) }
            firstDone.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.4)

        // Meanwhile, another process: the user marks the article unread, and its push fails (a
        // 503, late: the first push's answer arrives while this one is still in flight).
        let other = try Store(path: bench.store.database.path)
        // The first push owns `bench.store` meanwhile: this side reads through its own connection.
        let articleID = try #require(try other.articles.list(ArticleQuery(accountID: bench.account.id, limit: 100)).first { $0.serverID == String(item) }).id
        try other.states.setRead([articleID], to: .unread)
        bench.tamper.on(.lateFailure(2, status: 503)) { $0.path.hasSuffix("/edit-tag") }
        let second = SyncEngine(store: other, account: bench.account, provider: try Providers.make(for: bench.account, secret: FreshRSSBench.user.password, http: bench.http))
        #expect(throws: SyncError.self, "the second push met a 503 and must say so") { try second.push() }
        firstDone.wait()
        if case .failure(let error) = firstOutcome { Issue.record("the first (slow) push failed: \(error)") }

        let queued = try bench.pendingIntents()
        #expect(queued.map(\.desired) == ["false"], "the unsent 'unread' must still be queued after both pushes, queue: \(queued)")
        try bench.sync()
        #expect(bench.remote(item)?.read == false, "the user's last change was 'unread', but the server has the item read")
        #expect(try bench.local(item)?.read == .unread, "the next sync turned the article back to read locally")
        #expect(try bench.pendingIntents().isEmpty)
    }

    @Test("a second sync of an account waits for the first, then runs; one that cannot wait says 'already syncing'")
    func oneSyncPerAccount() throws {
        let bench = try FreshRSSBench(.greader)
        let other = try Store(path: bench.store.database.path)
        nonisolated(unsafe) let held = try SyncLock.acquire(store: other, account: bench.account)
        #expect {
            try SyncLock.acquire(store: bench.store, account: bench.account, wait: 0.3)
        } throws: { error in
            guard case SyncError.alreadySyncing(_, let pid) = error else { return false }
            return pid == getpid() && (error as! SyncError).description.contains("already syncing")
        }
        // The first sync ends a moment later; a second one waiting meanwhile then runs.
        Thread { Thread.sleep(forTimeInterval: 0.5); held.release() }.start()
        let started = Date()
        try bench.sync()
        #expect(Date().timeIntervalSince(started) >= 0.3, "the second sync did not wait for the first to end")
        #expect(try bench.store.syncClaims.current(accountID: bench.account.id) == nil, "a finished sync must release its claim")
    }

    @Test("a claim left by a killed process does not block the next sync")
    func claimOfDeadProcessIsTakenOver() throws {
        let bench = try FreshRSSBench(.greader)
        // A process that has exited: its pid no longer runs.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        _ = try bench.store.syncClaims.claim(accountID: bench.account.id, pid: child.processIdentifier, token: "killed",
                                             now: Date().timeIntervalSince1970, staleAfter: 120, isAlive: { _ in true })
        let started = Date()
        try bench.sync()
        #expect(Date().timeIntervalSince(started) < SyncLock.defaultWait, "the sync waited for a process that is gone")
    }
}
