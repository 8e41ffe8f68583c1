import LectorHTTP
import LectorStore
import LectorSync

extension AccountManager {
    /// How long the push after a mark may take: the mark is made at once, locally, and the person
    /// does not wait on a slow server for it to arrive there too.
    static let markFlushDeadlineSeconds = 3

    /// The push that follows a mark (read, unread, star, unstar, mark-all-read, reading an article),
    /// for each server account among `accountIDs`: true when every change was sent, false when one
    /// stays queued (the next sync sends it), nil when none of the accounts has a server. A failure
    /// is not an error: the intent is kept in the queue either way.
    public func flushMarks(accountIDs: Set<Int64>) throws(AccountsError) -> Bool? {
        let accounts = try storing { try store.accounts.all() }.filter { accountIDs.contains($0.id) && $0.kind.hasServer }
        guard !accounts.isEmpty else { return nil }
        return accounts.map(flushed).allSatisfy { $0 }
    }

    private func flushed(_ account: Account) -> Bool {
        let deadline = Duration.seconds(Self.markFlushDeadlineSeconds)
        let quick = HTTPClient(configuration: HTTPClientConfiguration(deadline: deadline, idleTimeout: deadline))
        // A missing key or an unreachable keyring only delays the flush to the next sync.
        guard let secret = try? secret(for: account),
              let provider = try? Providers.make(for: account, secret: secret, http: quick) else { return false }
        do {
            _ = try SyncEngine(store: store, account: account, provider: provider).push()
            return true
        } catch {
            return false
        }
    }
}
