import FoundationEssentials
import LectorSettings
import LectorStore

extension AccountManager {
    /// What `sync.duplicates` did to the later copies a sweep found, or `article duplicates` to
    /// those stored: how it handled them, the copies it acted on, and how many of them changed
    /// (a copy read already is recorded, not changed).
    public struct HandledCopies: Sendable, Equatable {
        public var handling: DuplicateHandling
        public var acted: [Int64]
        public var changed: Int
    }

    /// What `article duplicates` found and did.
    public struct DuplicatesRun: Sendable {
        public var groups: [CopyGroup]
        /// Nil for a dry run, or with `sync.duplicates` off.
        public var handled: HandledCopies?
        /// Whether the reads reached the servers (nil: nothing to send).
        public var sent: Bool?
    }

    /// The settings as stored, read through the settings editor (the one door for settings).
    func storedPreferences() -> Preferences {
        // A store whose settings cannot be read leaves the sweep the defaults (copies left
        // alone, no folder notices) rather than failing the sync over a setting.
        (try? settings.preferences()) ?? Preferences(stored: [:])
    }

    /// `sync.duplicates` as the store's handling.
    var duplicateHandling: DuplicateHandling {
        switch storedPreferences().duplicates {
        case .off: .off
        case .markRead: .markRead
        case .hide: .hide
        }
    }

    /// The later copies among what the account's sweep is about to take in, handled as
    /// `sync.duplicates` says, before the rules run; nil when it is off. An account whose sweep
    /// treats what it finds as old (a restored one's first sync) is left as it is, as rules leave it.
    func handleNewCopies(_ account: Account) throws(AccountsError) -> HandledCopies? {
        let handling = duplicateHandling
        guard handling != .off, try !storing({ try store.copies.sweepsAsOld(accountID: account.id) }) else { return nil }
        let later = try storing { try store.copies.newLaterCopies(accountID: account.id) }
        let (acted, changed) = try storing { try store.copies.handle(later, as: handling) }
        return HandledCopies(handling: handling, acted: acted, changed: changed)
    }

    /// `article duplicates`: the groups of copies with a later copy in the account (nil: any)
    /// listed since `since`; without `dryRun`, those later copies handled as `sync.duplicates`
    /// says (starred ones left alone), their reads sent to the servers at once.
    public func duplicates(accountName: String?, since: Double?, dryRun: Bool) throws(AccountsError) -> DuplicatesRun {
        let accountID = try accountName.map { name throws(AccountsError) in try account(named: name).id }
        let groups = try storing { try store.copies.groups(accountID: accountID, since: since) }
        let handling = duplicateHandling
        guard !dryRun, handling != .off else { return DuplicatesRun(groups: groups, handled: nil, sent: nil) }
        let later = groups.flatMap { $0.later.map(\.id) }
        let (acted, changed) = try storing { try store.copies.handle(later, as: handling) }
        let handled = HandledCopies(handling: handling, acted: acted, changed: changed)
        guard handling == .markRead, changed > 0 else { return DuplicatesRun(groups: groups, handled: handled, sent: nil) }
        let accounts = try storing { try acted.compactMap { try store.articles.article($0)?.accountID } }
        return DuplicatesRun(groups: groups, handled: handled, sent: try flushMarks(accountIDs: Set(accounts)))
    }

    /// The account's new articles in the folders `sync.notify-folders` names, found before the
    /// sweep takes them out of the backlog.
    func newInNotifyFolders(_ account: Account) throws(AccountsError) -> [Int64] {
        let folders = storedPreferences().notifyFolders
        guard !folders.isEmpty else { return [] }
        return try storing { try store.folderArrivals.newArticles(accountID: account.id, folders: folders) }
    }
}
