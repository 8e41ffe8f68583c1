import LectorStore
import LectorSync

extension Session {
    /// The administrator of an account: with its provider for a remote account (the secret
    /// from the keyring), the store alone for a local one.
    func administrator(for account: Account) throws(CLIError) -> AccountAdministrator {
        let store = try store()
        let keyring = keyring
        return AccountAdministrator(store: store, account: account, provider: account.kind == .local ? nil : try provider(for: account)) { feed in
            // The feed is gone either way: its removal must not fail because the keyring cannot
            // delete the secret right now (the secret may then stay behind).
            _ = try? keyring.removeAll(feedID: String(feed.id), url: feed.url)
        }
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
