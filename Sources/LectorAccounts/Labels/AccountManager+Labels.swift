import LectorBasics
import LectorStore
import LectorSync

/// Labels on articles. Putting one on or taking it off is an intent like a read or a star:
/// written in the store first and, for a FreshRSS account, queued and pushed at once with the
/// mark flush's deadline (or at the next sync). Renaming or removing a label is administration:
/// the server first (its queue sent before, so it knows every label the store has), then the store.
extension AccountManager {
    /// What a label change did: how many articles changed, and whether it reached the servers
    /// (nil: no account involved keeps labels on a server).
    public struct LabelChange: Sendable, Equatable {
        public var changed: Int
        public var sent: Bool?
    }

    /// Puts `label` on the articles (`on`) or takes it off.
    public func setLabel(_ label: String, on: Bool, articleIDs: [Int64]) throws(AccountsError) -> LabelChange {
        let changed = try storing { try store.labels.set(label, on: on, articleIDs: articleIDs) }
        guard changed > 0 else { return LabelChange(changed: 0, sent: nil) }
        let owners = try storing { try articleIDs.compactMap { try store.articles.article($0)?.accountID } }
        return LabelChange(changed: changed, sent: try flushMarks(accountIDs: Set(owners)))
    }

    /// The labels of one account (nil: every account's) with their counts.
    public func labels(accountName: String?) throws(AccountsError) -> [LabelCount] {
        let accountID = try accountName.map { name throws(AccountsError) in try account(named: name).id }
        return try storing { try store.labels.all(accountID: accountID) }
    }

    /// Renames a label in every account that has it (or in the one named); returns those accounts.
    @discardableResult
    public func renameLabel(_ label: String, to name: String, accountName: String?) throws(AccountsError) -> [Account] {
        try administerLabel(label, accountName: accountName) { (provider) throws(SyncError) in try provider.labelKeeping().renameLabel(label, to: name) }
            store: { (account) throws(AccountsError) in try storing { try store.labels.rename(accountID: account.id, from: label, to: name) } }
    }

    /// Removes a label from every article of every account that has it (or of the one named).
    @discardableResult
    public func removeLabel(_ label: String, accountName: String?) throws(AccountsError) -> [Account] {
        try administerLabel(label, accountName: accountName) { (provider) throws(SyncError) in try provider.labelKeeping().deleteLabel(label) }
            store: { (account) throws(AccountsError) in try storing { try store.labels.remove(accountID: account.id, name: label) } }
    }

    /// For each account holding `label`: where its server keeps labels, pushes its queue and makes
    /// the `server` change, then makes the change in the `store`; none holding it is a not-found error.
    private func administerLabel(_ label: String, accountName: String?, server: (any SyncProvider) throws(SyncError) -> Void,
                                 store change: (Account) throws(AccountsError) -> Void) throws(AccountsError) -> [Account] {
        let holders = try labels(accountName: accountName).filter { $0.name == label }.map(\.accountID)
        guard !holders.isEmpty else { throw .store(.notFound(what: "label", name: label)) }
        let accounts = try storing { try store.accounts.all() }.filter { holders.contains($0.id) }
        for account in accounts {
            if account.kind.service.capabilities.keepsLabelsOnServer {
                let provider = try provider(for: account)
                do throws(SyncError) {
                    try SyncEngine(store: store, account: account, provider: provider).push()
                    try server(provider)
                } catch { throw .sync(error) }
            }
            try change(account)
        }
        return accounts
    }
}
