import FoundationEssentials
import Glibc
import LectorBasics
import LectorSettings
import LectorStore

/// The subscriptions a backup had for a remote account, kept until that account's next sync
/// compares them with the server. One small JSON file per account id in the state directory:
/// the store holds only what the server said, so a restore can never collide with a sync.
struct RestoredSubscriptions {
    let directories: AppDirectories

    private func path(_ accountID: Int64) -> String {
        directories.state + "/restored/account-\(accountID).json"
    }

    func save(_ subscriptions: BackupSubscriptions, accountID: Int64) throws(CLIError) {
        let directory = directories.state + "/restored"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try JSONEncoder().encode(subscriptions).write(to: URL(fileURLWithPath: path(accountID)), options: .atomic)
        } catch {
            throw .failure("cannot keep the restored subscriptions in \(directory): \(ErrorText.describe(error))")
        }
    }

    /// Whether a comparison waits for the account's next sync.
    func isWaiting(accountID: Int64) -> Bool {
        FileManager.default.fileExists(atPath: path(accountID))
    }

    /// The pending comparison for an account, removed as it is taken.
    func take(accountID: Int64) -> BackupSubscriptions? {
        let file = path(accountID)
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        unlink(file)
        // Our own file, only used to show differences after a sync: unreadable means nothing to compare.
        return try? JSONDecoder().decode(BackupSubscriptions.self, from: data)
    }

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
