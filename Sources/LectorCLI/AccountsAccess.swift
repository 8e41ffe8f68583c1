import LectorAccounts
import LectorSettings
import LectorText

extension Session {
    /// The account core over this session's store, keyring and HTTP client.
    func accountManager() throws(CLIError) -> AccountManager {
        AccountManager(store: try store(), keyring: keyring, http: { [unowned self] in self.http })
    }

    /// Runs one account-core operation, mapping its failure onto the CLI's exit codes.
    func accounts<T>(_ body: (AccountManager) throws(AccountsError) -> T) throws(CLIError) -> T {
        let manager = try accountManager()
        do { return try body(manager) } catch { throw CLIError(error) }
    }
}

extension CLIError {
    /// The sentence and exit code of each account-core failure.
    init(_ error: AccountsError) {
        switch error {
        case .store(let cause): self = CLIError.from(cause)
        case .keyring(let cause): self = .authentication(cause.message)
        case .sync(let cause): self = CLIError(cause)
        case .administration(let cause): self = CLIError(cause)
        case .backup(let cause): self = .failure(cause.message)
        case .unknownAccount(let name, let known):
            self = .notFound("no account named '\(TerminalText.sanitize(name))'\(Suggestion.hint(for: name, in: known)) (see 'lector account list')")
        case .noDefaultAccount: self = .notFound(error.description)
        case .missingSecret: self = .authentication(TerminalText.sanitize(error.description))
        case .nothingToCheck, .noAccountToSync: self = .notFound(error.description)
        case .settings(let cause): self = CLIError.from(cause)
        case .restoredSubscriptionsNotKept: self = .failure(error.description)
        case .copyIntoItself, .copyIntoDemo: self = .usage(error.description)
        case .login(.rejected(let message), _):
            // At login a refusal means the address serves no such API: nothing to conflict with.
            self = .notFound(message)
        case .login(let cause, let address):
            guard case .transport(let transport) = cause, let address else { self = CLIError(cause); return }
            self = CLIError(cause).plainHTTPHint(for: address, cause: transport)
        case .endpoint, .plainHTTPRefused, .userNeeded, .emptyName, .localHasNoSecret, .localHasNoServer, .demoHoldsNoUserData:
            self = .usage(error.description)
        case .nameTaken, .newNameTaken, .loginTaken: self = .conflict(error.description)
        case .unknownArticle: self = .notFound(error.description)
        case .articleHasNoAddress(let title): self = .usage("'\(TerminalText.sanitize(title))' has no address to save")
        case .summaryNotConfigured: self = .usage(error.description)
        }
    }
}

extension Session {
    /// The settings editor over this session's store, through the account core (`AccountManager.settings`).
    func settingsEditor() throws(CLIError) -> SettingsEditor {
        try accountManager().settings
    }

    /// The resolved preferences.
    func preferences() throws(CLIError) -> Preferences {
        try CLIError.catching { try settingsEditor().preferences() }
    }
}
