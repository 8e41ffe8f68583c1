import Foundation
import Testing
@testable import LectorSettings

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
        #expect(plan.isEmpty && plan.lines == ["nothing to change"], "\(plan.lines)")
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

    @Test("subscriptions add folders and feeds, update titles, and remove only when replacing")
    func subscriptionChanges() throws {
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
            "missing_sections": [], "adds": 0, "updates": 1, "removes": 0,
        ]
        #expect(plan.json == expected, "\(plan.json.canonicalText())")
    }
}
