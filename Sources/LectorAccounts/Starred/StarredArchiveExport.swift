import LectorSettings
import LectorStore
import LectorSync

/// A backup as `backup export` makes it: the document, and what the starred section had to leave out.
public struct ExportedBackup {
    public let document: BackupDocument
    /// One line per account whose starred articles are not in the file, and why (default sections only).
    public let notes: [String]
}

extension AccountManager {
    /// The backup of the chosen sections; with `starred`, every starred article of each account
    /// from its server (a local account's from the store). `starredAskedFor`: the user named the
    /// section, so an account whose server cannot be asked is an error, not a note.
    public func exportBackup(of sections: Set<BackupSection>, starredAskedFor: Bool, preferences: Preferences, profiles: [Profile],
                             toolVersion: String) throws(AccountsError) -> ExportedBackup {
        // The section names its accounts: they are written with it.
        var document = try backup(of: sections.contains(.starred) ? sections.union([.accounts]) : sections, preferences: preferences,
                                  profiles: profiles, toolVersion: toolVersion)
        guard sections.contains(.starred) else { return ExportedBackup(document: document, notes: []) }
        var starred: [String: [BackupStarredArticle]] = [:]
        var notes: [String] = []
        for account in try storing({ try store.accounts.all() }) where !account.isDemo {
            do throws(AccountsError) {
                var articles: [BackupStarredArticle] = []
                try starredArchive(of: account) { page in articles += page.map(BackupStarredArticle.init) }
                starred[account.name] = articles
            } catch {
                guard !starredAskedFor else { throw error }
                notes.append("the starred articles of '\(account.name)' are not in the backup: \(error.description)")
            }
        }
        document.starred = starred
        return ExportedBackup(document: document, notes: notes)
    }

    /// Every starred article of `account`, a page at a time.
    public func starredArchive(of account: Account, page: ([ArchivedEntry]) throws -> Void) throws(AccountsError) {
        let source: any StarredArchiving
        if account.kind == .local {
            source = StoredStarredArchive(store: store, account: account)
        } else {
            guard let remote = try provider(for: account) as? any StarredArchiving else {
                throw .sync(.unsupported("a \(account.kind.rawValue) account cannot list its starred articles"))
            }
            source = remote
        }
        do { try source.starredArchive(page: page) } catch { throw .sync(error) }
    }
}
