import LectorAccounts
import LectorHTTP
import LectorKeyring
import LectorStore
import LectorSync

/// `account edit`: an account's name, server address or user changed in place — a server moved
/// to a new host keeps its account, its articles and their state, and its secret.
enum AccountEditCommand {
    static let edit = CommandSpec(
        ["account", "edit"], "change an account's name, server address or user, keeping its data and its secret",
        discussion: """
        A new --url or --user is checked with the server first, with the secret the keyring holds; \
        only then is the account changed and its secret moved to the new address in the keyring. \
        A plain-http address on another machine needs --allow-insecure, as for 'account add'.
        """,
        arguments: [ArgumentSpec("NAME", "the account", source: .accounts)],
        options: [
            OptionSpec("name", short: "n", value: "NEW", "a new name for the account"),
            OptionSpec("url", value: "URL", "the server's new address"),
            OptionSpec("user", short: "u", value: "USER", "the user name or e-mail to log in as from now on"),
            AccountCommands.allowInsecure,
        ]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        let newName = invocation.value("name"), newURL = invocation.value("url"), newUser = invocation.value("user")
        guard newName != nil || newURL != nil || newUser != nil else {
            throw CLIError.usage("nothing to change: give --name, --url or --user")
        }
        let store = try session.store()
        if let newName {
            guard !newName.trimmingWhitespace.isEmpty else { throw CLIError.usage("the new name is empty") }
            if let other = try CLIError.catching({ try store.accounts.named(newName) }), other.id != account.id {
                throw CLIError.conflict("an account named '\(other.name)' already exists: choose another name")
            }
        }
        var lines: [String] = []
        if newURL != nil || newUser != nil {
            guard account.kind != .local else {
                throw CLIError.usage("'\(account.name)' is a local account: it has no server address or user")
            }
            lines.append(try moveLogin(account, url: newURL ?? account.url, user: newUser ?? account.username, invocation, session))
        }
        if let newName, newName != account.name {
            try CLIError.catching { try store.accounts.rename(account.id, to: newName) }
            lines.append("Renamed '\(account.name)' to '\(newName)'.")
        }
        return .message(lines.isEmpty ? "'\(account.name)' unchanged." : lines.joined(separator: "\n"))
    }

    /// Points the account at `url` as `user` once the server there accepts the secret, and moves
    /// the secret to the keyring item of the new login: the secret goes to the new host only
    /// because this command names it, and never over plain http to another machine unconsented.
    private static func moveLogin(_ account: Account, url: String?, user: String?, _ invocation: Invocation,
                                  _ session: Session) throws(CLIError) -> String {
        let endpoint: AccountEndpoint
        do { endpoint = try AccountEndpoint.resolve(kind: account.kind, typed: url) } catch { throw CLIError.from(error) }
        let consents = invocation.flag("allow-insecure")
        // The consent kept with the account is for its host; a new plain-http host needs its own.
        if !consents, let exposed = endpoint.candidates.first(where: { PlainHTTPRule.wouldExpose($0, consentedHost: account.plainHTTPHost) }) {
            throw CLIError.usage("refusing to send the secret of '\(account.name)' over plain http to \(exposed.host ?? "the server"): use https, or pass --allow-insecure")
        }
        if account.kind != .miniflux && user == nil { throw CLIError.usage("a \(account.kind.rawValue) account needs --user") }
        for note in endpoint.notes where !invocation.wantsJSON { Console.note(note) }
        let secret = try session.secret(for: account)
        let consented = consents || endpoint.candidates.first.map(account.consentsToPlainHTTP) ?? false
        let verified = try RemoteLogin.verify(account.kind, endpoint: endpoint, user: user, secret: secret, plainHTTPConsented: consented)
        let store = try session.store()
        if let twin = try CLIError.catching({ try store.accounts.all() }).first(where: {
            $0.id != account.id && $0.kind == account.kind && $0.url == verified.url.absoluteString && $0.username == user }) {
            throw CLIError.conflict("this login is already account '\(twin.name)'")
        }
        let oldItem = AccountSecret.item(for: account)
        let newItem = AccountSecret.item(kind: account.kind, url: verified.url.absoluteString, user: user)
        let keyring = session.keyring
        // As in 'account add': the keyring first, the store after, the new secret taken back out
        // if the store fails — never an account without its secret, nor a secret without its account.
        if newItem != oldItem { try KeyringAccess.run { () throws(KeyringError) in try keyring.store(secret, for: newItem) } }
        do {
            try store.accounts.update(account.id, url: verified.url.absoluteString, username: user,
                                      plainHTTPHost: consented && verified.url.scheme == "http" ? verified.url.host?.lowercased() : nil)
        } catch {
            // Undo the secret stored a moment ago; the store's error is the one to report.
            if newItem != oldItem { _ = try? keyring.remove(newItem) }
            throw CLIError.from(error)
        }
        // A secret the keyring cannot delete now only lingers under the old login, never sent again.
        if newItem != oldItem { _ = try? keyring.remove(oldItem) }
        return "'\(account.name)' now logs in to \(verified.url.absoluteString)\(user.map { " as \($0)" } ?? "") (\(verified.info.name))."
    }
}
