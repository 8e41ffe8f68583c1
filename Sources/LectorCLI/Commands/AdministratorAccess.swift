import LectorStore
import LectorSync

extension Session {
    /// The administrator of an account: with its provider for a remote account (the secret
    /// from the keyring), the store alone for a local one.
    func administrator(for account: Account) throws(CLIError) -> AccountAdministrator {
        let store = try store()
        return AccountAdministrator(store: store, account: account, provider: account.kind == .local ? nil : try provider(for: account))
    }
}

/// Runs an administration verb, mapping its failure onto the CLI's exit codes.
func administering<T>(_ body: () throws(AdministrationError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw CLIError(error) }
}

extension CLIError {
    init(_ error: AdministrationError) {
        switch error {
        case .unsupported, .emptyName: self = .usage(error.description)
        case .alreadySubscribed, .folderExists: self = .conflict(TerminalText.sanitize(error.description))
        case .server(let cause): self = CLIError(cause)
        case .store(let cause): self = CLIError.from(cause)
        }
    }
}
