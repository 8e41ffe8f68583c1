import Foundation
import LectorAccounts
import LectorBasics
import LectorSettings
import LectorStore
import Testing

@Suite("Rules and saved searches in backups")
struct BackupRulesRestoreTests {
    typealias Home = AccountManagerTests.Home
    static let sections: Set<BackupSection> = [.accounts, .subscriptions, .rules, .savedSearches]

    /// A local account with a feed in a folder, a rule for the feed, one for the folder, one
    /// for every account (off), and a saved search; exported.
    static func exported() throws -> BackupDocument {
        let home = try Home()
        let account = try home.store.accounts.insert(kind: .local, name: "Home")
        let folder = try home.store.folders.insert(accountID: account.id, serverID: "Coast", name: "Coast")
        let feed = try home.store.feeds.insert(accountID: account.id, folderID: folder.id, serverID: "https://example.org/tides.xml",
                                               title: "Tide Tables", url: "https://example.org/tides.xml", siteURL: nil)
        try home.store.rules.add(name: "storms", expression: "title contains storm", action: .star,
                                 scope: RuleScope(accountID: account.id, feedID: feed.id))
        try home.store.rules.add(name: "coast-ads", expression: "title matches \"^Sponsored\"", action: .hide,
                                 scope: RuleScope(accountID: account.id, folderID: folder.id))
        try home.store.rules.add(name: "old", expression: "age > 30d", action: .read, scope: RuleScope(), enabled: false)
        try home.store.savedSearches.save(SavedSearch(name: "today", expression: "age < 1d and unread"))
        try home.store.savedSearches.save(SavedSearch(name: "storm-watch", expression: "title contains storm", label: true))
        return try home.manager().backup(of: sections, preferences: .defaults, profiles: [], toolVersion: "test")
    }

    static func prepare(_ file: BackupDocument, in home: Home, removeMissing: Bool = false) throws -> PlannedRestore {
        try home.manager().prepareRestore(of: file, sections: sections, removeMissing: removeMissing, keepConsents: false,
                                          settings: SettingsEditor(storage: InMemorySettingsStorage()), profiles: []).planned(dropping: [])
    }

    static func restore(_ file: BackupDocument, in home: Home, removeMissing: Bool = false) throws {
        _ = try home.manager().restore(try prepare(file, in: home, removeMissing: removeMissing),
                                       settings: SettingsEditor(storage: InMemorySettingsStorage()),
                                       directories: BackupRestoreTests.directories(home))
    }

    @Test("an export carries each rule with its scope by name, and the saved searches")
    func exportCarriesRules() throws {
        let file = try Self.exported()
        #expect(file.rules == [
            BackupRule(name: "coast-ads", expression: "title matches \"^Sponsored\"", action: "hide", enabled: true, account: "Home", folder: "Coast"),
            BackupRule(name: "old", expression: "age > 30d", action: "read", enabled: false),
            BackupRule(name: "storms", expression: "title contains storm", action: "star", enabled: true, account: "Home",
                       feed: "https://example.org/tides.xml"),
        ], "the rules section is not the store's rules: \(String(describing: file.rules))")
        #expect(file.savedSearches == [SavedSearch(name: "storm-watch", expression: "title contains storm", label: true),
                                       SavedSearch(name: "today", expression: "age < 1d and unread")],
                "the saved searches are missing, or the one kept as a label lost it: \(String(describing: file.savedSearches))")
        let (read, warnings) = try BackupReader.read(file.encoded())
        #expect(read == file && warnings.isEmpty, "the exported file does not read back the same: \(warnings)")
    }

    @Test("a restore into a fresh home brings the rules, their feed and folder found again, and the saved searches; twice changes nothing")
    func restoreIntoFreshHome() throws {
        let file = try Self.exported()
        let home = try Home()
        try Self.restore(file, in: home)
        let account = try #require(try home.store.accounts.named("Home"))
        let feed = try #require(try home.store.feeds.list(accountID: account.id).first?.feed)
        let storms = try #require(try home.store.rules.named("storms"), "the feed's rule was not restored")
        #expect(storms.scope == RuleScope(accountID: account.id, feedID: feed.id) && storms.action == .star,
                "the rule lost its feed or its action: \(storms)")
        #expect(try home.store.rules.named("coast-ads")?.folderName == "Coast", "the folder's rule lost its folder")
        #expect(try home.store.rules.named("old")?.enabled == false, "a rule that was off came back on")
        #expect(try home.store.savedSearches.all() == [SavedSearch(name: "storm-watch", expression: "title contains storm", label: true),
                                                        SavedSearch(name: "today", expression: "age < 1d and unread")],
                "the saved searches came back different (the label kept?)")
        let again = try Self.prepare(file, in: home)
        #expect(again.plan.isEmpty, "restoring the same file again would change: \(again.plan.lines)")
        try Self.restore(file, in: home)
        #expect(try home.store.rules.all().count == 3 && home.store.savedSearches.all().count == 2, "a second restore added copies")
    }

    @Test("a rule that differs takes the file's filter and keeps its record; --replace removes rules and searches the file lacks")
    func changeAndReplace() throws {
        let file = try Self.exported()
        let home = try Home()
        try Self.restore(file, in: home)
        try home.store.rules.setEnabled("old", true)
        try home.store.rules.add(name: "mine", expression: "starred", action: .hide, scope: RuleScope())
        try home.store.savedSearches.save(SavedSearch(name: "later", expression: "unread"))
        let plan = try Self.prepare(file, in: home).plan
        #expect(plan.lines.contains("~ rules old.enabled: true → false"), "the plan does not show the change: \(plan.lines)")
        try Self.restore(file, in: home)
        #expect(try home.store.rules.named("old")?.enabled == false, "the restore did not take the file's 'enabled'")
        #expect(try home.store.rules.named("mine") != nil, "a restore without --replace removed a rule")
        try Self.restore(file, in: home, removeMissing: true)
        #expect(try home.store.rules.named("mine") == nil, "--replace left a rule the file does not have")
        #expect(try home.store.savedSearches.named("later") == nil, "--replace left a saved search the file does not have")
    }

    @Test("a rule whose remote account's feed is not here yet waits with a reason, and the rest is restored")
    func ruleForAFeedNotHereWaits() throws {
        var file = try Self.exported()
        file.accounts.append(BackupAccount(kind: .miniflux, name: "Office", url: "https://miniflux.example", user: "ann", isDefault: false))
        file.rules?.append(BackupRule(name: "office-feed", expression: "unread", action: "read", enabled: true, account: "Office",
                                      feed: "https://example.com/news.xml"))
        let home = try Home()
        let planned = try Self.prepare(file, in: home)
        #expect(planned.plan.waitingRules.map(\.name) == ["office-feed"], "the rule for a feed the server has not brought must wait")
        #expect(planned.plan.lines.contains { $0.hasPrefix("= rules office-feed: left out, account 'Office' has no feed") },
                "the plan does not say why: \(planned.plan.lines)")
        try Self.restore(file, in: home)
        #expect(try home.store.rules.named("office-feed") == nil && home.store.rules.all().count == 3, "the waiting rule was written")
    }

    @Test("a rule with an action this Lector does not know, or a filter that does not parse, is one error and nothing changes")
    func unknownActionChangesNothing() throws {
        var file = try Self.exported()
        file.rules?[0].action = "archive"
        file.savedSearches?[0].expression = "titel contains x"
        let home = try Home()
        do {
            _ = try Self.prepare(file, in: home)
            Issue.record("a rule with an unknown action was taken")
        } catch let AccountsError.backup(.invalid(_, violations)) {
            #expect(violations.map(\.path) == ["rules[0].action", "saved_searches[0].expression"], "wrong problems: \(violations)")
        }
        #expect(try home.store.accounts.all().isEmpty && home.store.rules.all().isEmpty, "something changed before the error")
    }
}
