import Glibc
import LectorAccounts
import LectorSettings
import LectorStore

/// `lector browse`: the article list full-screen, moved through and acted on with keys.
enum BrowseCommands {
    static let all: [CommandSpec] = [browse]

    static let browse = CommandSpec(
        ["browse"], "a full-screen article list and reader driven by keys (j/k, n/p, r, s, swipes, the dock)",
        discussion: "On a terminal: the article list with its counts, previews and columns; Enter reads, q goes back, ? shows every key. The keys are the keys.* settings; ←/→ do the first swipe.leading/swipe.trailing action, H/L show the others; in the reader the dock.actions are the number keys. Every mark is saved at once and sent to the server when no key came for a moment, as 'article mark' sends it. Off a terminal (a pipe, TERM=dumb) it prints 'article list' instead, saying so on stderr.",
        // The list's own filters, so the fallback to it takes them as they are.
        options: ArticleCommands.list.options.filter { ["account", "feed", "folder", "unread", "starred", "label", "where", "saved", "collapse-duplicates"].contains($0.name) }
    ) { invocation, session in
        if invocation.flag("feed") && invocation.flag("folder") { throw CLIError.usage("give --feed or --folder, not both") }
        guard let reason = whyNoFullScreen(invocation, session: session) else { return try fullScreen(invocation, session: session) }
        Console.note("\(reason): showing 'article list' instead of the full-screen view")
        let options = invocation.options.filter { ["account", "feed", "folder", "unread", "starred", "label", "where", "saved", "collapse-duplicates", "json", "plain", "color"].contains($0.key) }
        return try ArticleCommands.list.run(Invocation(spec: ArticleCommands.list, arguments: [], options: options), session)
    }

    /// Why the view cannot take the screen here, or nil when it can.
    static func whyNoFullScreen(_ invocation: Invocation, session: Session) -> String? {
        if invocation.wantsJSON { return "--json asks for a document" }
        if isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 { return "not a terminal" }
        let term = session.environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return "the terminal cannot draw a full screen (TERM=\(term.isEmpty ? "unset" : term))" }
        return nil
    }

    private static func fullScreen(_ invocation: Invocation, session: Session) throws(CLIError) -> CommandOutput {
        let store = try session.store()
        let preferences = try session.preferences()
        let keys = try KeyMap(preferences: preferences)
        var query = try ArticleCommands.articleQuery(invocation, session: session, store: store)
        query.newestFirst = preferences.listSort == .newestFirst
        if preferences.hideRead { query.unreadOnly = true }
        if preferences.starredOnly { query.starredOnly = true }
        query.collapseDuplicates = invocation.flag("collapse-duplicates")
        let manager = try session.accountManager()
        let browser: ArticleBrowser
        do { browser = try ArticleBrowser(manager: manager, query: query, markReadOnScroll: preferences.markReadOnScroll) }
        catch { throw CLIError(error) }
        let terminal = RawTerminal()
        guard terminal.enter() else { throw CLIError.failure("the terminal could not be set up for the full-screen view") }
        defer { terminal.close() }
        let color = session.usesColor(invocation)
        let view = try BrowseView(session: session, browser: browser, terminal: terminal, keys: keys, preferences: preferences,
                                  title: title(invocation), color: color)
        view.syncAccount = try syncAccount(query, store: store)
        try view.openPanesAtStart()
        session.noticesInline = true
        defer { session.noticesInline = false }
        view.run()
        if view.interrupted && !session.inREPL { throw CLIError.interrupted }
        return CommandOutput(text: "", json: CommandOutput.MessageJSON(ok: true, message: "browsed"))
    }

    /// What the sync key syncs: a list of one account (`--account`, or the account of `--feed`
    /// or `--folder`) syncs that account alone; a list of every account (nil) syncs them all.
    static func syncAccount(_ query: ArticleQuery, store: Store) throws(CLIError) -> String? {
        var accountID = query.accountID
        if accountID == nil, let feedID = query.feedID {
            accountID = try CLIError.catching { try store.feeds.list().first { $0.feed.id == feedID }?.feed.accountID }
        }
        if accountID == nil, let folderID = query.folderID {
            accountID = try CLIError.catching { try store.folders.list(accountID: nil).first { $0.folder.id == folderID }?.folder.accountID }
        }
        guard let accountID, let account = try CLIError.catching({ try store.accounts.all().first { $0.id == accountID } }) else { return nil }
        return account.name
    }

    /// What the list is of, for its first line.
    private static func title(_ invocation: Invocation) -> String {
        let scope = invocation.value("feed").map { "feed \($0)" } ?? invocation.value("folder").map { "folder \($0)" }
            ?? invocation.value("account").map { "account \($0)" } ?? "all accounts"
        return "lector browse · " + scope + (invocation.flag("unread") ? " · unread" : "") + (invocation.flag("starred") ? " · starred" : "")
            + (invocation.value("label").map { " · label \($0)" } ?? "")
            + (invocation.value("where").map { " · where \($0)" } ?? "") + (invocation.value("saved").map { " · saved \($0)" } ?? "")
    }
}
