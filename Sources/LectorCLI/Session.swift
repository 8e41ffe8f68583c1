import FoundationEssentials
import Glibc
import LectorAccounts
import LectorHTTP
import LectorStore

/// Everything a command may need, opened only when first asked for: the REPL keeps one session
/// for its whole life; a one-shot command makes one and drops it.
public final class Session {
    public let directories: AppDirectories
    public let environment: [String: String]
    public let table: CommandTable
    let inREPL: Bool
    /// Set by `exit` to end the REPL after this command.
    var wantsExit = false
    /// Set by browse: what a sync finds to tell of is its status line, not a desktop notification.
    var noticesInline = false
    /// The line a sync left for browse's status line (`SyncCommands.tell`).
    var inlineNotice: String?
    /// The article last shown by `article read` (or a dock word): what `next`, `star`, … act on.
    var currentArticle: Int64?
    /// Work a command leaves for after its output is on screen (marking an article read once it
    /// was shown); the runner runs it and empties the list.
    var afterShown: [() throws -> Void] = []
    /// The local account `accountForNewData` made for this command: kept once the command has
    /// put something in it, removed otherwise (see `settleProvisionalAccount`).
    private var provisionalAccount: ProvisionalLocalAccount?
    /// Script mode: every `--json` document is one compact line (JSON lines), and errors name
    /// the script line they come from (`scriptLine`, set by the script runner).
    var jsonLines = false
    var scriptLine: Int?
    private var openedStore: Store?
    /// The HTTP client `http` hands out: one per session, so a command's requests share its
    /// connections and its one transfer thread.
    var sharedHTTPClient: HTTPClient?

    public init(directories: AppDirectories, environment: [String: String], table: CommandTable = .standard,
                inREPL: Bool = false) {
        self.directories = directories
        self.environment = environment
        self.table = table
        self.inREPL = inREPL
    }

    /// The store, opened read-write and migrated on first use; seeds the demo library on a first run.
    public func store() throws(CLIError) -> Store {
        if let openedStore { return openedStore }
        let store: Store
        do {
            store = try Store(path: directories.databasePath, inLectorsFolder: true)
            try DemoLibrary.seedIfFirstRun(store)
            openedStore = store
            if let move = LegacyFeedLogins.moveToKeyring(store, keyring: keyring) { Console.note(Self.note(move)) }
        } catch {
            throw .failure(error.description)
        }
        do throws(AccountsError) {
            for name in try ProvisionalLocalAccount.dropAbandoned(in: store) {
                Console.note("removed the empty local account '\(name)' made for a command that was stopped before it added anything")
            }
        } catch {
            throw CLIError(error)
        }
        return store
    }

    /// Whether tables are for a pipe (`--plain`, or stdout is not a terminal): then nothing is cut
    /// and columns are separated by tabs. Set by the runner for each command.
    var tablesArePlain = false

    /// Width to fit tables to: $COLUMNS, else the terminal's, else 100 for pipes.
    var terminalWidth: Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 20 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        return 100
    }

    /// Short article numbers from the last list.
    var handles: ArticleHandles { ArticleHandles(directories: directories) }

    /// Whether to use ANSI styling: `--color always|never`, else only on a terminal and never
    /// when NO_COLOR is set (https://no-color.org).
    func usesColor(_ invocation: Invocation) -> Bool {
        switch invocation.value("color") ?? "auto" {
        case "always": true
        case "never": false
        default: environment["NO_COLOR"].map(\.isEmpty) ?? true && isatty(STDOUT_FILENO) == 1
        }
    }

    /// The account a command acts on: `--account NAME`, else the default.
    func account(_ invocation: Invocation) throws(CLIError) -> Account {
        try account(named: invocation.value("account"))
    }

    /// The account that receives something the user adds (a feed, an OPML import, a folder); a
    /// local account made for it when only the demo is there (see `ProvisionalLocalAccount`).
    func accountForNewData(_ invocation: Invocation) throws(CLIError) -> Account {
        let (account, provisional) = try accounts { (manager) throws(AccountsError) in
            try manager.accountForNewData(named: invocation.value("account"))
        }
        if let provisional { provisionalAccount = provisional }
        return account
    }

    /// Ends the life of a provisional account once its command has run, announcing one that stays.
    func settleProvisionalAccount() {
        guard let provisional = provisionalAccount, let store = openedStore else { return }
        provisionalAccount = nil
        do throws(AccountsError) {
            guard try provisional.settle(in: store) == .kept else { return }
            Console.note("created the local account '\(provisional.account.name)' for your feeds and made it the default; the demo library stays apart ('lector demo off' removes only the demo)")
        } catch {
            Console.note("the empty local account '\(provisional.account.name)' made for this command stays: \(CLIError(error).description)")
        }
    }

    /// What a move of legacy feed logins did, as a note for the user.
    private static func note(_ move: LegacyFeedLogins.Move) -> String {
        var notes: [String] = []
        if move.moved > 0 { notes.append("moved the login of \(move.moved) feed(s) out of their stored address into the keyring") }
        if let failure = move.failure {
            notes.append("a feed keeps a password in its stored address (\(failure.description)); it is moved to the keyring once that works")
        }
        return notes.joined(separator: "; ")
    }

    /// Every account's name by its id, for output that says which account a row is from.
    func accountNames() throws(CLIError) -> [Int64: String] {
        let accounts = try CLIError.catching { try store().accounts.all() }
        return Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0.name) })
    }

    /// The account named by `--account`, or nil for "all accounts".
    func accountFilter(_ invocation: Invocation) throws(CLIError) -> Account? {
        invocation.value("account") == nil ? nil : try account(invocation)
    }
}
