import FoundationEssentials
import LectorKeyring
import LectorStore
import LectorSync

extension Session {
    /// The administrator of an account: with its provider for a remote account (the secret
    /// from the keyring), the store alone for a local one.
    func administrator(for account: Account) throws(CLIError) -> AccountAdministrator {
        let store = try store()
        return AccountAdministrator(store: store, account: account, provider: account.kind == .local ? nil : try provider(for: account),
                                    logins: KeyringFeedLogins(keyring: keyring))
    }
}

/// Feed logins kept in the system keyring as their feeds go and move.
struct KeyringFeedLogins: FeedLoginKeeper {
    let keyring: any SecretStore

    func forget(_ feed: Feed) {
        // The feed is gone either way: its removal must not fail because the keyring cannot
        // delete the secret right now (the secret may then stay behind).
        _ = try? keyring.removeAll(feedID: String(feed.id), url: feed.url)
    }

    func copy(_ feed: Feed, to url: URL) throws(AdministrationError) {
        guard let user = feed.loginUser else { return }
        do {
            // No secret kept (the keyring was reset): nothing to carry; the next fetch asks for a login.
            guard let secret = try keyring.secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: user)) else { return }
            try keyring.store(secret, for: .feedLogin(feedID: String(feed.id), url: url.absoluteString, user: user))
        } catch {
            throw .keyring(error.message)
        }
    }
}

/// Runs an administration verb, mapping its failure onto the CLI's exit codes.
func administering<T>(_ body: () throws(AdministrationError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw CLIError(error) }
}

extension ServerChange {
    /// Said before the period of a verb's line when the server was found with the change made.
    var note: String {
        self == .alreadyMade ? " (the server had done it already: its answer was lost on the way back)" : ""
    }
}

extension CLIError {
    init(_ error: AdministrationError) {
        switch error {
        case .unsupported, .emptyName, .loginInClear, .loginToAnotherOrigin: self = .usage(TerminalText.sanitize(error.description))
        case .keyring: self = .authentication(error.description)
        case .alreadySubscribed, .folderExists, .starredNotFound: self = .conflict(TerminalText.sanitize(error.description))
        case .server(let cause): self = CLIError(cause)
        case .store(let cause): self = CLIError.from(cause)
        }
    }
}
