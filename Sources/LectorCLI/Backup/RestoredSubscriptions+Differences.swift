import LectorAccounts
import LectorBasics
import LectorSettings
import LectorSync

extension RestoredSubscriptions {
    /// What differs between the backup and the server after a sync, as lines for people: feeds,
    /// folders, and each feed's server settings unless they could not be read (`settingsUnread`: why).
    static func differences(backup: BackupSubscriptions, server: BackupSubscriptions, account: String, settingsUnread: String?) -> [String] {
        let serverURLs = Set(server.feeds.map(\.url)), backupURLs = Set(backup.feeds.map(\.url))
        let missing = backup.feeds.filter { !serverURLs.contains($0.url) }
        let extra = server.feeds.filter { !backupURLs.contains($0.url) }
        let moved = backup.feeds.filter { feed in server.feeds.contains { $0.url == feed.url && $0.folder != feed.folder } }
        let settings = settingDifferences(backup: backup, server: server, settingsUnread: settingsUnread)
        guard !missing.isEmpty || !extra.isEmpty || !moved.isEmpty || !settings.isEmpty else {
            return ["compared with the backup: the server has the same \(backup.feeds.count) feed(s)"]
        }
        var lines: [String] = []
        for feed in missing {
            lines.append("in the backup, not on the server: \(feed.url) (add it with 'lector feed add \(feed.url) --account \(account)\(feed.folder.map { " --folder \($0)" } ?? "")')")
        }
        for feed in extra { lines.append("on the server, not in the backup: \(feed.url)") }
        for feed in moved { lines.append("in another folder on the server than in the backup: \(feed.url) (backup: \(feed.folder ?? "none"))") }
        return lines + settings
    }

    /// One line per server setting that differs; one line saying why they were not compared when
    /// they could not be read.
    static func settingDifferences(backup: BackupSubscriptions, server: BackupSubscriptions, settingsUnread: String?) -> [String] {
        guard backup.feeds.contains(where: { !$0.serverSettings.isEmpty }) else { return [] }
        if let settingsUnread { return ["server settings not compared: \(TerminalText.sanitize(settingsUnread)) ('lector feed show FEED' shows a feed's)"] }
        func shown(_ value: String?) -> String { value.map { "\"\(TerminalText.sanitize($0.replacingAll("\n", with: " | ")))\"" } ?? "(unset)" }
        var lines: [String] = []
        for feed in backup.feeds {
            guard let there = server.feeds.first(where: { $0.url == feed.url }) else { continue }
            for key in Set(feed.serverSettings.keys).union(there.serverSettings.keys).sorted() where feed.serverSettings[key] != there.serverSettings[key] {
                lines.append("a setting differs on the server: '\(TerminalText.sanitize(feed.title))' \(TerminalText.sanitize(key)) \(shown(there.serverSettings[key])), in the backup \(shown(feed.serverSettings[key]))"
                             + " (put it back with 'lector feed set' or 'lector feed apply' of an 'opml export')")
            }
        }
        return lines
    }
}
