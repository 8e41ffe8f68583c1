import LectorAccounts
import LectorSettings

extension RestoredSubscriptions {
    /// What differs between the backup and the server after a sync, as lines for people.
    static func differences(backup: BackupSubscriptions, server: BackupSubscriptions, account: String) -> [String] {
        let serverURLs = Set(server.feeds.map(\.url)), backupURLs = Set(backup.feeds.map(\.url))
        let missing = backup.feeds.filter { !serverURLs.contains($0.url) }
        let extra = server.feeds.filter { !backupURLs.contains($0.url) }
        let moved = backup.feeds.filter { feed in server.feeds.contains { $0.url == feed.url && $0.folder != feed.folder } }
        guard !missing.isEmpty || !extra.isEmpty || !moved.isEmpty else {
            return ["compared with the backup: the server has the same \(backup.feeds.count) feed(s)"]
        }
        var lines: [String] = []
        for feed in missing {
            lines.append("in the backup, not on the server: \(feed.url) (add it with 'lector feed add \(feed.url) --account \(account)\(feed.folder.map { " --folder \($0)" } ?? "")')")
        }
        for feed in extra { lines.append("on the server, not in the backup: \(feed.url)") }
        for feed in moved { lines.append("in another folder on the server than in the backup: \(feed.url) (backup: \(feed.folder ?? "none"))") }
        return lines
    }
}
