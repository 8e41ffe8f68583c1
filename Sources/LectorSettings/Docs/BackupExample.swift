import LectorBasics

/// The example documents shown in docs/backup.md, built with the same code that exports real ones.
enum BackupExample {
    static var document: BackupDocument {
        var preferences = SettingsRegistry.defaults
        preferences["reader.font"] = "news"
        preferences["reader.bionic"] = "F2"
        preferences["appearance.theme"] = "midnight-dark"
        preferences["sync.interval"] = 60
        return BackupDocument(
            toolVersion: "1.0.0",
            createdAt: "2026-11-29T16:40:00Z",
            accounts: [
                BackupAccount(kind: stored("freshrss"), name: "home", url: "https://rss.example.org/api/greader.php", user: "alice", isDefault: true),
                BackupAccount(kind: .serverless, name: "laptop", url: nil, user: nil, isDefault: false),
            ],
            settings: Preferences(stored: preferences).grouped,
            subscriptions: [
                "home": BackupSubscriptions(folders: ["Tech"], feeds: [
                    BackupFeed(title: "Example Tech", url: "https://tech.example.org/feed.xml", siteURL: "https://tech.example.org/", folder: "Tech"),
                ]),
                "laptop": BackupSubscriptions(folders: [], feeds: [
                    BackupFeed(title: "Notes", url: "https://notes.example.net/rss", siteURL: nil, folder: nil,
                               readArticles: ["notes-2026-11-27", "sha256:5d2e8f0a1c47b3e9d6f2a8c05b1e7d4a9c3f6e2b8d0a7c5e1f4b9d2a6c8e0f3b"],
                               starredArticles: ["notes-2026-11-27"]),
                    BackupFeed(title: "lamp.example", url: "https://lamp.example/atom.xml", siteURL: nil, folder: nil, titleIsPlaceholder: true),
                ]),
            ],
            readingList: [
                ReadingListEntry(account: "home", articleURL: "https://tech.example.org/2026/11/swift-on-linux", title: "Swift on Linux"),
            ],
            // A fixed, valid example profile: it cannot fail to build (a test validates the example).
            profiles: (try? Profile(name: "evening", description: "Larger type for the evening.",
                                    values: ["reader.line-spacing": "relaxed"])).map { [$0] },
            rules: [
                BackupRule(name: "crypto", expression: "title contains bitcoin or title matches \"(?i)\\bNFTs?\\b\"", action: "read", enabled: true),
                BackupRule(name: "long-reads", expression: "content contains \"deep dive\"", action: "star", enabled: true,
                           account: "home", folder: "Tech"),
            ],
            savedSearches: [SavedSearch(name: "today", expression: "age < 1d and unread")])
    }

    /// An example account's kind as a backup file names it (the example is a file's text, not
    /// knowledge of the services: docs/backup.md shows it as written).
    private static func stored(_ kind: String) -> AccountKind {
        AccountKind(rawValue: kind) ?? .serverless
    }

    static var profile: JSONValue {
        // A fixed, valid example profile: it cannot fail to build (a test validates the example).
        (try? Profile(name: "night", description: "Dark, calm reading after sunset.",
                      values: ["appearance.theme": "midnight-dark", "reader.line-spacing": "relaxed"]))?.jsonValue ?? .null
    }

    static var planLines: [String] {
        let current = BackupState(accounts: [
            BackupAccount(kind: stored("miniflux"), name: "work", url: "https://miniflux.example.com", user: "alice", isDefault: true),
        ])
        return BackupPlan(current: current, document: document).lines
    }
}
