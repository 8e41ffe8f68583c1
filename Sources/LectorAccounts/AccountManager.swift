import LectorFeeds
import LectorHTTP
import LectorKeyring
import LectorStore
import LectorSync

/// The accounts of one Lector home, as an app sees them (NetNewsWire's `AccountManager`): the
/// store that holds them, the keyring that holds their secrets and the HTTP client their
/// servers are reached with. Every rule about accounts lives below this type or in it; a front
/// end parses, asks, calls one operation here and renders.
public final class AccountManager {
    public let store: Store
    public let keyring: any SecretStore
    /// The client for this moment's network settings (a REPL may change them between commands).
    private let httpClient: () -> HTTPClient

    public init(store: Store, keyring: any SecretStore, http: @escaping () -> HTTPClient) {
        self.store = store
        self.keyring = keyring
        self.httpClient = http
    }

    public var http: HTTPClient { httpClient() }

    /// The account named, or the default one when no name is given.
    public func account(named name: String?) throws(AccountsError) -> Account {
        if let name {
            guard let account = try storing({ try store.accounts.named(name) }) else {
                throw .unknownAccount(name: name, known: (try? store.accounts.all().map(\.name)) ?? [])
            }
            return account
        }
        guard let account = try storing({ try store.accounts.defaultAccount() }) else { throw .noDefaultAccount }
        return account
    }

    /// The account's secret from the keyring.
    public func secret(for account: Account) throws(AccountsError) -> String {
        let stored: String?
        do { stored = try keyring.secret(for: AccountSecret.item(for: account)) } catch { throw .keyring(error) }
        guard let stored else { throw .missingSecret(account: account.name) }
        return stored
    }

    /// The provider of an account: a remote account's server reached with its secret from the
    /// keyring; a local account's is this machine, which fetches the feeds with their logins
    /// from the keyring.
    /// `onlyFeeds`: a local account's run fetches just these (`feed refresh FEED`); a server
    /// fetches on its own, so the set means nothing there.
    public func provider(for account: Account, onlyFeeds: Set<Int64>? = nil) throws(AccountsError) -> any SyncProvider {
        let secret = account.kind.hasServer ? try secret(for: account) : nil
        let logins = KeyringFeedLogins(keyring: keyring)
        let context = ProviderContext(account: account, secret: secret, http: http, feedCredentials: { logins.credentials(for: $0) },
                                      onlyFeedIDs: onlyFeeds)
        do { return try account.kind.service.provider(context) } catch { throw .sync(error) }
    }

    /// The administrator of an account, through its provider; feed logins follow their feeds in
    /// the keyring.
    /// Its stars go through `mark`, as every mark does. The core's own: the front ends reach
    /// administration through the manager's verbs (`createFolder`, `moveFeed`, …), one door.
    func administrator(for account: Account) throws(AccountsError) -> AccountAdministrator {
        var administrator = AccountAdministrator(store: store, account: account, provider: try provider(for: account),
                                                 logins: KeyringFeedLogins(keyring: keyring))
        administrator.marks = CoreStarring(manager: self)
        return administrator
    }
}
