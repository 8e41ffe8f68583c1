import LectorBasics
import LectorKeyring
import LectorSettings
import LectorStore
import LectorSync

/// Applies the selected sections of a validated backup in one transaction, with the semantics
/// `BackupPlan` describes: add and update; with `removeMissing`, also remove what the file lacks.
/// A restore followed by the same plan yields no changes (tested).
struct BackupRestorer {
    let store: Store
    let editor: SettingsEditor
    /// Asked whether it already holds an arriving account's secret.
    let keyring: any SecretStore

    /// What a restore leaves for later: accounts that arrived without a secret and need
    /// `account password NAME`, and the backed-up subscriptions of remote accounts, which the
    /// next sync compares with the server (the server is the truth for their structure).
    struct Outcome {
        var needingPassword: [String] = []
        /// Local feeds behind a login as restored (the backup has their user, not their secret).
        var feedsWithLogin: [(account: String, feed: Feed)] = []
        var comparedAtSync: [(accountID: Int64, subscriptions: BackupSubscriptions)] = []
        /// Local feeds' restored marks whose articles are not here yet: the feeds' next fetch applies them.
        var marksWaiting = FeedMarks()
    }

    func apply(_ document: BackupDocument, plan: BackupPlan, sections: Set<BackupSection>,
               removeMissing: Bool) throws -> Outcome {
        try store.write { db in
            var outcome = Outcome()
            if sections.contains(.accounts) {
                outcome.needingPassword = try restoreAccounts(document.accounts, removeMissing: removeMissing)
            }
            if sections.contains(.settings) {
                try editor.apply(plan.settingChanges)
            }
            if sections.contains(.subscriptions), let subscriptions = document.subscriptions {
                for (name, wanted) in subscriptions.sorted(by: { $0.key < $1.key }) {
                    guard let account = try db.accounts.named(name) else {
                        throw StoreError.notFound(what: "account for the subscriptions", name: name)
                    }
                    if !account.kind.hasServer {
                        let restored = try restoreSubscriptions(wanted, into: account, removeMissing: removeMissing)
                        outcome.feedsWithLogin += restored.withLogin.map { (account.name, $0) }
                        outcome.marksWaiting.read += restored.marksWaiting.read
                        outcome.marksWaiting.starred += restored.marksWaiting.starred
                    } else if plan.comparedAtSync.contains(name) {
                        outcome.comparedAtSync.append((account.id, wanted))
                    }
                }
            }
            if sections.contains(.readingList), let entries = document.readingList {
                try restoreReadingList(entries, removeMissing: removeMissing)
            }
            try restoreRules(document, plan: plan, sections: sections, removeMissing: removeMissing)
            return outcome
        }
    }

    private func restoreAccounts(_ wanted: [BackupAccount], removeMissing: Bool) throws -> [String] {
        var needingPassword: [String] = []
        if wanted.contains(where: \.isDefault) { try store.accounts.clearDefault() }
        for account in wanted {
            if let existing = try store.accounts.named(account.name), !existing.isDemo {
                try store.accounts.update(existing.id, url: account.url, username: account.user, plainHTTPHost: account.plainHTTPHost)
                if account.isDefault { try store.accounts.setDefault(existing.id) }
                continue
            }
            // The secret never travels in a backup: remote accounts wait for `account password`,
            // unless this machine's keyring already has it.
            let waits = account.kind.hasServer && !hasSecret(account)
            let inserted = try store.accounts.insert(kind: account.kind, name: account.name, url: account.url,
                                                     username: account.user, needsPassword: waits,
                                                     plainHTTPHost: account.plainHTTPHost)
            if account.isDefault { try store.accounts.setDefault(inserted.id) }
            if waits { needingPassword.append(account.name) }
            // What its first sync brings was there before this machine had its rules: old to them.
            try store.ruleEngine.treatAsOld(accountID: inserted.id)
        }
        if !wanted.isEmpty { try DemoLibrary.dismiss(store) }
        if removeMissing {
            let names = Set(wanted.map(\.name))
            for account in try store.accounts.all() where !account.isDemo && !names.contains(account.name) {
                try store.accounts.remove(account.id)
            }
        }
        return needingPassword
    }

    /// A keyring that cannot answer counts as "no secret": the account is then marked as needing
    /// its password, which `account password` fixes; nothing is sent anywhere.
    private func hasSecret(_ account: BackupAccount) -> Bool {
        ((try? keyring.secret(for: AccountSecret.item(kind: account.kind, url: account.url, user: account.user))) ?? nil) != nil
    }

    /// A local account's feed settings from a file as the store may keep them: only the keys a
    /// local account keeps (Lector is its server), never a secret (`cookie`, `server-login`: a
    /// backup Lector writes has none, and the store would hold it in clear), a secret part as the marker.
    static func storableSettings(_ settings: [String: String], of kind: AccountKind) -> [String: String] {
        let kept = kind.service.feedSettingKeys
        return settings.reduce(into: [:]) { result, entry in
            guard let key = FeedSettingKey(rawValue: entry.key), kept.contains(key), !key.holdsSecret else { return }
            result[entry.key] = key.storable(entry.value)
        }
    }

    /// A local account's folders, feeds and marks, restored as they were; returns the feeds behind
    /// a login and the marks waiting for their articles.
    private func restoreSubscriptions(_ subscriptions: BackupSubscriptions, into account: Account,
                                      removeMissing: Bool) throws -> (withLogin: [Feed], marksWaiting: FeedMarks) {
        var folders = Dictionary(uniqueKeysWithValues: try store.folders.list(accountID: account.id).map { ($0.folder.name, $0.folder.id) })
        for folder in subscriptions.folders + subscriptions.feeds.compactMap(\.folder) where folders[folder] == nil {
            folders[folder] = try store.folders.insert(accountID: account.id, serverID: folder, name: folder).id
        }
        let existing = try store.feeds.list(accountID: account.id)
        var withLogin: [Feed] = []
        var marksWaiting = FeedMarks()
        for feed in subscriptions.feeds {
            let folderID = feed.folder.flatMap { folders[$0] }
            var restored: Feed
            if let current = existing.first(where: { $0.feed.url == feed.url }) {
                try store.feeds.update(current.feed.id, title: feed.title, siteURL: feed.siteURL, titleIsPlaceholder: feed.titleIsPlaceholder)
                try store.feeds.move(current.feed.id, toFolder: folderID)
                restored = current.feed
            } else {
                restored = try store.feeds.insert(accountID: account.id, folderID: folderID, serverID: feed.url, title: feed.title,
                                                  url: feed.url, siteURL: feed.siteURL, titleIsPlaceholder: feed.titleIsPlaceholder)
            }
            try store.feeds.setLogin(restored.id, user: feed.loginUser)
            try store.feeds.setPlainHTTPHost(restored.id, feed.plainHTTPHost)
            try store.feedSettings.replace([restored.id: Self.storableSettings(feed.serverSettings, of: account.kind)], pausedKey: FeedSettingKey.paused.rawValue)
            restored.title = feed.title
            restored.loginUser = feed.loginUser
            if feed.loginUser != nil { withLogin.append(restored) }
            let marks = FeedMarks(read: feed.readArticles, starred: feed.starredArticles)
            if !marks.isEmpty {
                let waiting = try store.marks.restore(marks, feedID: restored.id, accountID: account.id)
                marksWaiting.read += waiting.read
                marksWaiting.starred += waiting.starred
            }
        }
        guard removeMissing else { return (withLogin, marksWaiting) }
        let wantedURLs = Set(subscriptions.feeds.map(\.url))
        for listing in existing where !wantedURLs.contains(listing.feed.url) { try store.feeds.remove(listing.feed.id) }
        let wantedFolders = Set(subscriptions.folders)
        for (folder, id) in folders where !wantedFolders.contains(folder) { try store.folders.remove(id) }
        return (withLogin, marksWaiting)
    }

    private func restoreReadingList(_ wanted: [ReadingListEntry], removeMissing: Bool) throws {
        for entry in wanted {
            guard let account = try store.accounts.named(entry.account) else {
                throw StoreError.notFound(what: "account for the reading list", name: entry.account)
            }
            try store.readingList.add(accountID: account.id, url: entry.articleURL, title: entry.title)
        }
        guard removeMissing else { return }
        let wantedKeys = Set(wanted.map { "\($0.account)\n\($0.articleURL)" })
        for item in try store.readingList.all() where !wantedKeys.contains("\(item.accountName)\n\(item.url)") {
            try store.readingList.remove(accountID: item.accountID, url: item.url)
        }
    }
}
