import Foundation
import Testing
@testable import LectorSettings

private func documentWith(accounts: [BackupAccount]) throws -> BackupDocument {
    try document(accounts: accounts)
}

private func document(_ preferences: Preferences = .defaults, accounts: [BackupAccount] = sampleAccounts,
                      subscriptions: [String: BackupSubscriptions]? = sampleSubscriptions,
                      readingList: [ReadingListEntry]? = sampleReadingList) throws -> BackupDocument {
    try BackupReader.read(exportedBackup(accounts: accounts, preferences: preferences, subscriptions: subscriptions, readingList: readingList)).document
}

@Suite("Restore plans")
struct BackupPlanTests {
    @Test("restoring onto an identical machine changes nothing")
    func identical() throws {
        let current = BackupState(accounts: sampleAccounts, preferences: .defaults, subscriptions: sampleSubscriptions, readingList: sampleReadingList)
        let plan = BackupPlan(current: current, document: try document(), removeMissing: true)
        #expect(plan.isEmpty && plan.lines == ["  (the backup holds no profiles; nothing to restore there)", "  (the backup holds no rules; nothing to restore there)",
                                         "  (the backup holds no saved-searches; nothing to restore there)", "nothing to change"], "\(plan.lines)")
    }

    @Test("settings are compared key by key, with old and new values")
    func settingsChanges() throws {
        let wanted = try document(Preferences(stored: ["reader.font": "news", "swipe.leading": ["share"]]))
        let current = BackupState(preferences: Preferences(stored: ["appearance.theme": "pure-dark"]))
        let plan = BackupPlan(current: current, document: wanted, sections: [.settings])
        #expect(plan.lines == [
            "~ settings reader.font: system → news",
            "~ settings appearance.theme: pure-dark → system",
            "~ settings swipe.leading: toggle-read → share",
            "0 to add, 3 to change, 0 to remove",
        ], "\(plan.lines)")
        #expect(plan.settingChanges.map(\.key) == ["reader.font", "appearance.theme", "swipe.leading"], "appliable changes")
    }

    @Test("accounts are added and updated by name; locals stay unless replacing, and the default moves")
    func accountChanges() throws {
        let current = BackupState(accounts: [
            BackupAccount(kind: .freshrss, name: "home", url: "https://old.example.org", user: "alice", isDefault: false),
            BackupAccount(kind: .feedbin, name: "mine", url: nil, user: "me", isDefault: true),
        ])
        let merged = BackupPlan(current: current, document: try document(), sections: [.accounts])
        #expect(merged.lines == [
            "~ accounts home.default: false → true",
            "~ accounts home.url: https://old.example.org → https://rss.example.org/api/greader.php",
            "+ accounts work (default=false, kind=miniflux, url=https://flux.example.com, user=al)",
            "+ accounts offline (default=false, kind=local)",
            "~ accounts mine.default: true → false",
            "2 to add, 3 to change, 0 to remove",
        ], "\(merged.lines)")
        let replaced = BackupPlan(current: current, document: try document(), sections: [.accounts], removeMissing: true)
        #expect(replaced.lines.contains("- accounts mine (default=true, kind=feedbin, user=me)"), "\(replaced.lines)")
    }

    @Test("a local account's subscriptions add folders and feeds, update titles, and remove only when replacing")
    func subscriptionChanges() throws {
        let localHome = sampleAccounts.map { BackupAccount(kind: $0.name == "home" ? .local : $0.kind, name: $0.name, url: nil, user: nil,
                                                           isDefault: $0.isDefault) }
        func document() throws -> BackupDocument { try documentWith(accounts: localHome) }
        let current = BackupState(subscriptions: ["home": BackupSubscriptions(folders: ["Tech", "Old"], feeds: [
            BackupFeed(title: "Tech (old name)", url: "https://tech.example.org/feed.xml", siteURL: "https://tech.example.org/", folder: "Tech"),
            BackupFeed(title: "Gone", url: "https://gone.example.org/rss", siteURL: nil, folder: "Old"),
        ])])
        let merged = BackupPlan(current: current, document: try document(), sections: [.subscriptions])
        #expect(merged.lines == [
            "+ subscriptions home folder News",
            "~ subscriptions home feed https://tech.example.org/feed.xml title: Tech (old name) → Tech Daily",
            "+ subscriptions home feed https://loose.example.net/rss (title=Loose)",
            "2 to add, 1 to change, 0 to remove",
        ], "\(merged.lines)")
        let replaced = BackupPlan(current: current, document: try document(), sections: [.subscriptions], removeMissing: true)
        #expect(replaced.lines.suffix(3) == [
            "- subscriptions home feed https://gone.example.org/rss (folder=Old, title=Gone)",
            "- subscriptions home folder Old",
            "2 to add, 1 to change, 2 to remove",
        ], "\(replaced.lines)")
    }

    @Test("a remote account's subscriptions are not planned as changes: the next sync compares them with the server")
    func remoteSubscriptionsWaitForTheServer() throws {
        let current = BackupState(accounts: sampleAccounts, subscriptions: ["home": BackupSubscriptions(folders: [], feeds: [])])
        let plan = BackupPlan(current: current, document: try document(), sections: [.subscriptions], removeMissing: true)
        #expect(plan.changes.isEmpty, "no subscription change is applied to a remote account: \(plan.lines)")
        #expect(plan.comparedAtSync == ["home"] && !plan.isEmpty, "home (freshrss) waits for its server")
        #expect(plan.lines.first == "= subscriptions home: kept by its server; compared with the server at the next sync", "\(plan.lines)")
        let same = BackupPlan(current: BackupState(accounts: sampleAccounts, subscriptions: sampleSubscriptions),
                              document: try document(), sections: [.subscriptions])
        #expect(same.isEmpty, "a server that already matches the backup leaves nothing to compare: \(same.lines)")
    }

    @Test("profiles are added by name, changed when they differ, removed only when replacing")
    func profileChanges() throws {
        let evening = try Profile(name: "evening", description: "Evening", values: ["reader.font": "news"])
        let older = try Profile(name: "evening", description: "Evening", values: ["reader.font": "classic"])
        let mine = try Profile(name: "mine", description: "Mine", values: [:])
        var wanted = try document()
        wanted.profiles = [evening]
        let plan = BackupPlan(current: BackupState(profiles: [older, mine]), document: wanted, sections: [.profiles])
        #expect(plan.profilesToSave == ["evening"] && plan.profilesToRemove.isEmpty, "\(plan.lines)")
        let replaced = BackupPlan(current: BackupState(profiles: [older, mine]), document: wanted, sections: [.profiles], removeMissing: true)
        #expect(replaced.profilesToRemove == ["mine"], "\(replaced.lines)")
        #expect(BackupPlan(current: BackupState(profiles: [evening]), document: wanted, sections: [.profiles]).isEmpty)
    }

    @Test("the reading list is merged by account and article URL")
    func readingListChanges() throws {
        let current = BackupState(readingList: [ReadingListEntry(account: "home", articleURL: "https://x.example/old", title: "Old")])
        let merged = BackupPlan(current: current, document: try document(), sections: [.readingList])
        #expect(merged.lines == ["+ reading-list home https://tech.example.org/a1 (First)", "1 to add, 0 to change, 0 to remove"], "\(merged.lines)")
        let replaced = BackupPlan(current: current, document: try document(), sections: [.readingList], removeMissing: true)
        #expect(replaced.lines.contains("- reading-list home https://x.example/old (Old)"), "\(replaced.lines)")
    }

    @Test("unselected sections are ignored and absent ones are noted")
    func sectionSelection() throws {
        let wanted = try document(Preferences(stored: ["reader.font": "news"]), subscriptions: nil, readingList: nil)
        let plan = BackupPlan(current: BackupState(), document: wanted, sections: [.settings, .subscriptions])
        #expect(plan.changes.allSatisfy { $0.section == .settings }, "only settings changes")
        #expect(plan.missingSections == [.subscriptions], "the backup has no subscriptions")
        #expect(plan.lines.contains("  (the backup holds no subscriptions; nothing to restore there)"), "\(plan.lines)")
    }

    @Test("the JSON form carries every change with section, action, subject, old and new")
    func jsonForm() throws {
        let wanted = try document(Preferences(stored: ["reader.font": "news"]))
        let plan = BackupPlan(current: BackupState(accounts: sampleAccounts), document: wanted, sections: [.settings, .accounts])
        let expected: JSONValue = [
            "changes": [["section": "settings", "action": "change", "subject": "reader.font", "old": "system", "new": "news"]],
            "missing_sections": [], "compared_at_sync": [], "compared_settings": [], "waiting_rules": [], "adds": 0, "updates": 1, "removes": 0,
        ]
        #expect(plan.json == expected, "\(plan.json.canonicalText())")
    }
}
