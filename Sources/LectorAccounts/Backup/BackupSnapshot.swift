import FoundationEssentials
import LectorBasics
import LectorSettings
import LectorStore
import LectorSync

/// The store and settings in backup terms: what `backup export` writes and what a restore plan
/// compares against. The demo library is not user data and is left out.
public struct BackupSnapshot {
    let store: Store
    public let preferences: Preferences
    /// The user's saved profiles (shipped ones are part of Lector, not of the user's data).
    public let profiles: [Profile]

    public init(store: Store, preferences: Preferences, profiles: [Profile]) {
        self.store = store
        self.preferences = preferences
        self.profiles = profiles
    }

    public var state: BackupState {
        get throws {
            BackupState(accounts: try accounts(), preferences: preferences, subscriptions: try subscriptions(),
                        readingList: try readingList(), profiles: profiles, rules: try rules(), savedSearches: try savedSearches())
        }
    }

    public func accounts() throws -> [BackupAccount] {
        try store.accounts.all().filter { !$0.isDemo }.map { account in
            BackupAccount(kind: account.kind, name: account.name,
                          url: account.url.map(Self.withoutLogin), user: account.username, isDefault: account.isDefault,
                          plainHTTPHost: account.plainHTTPHost)
        }
    }

    /// A feed's or an account's address without a login written into it: a password an older
    /// Lector stored there that the keyring could not take yet must not travel in a backup.
    public static func withoutLogin(_ address: String) -> String {
        guard address.contains("@"), let bare = URL(string: address).flatMap(AddressLogin.takenOut)?.bare else { return address }
        return bare.absoluteString
    }

    /// A feed's server settings as a backup carries them: by key name, never a secret.
    static func serverSettings(of feed: Feed, in store: Store) throws -> [String: String] {
        let settings = try store.feedSettings.keyed(feedID: feed.id).filter { !$0.key.holdsSecret }
        // A store an older Lector filled may hold a proxy's password in clear: never exported.
        return Dictionary(uniqueKeysWithValues: settings.map { ($0.key.rawValue, $0.key.storable($0.value)) })
    }

    /// A feed's site address as a backup can hold it: a store filled by an older sync may keep a
    /// server's empty `htmlUrl`, which a restore would refuse.
    static func siteAddress(_ site: String?) -> String? {
        site.flatMap { $0.isEmpty ? nil : $0 }
    }

    public func subscriptions() throws -> [String: BackupSubscriptions] {
        var result: [String: BackupSubscriptions] = [:]
        for account in try store.accounts.all() where !account.isDemo {
            let folders = try store.folders.list(accountID: account.id).map(\.folder.name)
            // Only a local account's marks are its own: a server keeps a remote account's.
            let marks = account.kind.hasServer ? [:] : try store.marks.marks(accountID: account.id)
            // A feed kept after it left the server's list is no subscription to restore there.
            let departed = try store.feeds.leftServer(accountID: account.id)
            let feeds = try store.feeds.list(accountID: account.id).filter { !departed.contains($0.feed.id) }.map {
                BackupFeed(title: $0.feed.title, url: Self.withoutLogin($0.feed.url), siteURL: Self.siteAddress($0.feed.siteURL), folder: $0.folderName,
                           loginUser: $0.feed.loginUser, plainHTTPHost: $0.feed.plainHTTPHost, titleIsPlaceholder: $0.feed.titleIsPlaceholder,
                           readArticles: marks[$0.feed.id]?.read ?? [], starredArticles: marks[$0.feed.id]?.starred ?? [],
                           serverSettings: try Self.serverSettings(of: $0.feed, in: store))
            }
            result[account.name] = BackupSubscriptions(folders: folders, feeds: feeds)
        }
        return result
    }

    public func readingList() throws -> [ReadingListEntry] {
        let demoIDs = Set(try store.accounts.all().filter(\.isDemo).map(\.id))
        return try store.readingList.all().filter { !demoIDs.contains($0.accountID) }.map {
            ReadingListEntry(account: $0.accountName, articleURL: $0.url, title: $0.title)
        }
    }

    /// The rules, their scope by account name, feed address and folder name.
    public func rules() throws -> [BackupRule] {
        try store.rules.all().map { rule in
            BackupRule(name: rule.name, expression: rule.expression, action: rule.action.rawValue, enabled: rule.enabled,
                       account: rule.accountName, feed: rule.feedURL.map(Self.withoutLogin), folder: rule.folderName)
        }
    }

    public func savedSearches() throws -> [SavedSearch] {
        try store.savedSearches.all()
    }
}
