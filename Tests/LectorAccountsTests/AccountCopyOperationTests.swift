import Foundation
import LectorAccounts
import LectorStore
import Testing

@Suite("account copy in the account core")
struct AccountCopyOperationTests {
    typealias Home = AccountManagerTests.Home

    /// Two local accounts: "Home" with a feed in a folder and an item on its reading list, and an empty "Work".
    static func twoAccounts() throws -> Home {
        let home = try Home()
        let account = try home.store.accounts.insert(kind: .local, name: "Home")
        _ = try home.store.accounts.insert(kind: .local, name: "Work")
        let folder = try home.store.folders.insert(accountID: account.id, serverID: "Coast", name: "Coast")
        _ = try home.store.feeds.insert(accountID: account.id, folderID: folder.id, serverID: "https://example.org/tides.xml",
                                        title: "Tide Tables", url: "https://example.org/tides.xml", siteURL: nil)
        try home.store.readingList.add(accountID: account.id, url: "https://example.org/spring-tide", title: "Spring tide")
        return home
    }

    static func copy(_ home: Home, from source: String = "Home", into destination: String = "Work",
                     parts: Set<AccountCopyPart> = Set(AccountCopyPart.allCases), dryRun: Bool) throws -> AccountCopyReport {
        try home.manager().copy(from: source, into: destination, parts: parts, dryRun: dryRun, syncSince: { nil },
                                shouldStop: { false })
    }

    @Test("a dry run reports each part and changes nothing; the copy then files the feed in its folder and adds the reading list")
    func dryRunThenCopy() throws {
        let home = try Self.twoAccounts()
        let work = try #require(try home.store.accounts.named("Work"))
        let dry = try Self.copy(home, dryRun: true)
        #expect(!dry.plan.isEmpty && dry.applied == nil, "a dry run plans the feed and its folder without applying them")
        guard case .planned(wanted: 0) = dry.starred else { Issue.record("a dry run counts the starred articles: \(String(describing: dry.starred))"); return }
        guard case .planned(items: 1, missing: 1) = dry.readingList else { Issue.record("the reading list was not planned: \(String(describing: dry.readingList))"); return }
        #expect(try home.store.feeds.list(accountID: work.id).isEmpty, "a dry run subscribed a feed")

        let report = try Self.copy(home, dryRun: false)
        #expect(report.applied?.allSatisfy { $0 == .done } == true, "every step of the plan should be done: \(String(describing: report.applied))")
        guard case .done(let starred) = report.starred, starred.wanted == 0 else { Issue.record("nothing starred means nothing to find: \(String(describing: report.starred))"); return }
        guard case .copied(items: 1, added: 1) = report.readingList else { Issue.record("the reading list was not copied: \(String(describing: report.readingList))"); return }
        let feeds = try home.store.feeds.list(accountID: work.id)
        #expect(feeds.map(\.feed.url) == ["https://example.org/tides.xml"] && feeds.first?.folderName == "Coast", "the feed did not arrive in its folder: \(feeds)")

        let again = try Self.copy(home, dryRun: false)
        #expect(again.plan.isEmpty && again.applied == nil, "copying again must change nothing new")
        guard case .copied(items: 1, added: 0) = again.readingList else { Issue.record("the reading list was added twice: \(String(describing: again.readingList))"); return }
    }

    @Test("an account is not copied into itself nor into the demo library")
    func refusedDestinations() throws {
        let home = try Self.twoAccounts()
        #expect(throws: AccountsError.copyIntoItself(account: "Home"), "the same account twice must be refused") {
            try Self.copy(home, from: "Home", into: "home", dryRun: true)
        }
        try DemoLibrary.seed(home.store)
        let demo = try #require(try home.store.accounts.all().first(where: \.isDemo))
        #expect(throws: AccountsError.copyIntoDemo, "the demo library is no destination") {
            try Self.copy(home, into: demo.name, dryRun: true)
        }
    }
}
