import LectorBasics
import LectorAccounts
import LectorStore
import LectorSync

/// What a feed's server does with it: its settings, pausing, fetching now. The server first,
/// the store follows (`AccountManager+FeedSettings`); keys in docs/feed-settings.md.
enum FeedServerCommands {
    static let all: [CommandSpec] = [set, unset, pause, resume, refresh]

    static let keyChoices = FeedSettingKey.allCases.map { Choice($0.rawValue, $0.summary) }

    static let set = CommandSpec(
        ["feed", "set"], "change one of a feed's server settings",
        discussion: "Flags take on or off; a list (http-headers, mark-read-filters, block-filter, keep-filter) takes one VALUE per line; other text is the VALUEs joined by spaces. A secret (cookie, server-login's password) is never an argument: it is asked for without echo, or read from stdin with --value-stdin; once the server took it, it is kept in the keyring (for account copy), and the store keeps only that it is set. A proxy address with a password or an http-headers line with a credential (Authorization: …) is read from stdin with --value-stdin too; the keyring keeps it whole, the store and every export with the secret part as 'set'. A key the account's kind cannot keep is refused, naming the kinds that can (exit 2). Every key, and what each kind makes of it, is in 'lector help feed-settings'.",
        arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds),
                    ArgumentSpec("KEY", "the setting", source: .choices(keyChoices)),
                    ArgumentSpec("VALUE", "the new value: on or off for a flag, none for a secret", optional: true, variadic: true)],
        options: [OptionSpec.account, OptionSpec("value-stdin", "read the secret (cookie, server-login's password), or a value with one (proxy, http-headers), from stdin")]
    ) { invocation, session in
        let (_, account, feed) = try FeedEditCommands.target(invocation, session)
        let key = try settingKey(invocation)
        let change = try FeedSettingChange(key: key, words: invocation.variadic("VALUE"), invocation)
        try session.accounts { (manager) throws(AccountsError) in try manager.changeFeedSettings(of: feed, [change], in: account) }
        // A secret part (a proxy's password) is shown as the marker the store keeps.
        let shown = key.shape == .secret ? "(secret, not shown)" : "\"\(change.value.map(key.storable) ?? "")\""
        return CommandOutput(text: "Set \(key.rawValue) of '\(TerminalText.sanitize(feed.title))' to \(shown)\(onServer(account)).",
                             json: SettingJSON(feed: feed.title, key: key.rawValue, value: key.shape == .secret ? nil : change.value.map(key.storable)))
    }

    static let unset = CommandSpec(
        ["feed", "unset"], "clear one of a feed's server settings (back to the server's default)",
        arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds),
                    ArgumentSpec("KEY", "the setting", source: .choices(keyChoices))],
        options: [OptionSpec.account]
    ) { invocation, session in
        let (_, account, feed) = try FeedEditCommands.target(invocation, session)
        let key = try settingKey(invocation)
        try session.accounts { (manager) throws(AccountsError) in
            try manager.changeFeedSettings(of: feed, [FeedSettingChange(key: key, value: key.shape == .flag ? "off" : nil)], in: account)
        }
        return CommandOutput(text: "Cleared \(key.rawValue) of '\(TerminalText.sanitize(feed.title))'\(onServer(account)).",
                             json: SettingJSON(feed: feed.title, key: key.rawValue, value: nil))
    }

    static let pause = pausing(true)
    static let resume = pausing(false)

    static func pausing(_ paused: Bool) -> CommandSpec {
        CommandSpec(
            ["feed", paused ? "pause" : "resume"],
            paused ? "stop the feed being fetched; its articles and stars stay" : "fetch a paused feed again",
            discussion: "Miniflux: the feed's disabled field. A local account: sync skips the feed. FreshRSS's mute is not in its API (the web page only), and Fever and Feedbin have none: refused, exit 2.",
            arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds)],
            options: [OptionSpec.account]
        ) { invocation, session in
            let (_, account, feed) = try FeedEditCommands.target(invocation, session)
            try session.accounts { (manager) throws(AccountsError) in try manager.setFeedPaused(feed, paused, in: account) }
            return CommandOutput(text: "\(paused ? "Paused" : "Resumed") '\(TerminalText.sanitize(feed.title))'\(onServer(account)).",
                                 json: SettingJSON(feed: feed.title, key: FeedSettingKey.paused.rawValue, value: paused ? "on" : "off"))
        }
    }

    static let refresh = CommandSpec(
        ["feed", "refresh"], "ask the server to fetch feeds now, then sync",
        discussion: "Miniflux fetches the feed (PUT /v1/feeds/{id}/refresh) or every feed (PUT /v1/feeds/refresh); then the account syncs. A local account fetches the feed, the folder's feeds or (--all) every feed, and nothing else. FreshRSS, Fever and Feedbin have no such call in their APIs: one line says so, exit 2, nothing sent. Exit codes otherwise as sync's.",
        arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds, optional: true)],
        options: [OptionSpec.account, OptionSpec("folder", short: "f", value: "FOLDER", "every feed in this folder", source: .folders),
                  OptionSpec("all", "every feed of the account")]
    ) { invocation, session in
        let store = try session.store()
        // A feed one account holds names its account: no --account needed.
        let account = try invocation.argument("FEED").map { name throws(CLIError) in try Lookup.feedAndAccount(name, invocation, session).0 }
            ?? session.account(invocation)
        let feeds = try refreshed(invocation, account: account, store: store)
        let preferences = try session.preferences()
        let request = SyncRequest(accountName: account.name, trigger: .manual, pushOnly: false, ageLimit: preferences.syncAgeLimit)
        if !session.inREPL { Interrupt.install() }
        let progress = ProgressLine(json: invocation.wantsJSON)
        let report = try session.accounts { (manager) throws(AccountsError) in
            try manager.refreshOnServer(feeds, of: account, sync: request, events: progress.show, isInterrupted: { Interrupt.isRequested })
        }
        let results = report.accounts.map { SyncRunOutput.ResultJSON($0) { [] } }
        return SyncRunOutput(results: results, interrupted: Interrupt.isRequested)
            .output(auto: false, json: invocation.wantsJSON, logPath: session.directories.syncLogPath)
    }

    /// The feeds `feed refresh` names: one, a folder's, or nil for all (`--all`).
    static func refreshed(_ invocation: Invocation, account: Account, store: Store) throws(CLIError) -> [Feed]? {
        let feed = invocation.argument("FEED")
        let folder = invocation.value("folder")
        guard [feed != nil, folder != nil, invocation.flag("all")].filter({ $0 }).count == 1 else {
            throw .usage("name one FEED, or --folder FOLDER, or --all")
        }
        if let feed { return [try Lookup.feed(titled: feed, accountID: account.id, in: store)] }
        guard let folder else { return nil }
        let found = try Lookup.folder(named: folder, accountID: account.id, in: store)
        return try CLIError.catching { try store.feeds.list(accountID: account.id, folderID: found.id).map(\.feed) }
    }

    static func settingKey(_ invocation: Invocation) throws(CLIError) -> FeedSettingKey {
        let name = invocation.argument("KEY") ?? ""
        guard let key = FeedSettingKey(rawValue: name.lowercased()) else {
            throw .usage("no feed setting '\(name)': one of \(FeedSettingKey.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return key
    }

    static func onServer(_ account: Account) -> String {
        account.kind.hasServer ? " on the server" : ""
    }

    struct SettingJSON: Encodable, Sendable {
        let feed: String
        let key: String
        let value: String?
    }
}

extension FeedSettingChange {
    /// The change `feed set` asks for: VALUE words as the key's shape reads them, a secret from stdin or the terminal.
    init(key: FeedSettingKey, words: [String], _ invocation: Invocation) throws(CLIError) {
        let fromStdin = invocation.flag("value-stdin")
        switch key.shape {
        case .secret:
            guard words.isEmpty else { throw .usage("\(key.rawValue) is a secret: give it at the prompt or with --value-stdin, never as an argument") }
            self.init(key: key, value: try SecretInput.read(prompt: "\(key.rawValue): ", fromStdin: fromStdin))
        case .login:
            guard words.count == 1 else { throw .usage("\(key.rawValue) takes the user as VALUE; its password comes at the prompt or with --value-stdin") }
            self.init(key: key, value: words[0], password: try SecretInput.read(prompt: "Password for \(words[0]) (server): ", fromStdin: fromStdin))
        case .flag:
            guard words.count == 1 else { throw .usage("\(key.rawValue) takes on or off") }
            self.init(key: key, value: words[0].lowercased())
        case .lines, .text:
            let separator = key.shape == .lines ? "\n" : " "
            if fromStdin && key.mayCarrySecret {
                // A value with a secret part (a proxy's password, an Authorization line), one VALUE per line of stdin.
                guard words.isEmpty else { throw .usage("--value-stdin reads the whole value from stdin: give no VALUE with it") }
                var lines: [String] = []
                while let line = readLine(strippingNewline: true) {
                    if !line.isEmpty { lines.append(line) }
                    if key.shape == .text && !lines.isEmpty { break }
                }
                guard !lines.isEmpty else { throw .usage("no value on stdin: nothing was changed") }
                self.init(key: key, value: lines.joined(separator: separator))
                return
            }
            guard !words.isEmpty else {
                throw .usage("\(key.rawValue) takes \(key.shape == .lines ? "one VALUE per line" : "a VALUE"): 'lector feed unset' clears it")
            }
            let value = words.joined(separator: separator)
            // A secret is never an argument: argv and the shell's history would keep it.
            guard !key.revealsSecret(value) else {
                throw .usage("\(key.rawValue) carries a secret (\(key == .proxy ? "the proxy's password" : "a credential header")): "
                             + "give the value on stdin with --value-stdin, never as an argument")
            }
            self.init(key: key, value: value)
        }
        if fromStdin, key.shape != .secret, key.shape != .login, !key.mayCarrySecret {
            throw .usage("--value-stdin is for secrets (cookie, server-login) and values with one (proxy, http-headers)")
        }
    }
}

extension FeedServerCommands {
    /// `feed show`'s server settings: read from the server now, or — when it cannot be read —
    /// as it last acknowledged them, with a note. Nil for a kind that keeps none.
    static func shownSettings(_ feed: Feed, store: Store, session: Session) throws(CLIError) -> (lines: [String], values: [String: String])? {
        guard let account = try CLIError.catching({ try store.accounts.all().first { $0.id == feed.accountID } }) else { return nil }
        let manager = try session.accountManager()
        guard !manager.feedSettingKeys(of: account).subtracting([.paused]).isEmpty else { return nil }
        var note = ""
        let settings: [FeedSettingKey: String]
        do throws(AccountsError) {
            settings = try manager.serverFeedSettings(of: feed, in: account)
        } catch {
            settings = try session.accounts { (manager) throws(AccountsError) in try manager.storedFeedSettings(of: feed, in: account) }
            note = " (as the server last acknowledged them: \(TerminalText.sanitize(CLIError(error).description)))"
        }
        var lines = ["  server settings\(note):" + (settings.isEmpty ? " none" : "")]
        for key in settings.keys.sorted() {
            lines.append("    \(key.rawValue): \(TerminalText.sanitize((settings[key] ?? "").replacingAll("\n", with: " | ")))")
        }
        return (lines, Dictionary(uniqueKeysWithValues: settings.map { ($0.key.rawValue, $0.value) }))
    }
}
