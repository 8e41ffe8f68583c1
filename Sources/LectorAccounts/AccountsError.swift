import LectorKeyring
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
