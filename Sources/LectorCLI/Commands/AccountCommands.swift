import FoundationEssentials
import Glibc
import LectorAccounts
import LectorBasics
import LectorKeyring
import LectorStore
import LectorSync

enum AccountCommands {
    static let all: [CommandSpec] = [add, list, show, AccountEditCommand.edit, rename, remove, use, test, password, AccountCopyCommand.copy]

    static let kinds = AccountKind.allCases.map { Choice($0.rawValue, $0.serviceSummary) }

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
        A refused login says where that server keeps the password.
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
        let store = try session.store()
        let kindName = invocation.argument("KIND") ?? "local"
        guard let kind = AccountKind(rawValue: kindName) else { throw CLIError.usage("unknown kind '\(kindName)'") }
        if kind == .local {
            let name = invocation.value("name") ?? "Local"
            let account = try CLIError.catching {
                try store.database.write {
                    try DemoLibrary.dismiss(store)
                    return try store.accounts.insert(kind: .local, name: name)
                }
            }
            return CommandOutput(text: "Added local account '\(account.name)'\(account.isDefault ? " (default)" : "").",
                                 json: AccountJSON(account))
        }
        let endpoint: AccountEndpoint
        do { endpoint = try AccountEndpoint.resolve(kind: kind, typed: invocation.value("url")) } catch { throw CLIError.from(error) }
        if endpoint.isInsecure && !invocation.flag("allow-insecure") {
            throw CLIError.usage("refusing to send a secret over plain http to \(endpoint.candidates[0].host ?? "the server"): use https, or pass --allow-insecure")
        }
        let user = invocation.value("user")
        if kind != .miniflux && user == nil { throw CLIError.usage("a \(kind.rawValue) account needs --user") }
        for note in endpoint.notes where !invocation.wantsJSON { Console.note(note) }
        let secret = try SecretInput.read(prompt: "\(kind == .miniflux && user == nil ? "API token" : "Password") for \(user ?? endpoint.candidates[0].host ?? "the server"): ",
                                          fromStdin: invocation.flag("password-stdin"))
        let consented = invocation.flag("allow-insecure")
        let verified = try RemoteLogin.verify(kind, endpoint: endpoint, user: user, secret: secret, plainHTTPConsented: consented)
        // The consent is kept for this plain-http host only, and checked on every later request.
        let plainHTTPHost = consented && verified.url.scheme == "http" ? verified.url.host?.lowercased() : nil
        let name = invocation.value("name") ?? verified.url.host ?? kind.rawValue
        if try CLIError.catching({ try store.accounts.named(name) }) != nil {
            throw CLIError.conflict("an account named '\(name)' already exists: choose another with --name")
        }
        let keyring = session.keyring
        let item = AccountSecret.item(kind: kind, url: verified.url.absoluteString, user: user)
        if let twin = try CLIError.catching({ try store.accounts.all() }).first(where: {
            $0.kind == kind && $0.url == verified.url.absoluteString && $0.username == user }) {
            throw CLIError.conflict("this login is already account '\(twin.name)'")
        }
        // Keyring first: if it is unavailable nothing is saved; if the database then fails, the
        // secret is taken back out, so no secret is ever left without its account.
        try KeyringAccess.run { () throws(KeyringError) in try keyring.store(secret, for: item) }
        let account: Account
        do {
            account = try store.database.write {
                try DemoLibrary.dismiss(store)
                return try store.accounts.insert(kind: kind, name: name, url: verified.url.absoluteString, username: user,
                                                 plainHTTPHost: plainHTTPHost)
            }
        } catch {
            // Undo the secret stored a moment ago; the store's error is the one to report.
            _ = try? keyring.remove(item)
            throw CLIError.from(error)
        }
        return CommandOutput(text: "Added \(kind.rawValue) account '\(account.name)' on \(verified.info.name)\(account.isDefault ? " (default)" : "").",
                             json: AccountJSON(account, server: verified.info.name))
    }

    static let list = CommandSpec(["account", "list"], "list accounts; * marks the default") { _, session in
        let accounts = try CLIError.catching { try session.store().accounts.all() }
        var table = TextTable(["", "NAME", "KIND", "USER", "URL", "STATUS"], flexibleColumn: 4, addressColumns: [4])
        for account in accounts {
            let status = account.isDemo ? "demo" : (account.needsPassword ? "needs password" : "")
            table.add([account.isDefault ? "*" : "", account.name, account.kind.rawValue, account.username ?? "—", account.url ?? "—", status])
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
        if let url = account.url { lines.append("  url: \(url)") }
        if let user = account.username { lines.append("  user: \(user)") }
        if let host = account.plainHTTPHost { lines.append("  plain http: you allowed the secret to go unencrypted to \(host)") }
        lines.append("  feeds: \(feeds.count), unread: \(feeds.map(\.unreadCount).reduce(0, +))")
        if account.kind != .local {
            lines.append("  secret: " + (account.needsPassword ? "missing: run 'lector account password \(account.name)'" : "in the keyring"))
            lines.append("  last sync: " + (status.lastSuccessAt.flatMap(JSONOutput.timestamp) ?? "never")
                         + (status.lastError.map { " (last attempt failed: \($0))" } ?? ""))
        }
        if account.isDemo { lines.append("  demo library: remove it with 'lector demo off'") }
        var json = AccountJSON(account)
        json.feeds = feeds.count
        json.unread = feeds.map(\.unreadCount).reduce(0, +)
        json.secret = account.kind == .local ? nil : (account.needsPassword ? "missing" : "in-keyring")
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
        guard !new.trimmingWhitespace.isEmpty else { throw CLIError.usage("the new name is empty") }
        try CLIError.catching { try session.store().accounts.rename(account.id, to: new) }
        return .message("Renamed '\(account.name)' to '\(new)'.")
    }

    static let remove = CommandSpec(
        ["account", "remove"], "remove an account, its secret and all its local data",
        discussion: "Order: the account is first marked as needing its password, then its secret is deleted from the keyring, then its data in one transaction. A failure at any step leaves a whole account, an account waiting for its password, or nothing — never a secret without its account.",
        arguments: [ArgumentSpec("NAME", "the account", source: .accounts)],
        options: [OptionSpec("yes", short: "y", "do not ask for confirmation")]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        let store = try session.store()
        if !invocation.flag("yes") {
            guard Prompter.isInteractive else {
                throw CLIError.usage("this removes '\(account.name)' and all its local data: pass --yes to confirm when not at a terminal")
            }
            guard try Prompter.confirm("Remove account '\(account.name)' and all its local data?") else { return .message("Nothing changed.") }
        }
        if account.kind != .local && !account.isDemo {
            try CLIError.catching { try store.accounts.setNeedsPassword(account.id, true) }
            try KeyringAccess.run { () throws(KeyringError) in _ = try session.keyring.remove(AccountSecret.item(for: account)) }
        }
        let left: [Account] = try CLIError.catching {
            try store.database.write {
                try store.accounts.remove(account.id)
                // The default goes to the one account left; among several the user chooses.
                let left = try store.accounts.all().filter { !$0.isDemo }
                if account.isDefault, left.count == 1 { try store.accounts.setDefault(left[0].id) }
                return left
            }
        }
        var lines = ["Removed account '\(account.name)'."]
        if account.isDefault, left.count == 1 {
            lines.append("'\(left[0].name)' is now the default account.")
        } else if account.isDefault, left.count > 1 {
            lines.append("There is no default account now: choose one with 'lector account use NAME'.")
        }
        return .message(lines.joined(separator: "\n"))
    }

    static let use = CommandSpec(
        ["account", "use"], "make an account the default",
        arguments: [ArgumentSpec("NAME", "the account", source: .accounts)]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        try CLIError.catching { try session.store().accounts.setDefault(account.id) }
        return .message("'\(account.name)' is now the default account.")
    }

    static let test = CommandSpec(
        ["account", "test"], "log in again and report what the server says about itself",
        arguments: [ArgumentSpec("NAME", "the account (default: the default account)", source: .accounts, optional: true)]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        guard account.kind != .local else { return .message("'\(account.name)' is a local account: there is no server to log in to.") }
        let secret = try session.secret(for: account)
        let endpoint = try CLIError.catching { try AccountEndpoint.resolve(kind: account.kind, typed: account.url) }
        let verified = try RemoteLogin.verify(account.kind, endpoint: endpoint, user: account.username, secret: secret,
                                              plainHTTPConsented: endpoint.candidates.first.map(account.consentsToPlainHTTP) ?? false)
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
        guard account.kind != .local else { throw CLIError.usage("'\(account.name)' is a local account: it has no secret") }
        let endpoint = try CLIError.catching { try AccountEndpoint.resolve(kind: account.kind, typed: account.url) }
        let secret = try SecretInput.read(prompt: "New secret for '\(account.name)': ", fromStdin: invocation.flag("password-stdin"))
        let consents = invocation.flag("allow-insecure")
        let verified = try RemoteLogin.verify(account.kind, endpoint: endpoint, user: account.username, secret: secret,
                                              plainHTTPConsented: consents || endpoint.candidates.first.map(account.consentsToPlainHTTP) ?? false)
        try KeyringAccess.run { () throws(KeyringError) in try session.keyring.store(secret, for: AccountSecret.item(for: account)) }
        if consents, verified.url.scheme == "http" {
            try CLIError.catching { try session.store().accounts.setPlainHTTPHost(account.id, verified.url.host?.lowercased()) }
        }
        try CLIError.catching { try session.store().accounts.setNeedsPassword(account.id, false) }
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
            url = account.url
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
