import Foundation
import LectorAccounts
import LectorHTTP
import LectorKeyring
import LectorStore
import Testing

@Suite("A sync run of the account core")
struct SyncRunTests {
    typealias Home = AccountManagerTests.Home

    func request(_ trigger: SyncRequest.Trigger, pushOnly: Bool = false, account: String? = nil, now: Date = Date()) -> SyncRequest {
        SyncRequest(accountName: account, trigger: trigger, pushOnly: pushOnly, ageLimit: .all, now: now)
    }

    @Test("with no account a manual sync is refused and an automatic one reports nothing; the demo is never synced")
    func noAccount() throws {
        let home = try Home()
        try home.store.accounts.insert(kind: .local, name: "Demo", isDemo: true)
        let manager = home.manager()
        #expect(throws: AccountsError.noAccountToSync, "a person asking to sync nothing is told so") {
            try manager.sync(request(.manual))
        }
        #expect(try manager.sync(request(.automatic(intervalMinutes: 60))).accounts.isEmpty, "a timer with nothing to sync is quiet")
    }

    @Test("an automatic sync declines an account synced within the floor, never less than 15 minutes; a manual one runs it")
    func automaticFloor() throws {
        let home = try Home()
        let account = try home.store.accounts.insert(kind: .local, name: "Home")
        let now = Date()
        try home.store.sync.recordStart(accountID: account.id, at: now.timeIntervalSince1970 - 10 * 60)
        let manager = home.manager()
        let auto = try manager.sync(request(.automatic(intervalMinutes: 5), now: now)).accounts
        #expect(auto.map(\.outcome) == [.skipped], "10 minutes ago is within the 15-minute floor, whatever the interval says")
        #expect(auto.first?.detail == .recentlySynced(minutesAgo: 10, floorMinutes: 15), "the skip says when and how long it waits")
        let manual = try manager.sync(request(.manual, now: now)).accounts
        #expect(manual.map(\.outcome) == [.ok], "a sync a person asks for always runs")
        let later = try manager.sync(request(.automatic(intervalMinutes: 5), now: now.addingTimeInterval(16 * 60))).accounts
        #expect(later.map(\.outcome) == [.ok], "past the floor an automatic sync runs")
    }

    @Test("a local account's feed that is not a web address fails the account with that typed cause")
    func localFeedFailure() throws {
        let home = try Home()
        let account = try home.store.accounts.insert(kind: .local, name: "Home")
        // An empty address is no URL at all (what a damaged store or an old import may hold).
        _ = try home.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "1", title: "Broken", url: "", siteURL: nil)
        let report = try #require(try home.manager().sync(request(.manual)).accounts.first, "the account ran")
        #expect(report.outcome == .failed, "nothing else was fetched, so the account failed")
        #expect(report.failures == [SyncFailure(feed: "Broken", url: "", cause: .notAWebAddress)],
                "the failure names the feed and why")
        guard case .fetched(let fetched) = report.detail else { Issue.record("a local run reports its fetches, not \(report.detail)"); return }
        #expect(fetched.fetched == 0, "no feed was fetched")
    }

    @Test("push-only has nothing to do for a local account; a remote account without its secret fails with that cause")
    func pushOnlyAndMissingSecret() throws {
        let home = try Home()
        try home.store.accounts.insert(kind: .local, name: "Home")
        try home.store.accounts.insert(kind: .miniflux, name: "Server", url: "https://lector-\(UUID().uuidString).invalid", username: "me")
        let reports = try home.manager().sync(request(.manual, pushOnly: true)).accounts
        #expect(reports.map(\.outcome) == [.ok, .failed], "the local account is done, the remote one cannot log in")
        #expect(reports.first?.detail == .nothingToPush, "a local account has no server to push to")
        #expect(reports.last?.failures.map(\.cause) == [.account(.missingSecret(account: "Server"))], "the failure keeps its typed cause")
    }

    @Test("a run interrupted before it starts reaches no account, and one account can be chosen by name")
    func interruptedAndNamed() throws {
        let home = try Home()
        try home.store.accounts.insert(kind: .local, name: "Home")
        try home.store.accounts.insert(kind: .local, name: "Work")
        let manager = home.manager()
        #expect(try manager.sync(request(.manual), isInterrupted: { true }).accounts.isEmpty, "Ctrl-C before the first account stops the run")
        #expect(try manager.sync(request(.manual, account: "work")).accounts.map(\.account.name) == ["Work"], "only the account named runs")
    }

    @Test("the flush after a mark concerns server accounts only, and a failed push keeps the change for the next sync")
    func markFlush() throws {
        let home = try Home()
        let local = try home.store.accounts.insert(kind: .local, name: "Home")
        let remote = try home.store.accounts.insert(kind: .miniflux, name: "Server", url: "https://lector-\(UUID().uuidString).invalid",
                                                    username: "me")
        let manager = home.manager()
        #expect(try manager.flushMarks(accountIDs: [local.id]) == nil, "a local account has no server to send to")
        #expect(try manager.flushMarks(accountIDs: [local.id, remote.id]) == false, "without its secret the change waits for the next sync")
    }
}
