import FoundationEssentials
import Glibc
import LectorBasics
import LectorSettings
import LectorStore

/// The subscriptions a backup had for a remote account, kept until that account's next sync
/// compares them with the server. One small JSON file per account id in the state directory:
/// the store holds only what the server said, so a restore can never collide with a sync.
public struct RestoredSubscriptions {
    let directories: AppDirectories

    public init(directories: AppDirectories) { self.directories = directories }

    private func path(_ accountID: Int64) -> String {
        directories.state + "/restored/account-\(accountID).json"
    }

    public func save(_ subscriptions: BackupSubscriptions, accountID: Int64) throws(AccountsError) {
        let directory = directories.state + "/restored"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try JSONEncoder().encode(subscriptions).write(to: URL(fileURLWithPath: path(accountID)), options: .atomic)
        } catch {
            throw .restoredSubscriptionsNotKept(directory: directory, reason: ErrorText.describe(error))
        }
    }

    /// Whether a comparison waits for the account's next sync.
    public func isWaiting(accountID: Int64) -> Bool {
        FileManager.default.fileExists(atPath: path(accountID))
    }

    /// The pending comparison for an account, removed as it is taken.
    public func take(accountID: Int64) -> BackupSubscriptions? {
        let file = path(accountID)
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        unlink(file)
        // Our own file, only used to show differences after a sync: unreadable means nothing to compare.
        return try? JSONDecoder().decode(BackupSubscriptions.self, from: data)
    }
}
