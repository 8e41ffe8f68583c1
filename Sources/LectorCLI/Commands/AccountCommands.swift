import FoundationEssentials
import Glibc
import LectorAccounts
import LectorBasics
import LectorKeyring
import LectorStore
import LectorSync

enum AccountCommands {
    static let all: [CommandSpec] = [add, list, show, AccountEditCommand.edit, rename, remove, use, test, password, AccountCopyCommand.copy]

    static let kinds = AccountKind.allCases.map { Choice($0.rawValue, $0.service.summary) }

    static let allowInsecure = OptionSpec("allow-insecure",
                                          "allow sending the secret over plain http to a host that is not this machine; the consent is kept for that host")

    static let passwordStdin = OptionSpec("password-stdin", "read the password or API key from stdin instead of asking")

    static let add = CommandSpec(
        ["account", "add"], "add an account; the login is checked with the server before anything is saved",
        discussion: """
        The secret is asked for without echo (or read with --password-stdin) and stored only in the \
        system keyring (Secret Service). FreshRSS needs its API password (Profile → API password) and \
        'Allow API access'; Miniflux takes an API token (leave --user out) or user and password, and its \
        Google Reader API (kind freshrss) the user and password of Settings → Integrations → Google Reader. \
        Tiny Tiny RSS (kind ttrss, --url with or without /api/) takes the user and password, with 'Enable API' \
        on under Preferences → General. A refused login says where that server keeps the password.
        """,
        arguments: [ArgumentSpec("KIND", "the service", source: .choices(kinds))],
        options: [
            OptionSpec("name", short: "n", value: "NAME", "what to call the account (default: the server's host, or 'Local')"),
            OptionSpec("url", value: "URL", "the server's address (Feedbin: not needed)"),
            OptionSpec("user", short: "u", value: "USER", "the user name or e-mail"),
            passwordStdin,
            allowInsecure,
        ]
    ) { invocation, session in
        let kindName = invocation.argument("KIND") ?? "local"
        guard let kind = AccountKind(rawValue: kindName) else { throw CLIError.usage("unknown kind '\(kindName)'") }
        if !kind.hasServer {
            let account = try session.accounts { (manager) throws(AccountsError) in
                try manager.addLocal(name: invocation.value("name") ?? "Local")
            }
            return CommandOutput(text: "Added local account '\(account.name)'\(account.isDefault ? " (default)" : "")."
                                     + nextSteps(for: account, session: session),
                                 json: AccountJSON(account))
        }
        let user = invocation.value("user"), consented = invocation.flag("allow-insecure")
        let endpoint = try session.accounts { (manager) throws(AccountsError) in
            try manager.newLoginEndpoint(kind: kind, typed: invocation.value("url"), user: user, plainHTTPConsented: consented)
        }
        for note in endpoint.notes where !invocation.wantsJSON { Console.note(note) }
        let secret = try SecretInput.read(prompt: "\(secretWord(kind, user: user)) for \(user ?? endpoint.candidates[0].host ?? "the server"): ",
                                          fromStdin: invocation.flag("password-stdin"))
        let added = try session.accounts { (manager) throws(AccountsError) in
            try manager.addRemote(kind: kind, endpoint: endpoint, user: user, secret: secret, name: invocation.value("name"),
                                  plainHTTPConsented: consented)
        }
        return CommandOutput(text: "Added \(kind.rawValue) account '\(added.account.name)' on \(added.server)\(added.account.isDefault ? " (default)" : "")."
                                 + nextSteps(for: added.account, session: session),
                             json: AccountJSON(added.account, server: added.server))
    }

    /// The secret as the service calls it, for its prompt (`AccountService.secretName`).
    static func secretWord(_ kind: AccountKind, user: String?) -> String {
        kind.service.secretName(user: user)
    }

    /// What to type next, as gh prints it after a login (on a terminal only): a server account
    /// syncs first; a local one has feeds to add. `--account` is named when the new account is not the default.
    static func nextSteps(for account: Account, session: Session) -> String {
        // For people: a script reading the confirmation gets the one line.
        guard !session.tablesArePlain else { return "" }
        let command = session.inREPL ? "" : "lector "
        let scoped = account.isDefault ? "" : " --account '\(account.name)'"
        let steps: [(String, String)] = account.kind.hasServer
            ? [("sync" + scoped, "fetch its feeds and articles"), ("feed add URL" + scoped, "subscribe to a feed"),
               ("browse" + scoped, "read, full-screen")]
            : [("feed add URL" + scoped, "subscribe to a feed (a site's address finds its feed)"),
               ("opml import FILE" + scoped, "bring your subscriptions from another reader"), ("browse" + scoped, "read, full-screen")]
        let width = steps.map { command.count + $0.0.count }.max() ?? 0
        return "\nNext:\n" + steps.map { step in
            let typed = command + step.0
            return "  " + typed + String(repeating: " ", count: width - typed.count) + "   " + step.1
        }.joined(separator: "\n")
    }

    static let list = CommandSpec(["account", "list"], "list accounts; * marks the default") { _, session in
        let accounts = try CLIError.catching { try session.store().accounts.all() }
        if session.tablesArePlain {
            return CommandOutput(text: PlainColumns.accountList.render(accounts.map { account in
                [account.name, account.kind.rawValue, account.username ?? "", account.url.map(BackupSnapshot.withoutLogin) ?? "", PlainColumns.yesNo(account.isDefault),
                 account.isDemo ? "demo" : (account.needsPassword ? "needs-password" : "ok")]
            }), json: accounts.map { AccountJSON($0) })
        }
        var table = TextTable(["", "NAME", "KIND", "USER", "URL", "STATUS"], flexibleColumn: 4, addressColumns: [4])
        for account in accounts {
            let status = account.isDemo ? "demo" : (account.needsPassword ? "needs password" : "")
            table.add([account.isDefault ? "*" : "", account.name, account.kind.rawValue, account.username ?? "—", account.url.map(BackupSnapshot.withoutLogin) ?? "—", status])
        }
        return CommandOutput(text: accounts.isEmpty ? "No accounts." : table.render(for: session),
                             json: accounts.map { AccountJSON($0) })
    }

    static let show = CommandSpec(
        ["account", "show"], "show one account (never its secret)",
        arguments: [ArgumentSpec("NAME", "the account (default: the default account)", source: .accounts, optional: true)]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        let store = try session.store()
        let feeds = try CLIError.catching { try store.feeds.list(accountID: account.id) }
        let status = try CLIError.catching { try store.sync.status(accountID: account.id) }
        var lines = ["\(account.name)\(account.isDefault ? " (default)" : "")", "  kind: \(account.kind.rawValue)"]
        if let url = account.url.map(BackupSnapshot.withoutLogin) { lines.append("  url: \(url)") }
        if let user = account.username { lines.append("  user: \(user)") }
        if let host = account.plainHTTPHost { lines.append("  plain http: you allowed the secret to go unencrypted to \(host)") }
        lines.append("  feeds: \(feeds.count), unread: \(feeds.map(\.unreadCount).reduce(0, +))")
        if account.kind.hasServer {
            lines.append("  secret: " + (account.needsPassword ? "missing: run 'lector account password \(account.name)'" : "in the keyring"))
            lines.append("  last sync: " + (status.lastSuccessAt.flatMap(JSONOutput.timestamp) ?? "never")
                         + (status.lastError.map { " (last attempt failed: \($0))" } ?? ""))
        }
        if account.isDemo { lines.append("  demo library: remove it with 'lector demo off'") }
        var json = AccountJSON(account)
        json.feeds = feeds.count
        json.unread = feeds.map(\.unreadCount).reduce(0, +)
        json.secret = account.kind.hasServer ? (account.needsPassword ? "missing" : "in-keyring") : nil
        json.last_sync = status.lastSuccessAt.flatMap(JSONOutput.timestamp)
        json.last_error = status.lastError.map(TerminalText.sanitize)
        return CommandOutput(text: lines.joined(separator: "\n"), json: json)
    }

    static let rename = CommandSpec(
        ["account", "rename"], "rename an account",
        arguments: [ArgumentSpec("NAME", "the account", source: .accounts), ArgumentSpec("NEW", "its new name")]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        let new = invocation.argument("NEW") ?? ""
        try session.accounts { (manager) throws(AccountsError) in try manager.rename(account, to: new) }
        return .message("Renamed '\(account.name)' to '\(new)'.")
    }

    static let remove = CommandSpec(
        ["account", "remove"], "remove an account, its secret and all its local data",
        discussion: "Order: the account is first marked as needing its password, then its secret is deleted from the keyring, then its data in one transaction. A failure at any step leaves a whole account, an account waiting for its password, or nothing — never a secret without its account.",
        arguments: [ArgumentSpec("NAME", "the account", source: .accounts)],
        options: [OptionSpec("yes", short: "y", "do not ask for confirmation")]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        if !invocation.flag("yes") {
            guard Prompter.isInteractive else {
                throw CLIError.usage("this removes '\(account.name)' and all its local data: pass --yes to confirm when not at a terminal")
            }
            guard try Prompter.confirm("Remove account '\(account.name)' and all its local data?") else { return .message("Nothing changed.") }
        }
        let defaultNow = try session.accounts { (manager) throws(AccountsError) in try manager.remove(account) }
        var lines = ["Removed account '\(account.name)'."]
        switch defaultNow {
        case .handedTo(let heir): lines.append("'\(heir.name)' is now the default account.")
        case .leftToChoose: lines.append("There is no default account now: choose one with 'lector account use NAME'.")
        case .unchanged: break
        }
        return .message(lines.joined(separator: "\n"))
    }

    static let use = CommandSpec(
        ["account", "use"], "make an account the default",
        arguments: [ArgumentSpec("NAME", "the account", source: .accounts)]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        try session.accounts { (manager) throws(AccountsError) in try manager.makeDefault(account) }
        return .message("'\(account.name)' is now the default account.")
    }

    static let test = CommandSpec(
        ["account", "test"], "log in again and report what the server says about itself",
        arguments: [ArgumentSpec("NAME", "the account (default: the default account)", source: .accounts, optional: true)]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        guard let verified = try session.accounts({ (manager) throws(AccountsError) in try manager.testLogin(account) }) else {
            return .message("'\(account.name)' is a local account: there is no server to log in to.")
        }
        return CommandOutput(text: "Logged in to '\(account.name)': \(verified.info.name)\(verified.info.user.map { ", as \($0)" } ?? "").",
                             json: AccountJSON(account, server: verified.info.name))
    }

    static let password = CommandSpec(
        ["account", "password"], "replace an account's secret (checked with the server first)",
        discussion: """
        With --allow-insecure the account also keeps your consent to sending its secret over plain \
        http to its server's host (as 'account add --allow-insecure' does), for example after \
        restoring an older backup that did not carry it.
        """,
        arguments: [ArgumentSpec("NAME", "the account (default: the default account)", source: .accounts, optional: true)],
        options: [passwordStdin, allowInsecure]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        try session.accounts { (manager) throws(AccountsError) in try manager.checkSecretReplaceable(account) }
        let secret = try SecretInput.read(prompt: "New \(secretWord(account.kind, user: account.username).lowercased().replacingAll("api", with: "API")) for '\(account.name)': ",
                                          fromStdin: invocation.flag("password-stdin"))
        try session.accounts { (manager) throws(AccountsError) in
            try manager.replaceSecret(account, with: secret, plainHTTPConsented: invocation.flag("allow-insecure"))
        }
        return .message("The secret of '\(account.name)' was checked and saved in the keyring.")
    }

    struct AccountJSON: Encodable, Sendable {
        let name: String
        let kind: String
        let url: String?
        let user: String?
        let `default`: Bool
        let demo: Bool
        let needs_password: Bool
        let server: String?
        /// Filled by `account show` only (null elsewhere): what the text shows.
        var feeds: Int?
        var unread: Int?
        /// "in-keyring" or "missing" for remote accounts, null for local ones.
        var secret: String?
        var last_sync: String?
        var last_error: String?

        init(_ account: Account, server: String? = nil) {
            name = account.name
            kind = account.kind.rawValue
            // An address an older Lector stored with a login in it is never shown with it.
            url = account.url.map(BackupSnapshot.withoutLogin)
            user = account.username
            self.default = account.isDefault
            demo = account.isDemo
            needs_password = account.needsPassword
            self.server = server
        }
    }
}

/// Keyring failures are authentication failures (exit code 5), with libsecret's own guidance.
enum KeyringAccess {
    static func run<T>(_ body: () throws(KeyringError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .authentication(error.message) }
    }
}

extension Session {
    /// The system keyring.
    var keyring: any SecretStore { LibsecretKeyring() }

    /// The account named, or the default one.
    func account(named name: String?) throws(CLIError) -> Account {
        try accounts { (manager) throws(AccountsError) in try manager.account(named: name) }
    }

    /// The account's secret from the keyring.
    func secret(for account: Account) throws(CLIError) -> String {
        try accounts { (manager) throws(AccountsError) in try manager.secret(for: account) }
    }
}
