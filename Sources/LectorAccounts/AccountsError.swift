import FoundationEssentials
import LectorBasics
import LectorKeyring
import LectorReader
import LectorSettings
import LectorStore
import LectorSync

/// Why an account operation failed: the typed cause from the floor below, or a refusal of the
/// account core's own. The CLI picks the sentence and the exit code for each case in one place
/// (`CLIError.init(_: AccountsError)`); nothing here is a sentence searched for later.
public enum AccountsError: Error, Sendable, Equatable, CustomStringConvertible {
    case store(StoreError)
    case keyring(KeyringError)
    case sync(SyncError)
    case administration(AdministrationError)
    case backup(BackupError)
    /// No account of that name; `known` are the names there are, for a "did you mean".
    case unknownAccount(name: String, known: [String])
    /// No account was named and none is the default.
    case noDefaultAccount
    /// The keyring holds no secret for this remote account (after a restore, or a reset keyring).
    case missingSecret(account: String)

    // MARK: feed check
    /// Only the demo library is there, and its feeds are made up.
    case nothingToCheck

    // MARK: sync runs
    /// A sync was asked for and there is no account (the demo aside) to sync.
    case noAccountToSync

    // MARK: backup and account copy
    /// A restore's settings could not be read or written.
    case settings(SettingsError)
    /// The subscriptions a restore keeps for a remote account's next sync could not be written
    /// in `directory`; `reason` is the system's.
    case restoredSubscriptionsNotKept(directory: String, reason: String)
    /// `account copy` was given the same account as source and destination.
    case copyIntoItself(account: String)
    /// `account copy` was asked to copy into the demo library.
    case copyIntoDemo
    // MARK: lifecycle
    /// The server address typed for an account cannot be used (`AccountEndpoint.resolve`).
    case endpoint(AccountEndpointError)
    /// The server did not accept the login; `address` is the first one tried, for a plain-http hint.
    case login(SyncError, address: URL?)
    /// The secret would cross the network in clear without consent; `account` is the account
    /// whose secret it is when it exists already (edit), nil for a new one (add).
    case plainHTTPRefused(host: String?, account: String?)
    /// A service that logs in with a user was given none.
    case userNeeded(AccountKind)
    /// A new account's name is another account's.
    case nameTaken(String)
    /// An edited account's new name is another account's.
    case newNameTaken(String)
    /// The login (service, address, user) is already this account's.
    case loginTaken(by: String)
    /// An account cannot be renamed to nothing.
    case emptyName
    /// A local account has no secret to replace.
    case localHasNoSecret(account: String)
    /// A local account has no server address or user to change.
    case localHasNoServer(account: String)
    /// The demo library was named as the home of the user's own data.
    case demoHoldsNoUserData(account: String)

    // MARK: summaries
    /// No article has this id.
    case unknownArticle(Int64)
    /// The article has no web address (the reading list keeps articles by address).
    case articleHasNoAddress(title: String)
    /// The `summary.*` settings do not make a request.
    case summaryNotConfigured(SummaryError)

    public var description: String {
        switch self {
        case .store(let cause): cause.description
        case .keyring(let cause): cause.message
        case .sync(let cause): cause.description
        case .administration(let cause): cause.description
        case .backup(let cause): cause.message
        case .unknownAccount(let name, _): "no account named '\(name)'"
        case .noDefaultAccount: "no default account: add one with 'lector account add', or name one"
        case .missingSecret(let account): "the keyring has no secret for '\(account)': run 'lector account password \(account)'"
        case .nothingToCheck: "no account to check (the demo library's feeds are made up and are never fetched): add one with 'lector account add'"
        case .noAccountToSync: "no account to sync: add one with 'lector account add'"
        case .settings(let cause): cause.message
        case .restoredSubscriptionsNotKept(let directory, let reason): "cannot keep the restored subscriptions in \(directory): \(reason)"
        case .copyIntoItself(let account): "SOURCE and DEST are the same account '\(account)'"
        case .copyIntoDemo: "the demo library cannot be a destination: copy into an account of your own"
        case .endpoint(let cause): cause.description
        case .login(let cause, _): cause.description
        case .plainHTTPRefused(let host, nil):
            "refusing to send a secret over plain http to \(host ?? "the server"): use https, or pass --allow-insecure"
        case .plainHTTPRefused(let host, let account?):
            "refusing to send the secret of '\(account)' over plain http to \(host ?? "the server"): use https, or pass --allow-insecure"
        case .userNeeded(let kind): "a \(kind.rawValue) account needs --user"
        case .nameTaken(let name): "an account named '\(name)' already exists: choose another with --name"
        case .newNameTaken(let name): "an account named '\(name)' already exists: choose another name"
        case .loginTaken(let twin): "this login is already account '\(twin)'"
        case .emptyName: "the new name is empty"
        case .localHasNoSecret(let account): "'\(account)' is a local account: it has no secret"
        case .localHasNoServer(let account): "'\(account)' is a local account: it has no server address or user"
        case .demoHoldsNoUserData(let account):
            "'\(account)' is the demo library and holds no feeds of yours: leave out --account (a local account is created), or add one with 'lector account add'"
        case .unknownArticle(let id): "no article with id \(id)"
        case .articleHasNoAddress(let title): "'\(title)' has no address to save"
        case .summaryNotConfigured(let cause): cause.message
        }
    }

    /// Wraps whatever a store call threw, keeping a StoreError (or a SQLite error) typed.
    public static func storing(_ error: any Error) -> AccountsError {
        switch error {
        case let error as AccountsError: error
        case let error as StoreError: .store(error)
        case let error as DatabaseError: .store(StoreError(error))
        case let error as SyncError: .sync(error)
        case let error as AdministrationError: .administration(error)
        case let error as KeyringError: .keyring(error)
        case let error as BackupError: .backup(error)
        case let error as SettingsError: .settings(error)
        default: .store(.failed("\(error)"))
        }
    }
}

/// Runs store work, wrapping what it throws as an `AccountsError`.
func storing<T>(_ body: () throws -> T) throws(AccountsError) -> T {
    do { return try body() } catch { throw AccountsError.storing(error) }
}
