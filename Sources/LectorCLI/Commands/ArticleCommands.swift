import FoundationEssentials
import LectorBasics
import Glibc
import LectorAccounts
import LectorSettings
import LectorStore

enum ArticleCommands {
    static let all: [CommandSpec] = [list, mark, markAllRead] + ReaderCommands.all + [SummaryCommands.summarize]

    static let list = CommandSpec(
        ["article", "list"], "list articles, newest first",
        options: [
            OptionSpec.account,
            OptionSpec("feed", value: "FEED", "only articles of this feed (title or URL)", source: .feeds),
            OptionSpec("folder", short: "f", value: "FOLDER", "only articles of feeds in this folder", source: .folders),
            OptionSpec("unread", short: "u", "only unread articles"),
            OptionSpec("starred", short: "s", "only starred articles"),
            OptionSpec("limit", short: "n", value: "N", "show at most N articles (default 50)"),
            OptionSpec("since", value: "WHEN", "only articles published since WHEN: a date (2024-05-01), or an age (36h, 7d, 2w)"),
            OptionSpec("search", short: "q", value: "WORDS", "full-text search of titles and text, best match first"),
            OptionSpec.filter,
            OptionSpec("saved", value: "NAME", "only articles a saved search matches (search save)", source: .savedSearches),
            OptionSpec.label,
            OptionSpec("all", "include read (and unstarred) articles even when list.hide-read or list.starred-only is on, and those a rule hid"),
            OptionSpec("oldest-first", "oldest first, whatever list.sort says"),
            ReaderCommands.noPager,
        ]
    ) { invocation, session in
        let store = try session.store()
        let preferences = try session.preferences()
        var query = try articleQuery(invocation, session: session, store: store)
        // The list settings apply unless the command line says otherwise.
        query.newestFirst = invocation.flag("oldest-first") ? false : preferences.listSort == .newestFirst
        if preferences.hideRead && !invocation.flag("all") { query.unreadOnly = true }
        if preferences.starredOnly && !invocation.flag("all") { query.starredOnly = true }
        query.includeHidden = invocation.flag("all")
        let articles = try CLIError.catching { try store.articles.list(query) }
        session.handles.remember(articles.map(\.id))
        let accountNames = try session.accountNames()
        let plain = session.tablesArePlain
        let text = articles.isEmpty ? (plain ? "" : "No articles.") : ArticleListView(preferences: preferences, width: session.terminalWidth,
                                                                        palette: Palette(theme: preferences.theme, color: session.usesColor(invocation)),
                                                                        plain: plain, accountNames: accountNames)
            .render(articles, searching: query.search != nil)
        // In the plain format stdout is the rows alone: no counts line.
        let shown = ((plain ? [] : try countsLine(query, store: store, preferences: preferences)) + [text]).joined(separator: "\n")
        let json = articles.enumerated().map { ArticleJSON($1, account: accountNames[$1.accountID] ?? "", handle: $0 + 1) }
        // Longer than the screen, the newest rows would scroll away: through the pager, as git
        // log (less -F prints a list that fits and returns at once).
        if Pager.pageOnTerminal(shown + "\n", invocation, setting: preferences.pager, session: session) {
            return CommandOutput(text: "", json: json)
        }
        return CommandOutput(text: shown, json: json)
    }

    /// The line of counts above a list ("12 unread · 3 starred"), when the list settings show
    /// them: of the feed, folder or account listed, or of what a label, filter or search matches.
    static func countsLine(_ query: ArticleQuery, store: Store, preferences: Preferences) throws(CLIError) -> [String] {
        guard preferences.showUnreadCount || preferences.showStarredCount else { return [] }
        let counts: (unread: Int, starred: Int)
        if query.filter != nil || query.search != nil || query.since != nil {
            // A label, a filter, a search or --since narrows the list: the counts are of what
            // it matches (whatever --unread and --starred show of it), not of the whole library.
            var scope = query
            (scope.unreadOnly, scope.starredOnly) = (false, false)
            let tally = try CLIError.catching { try store.articles.tally(scope) }
            counts = (tally.unread, tally.starred)
        } else {
            counts = try CLIError.catching { try store.articles.counters(accountID: query.accountID, folderID: query.folderID, feedID: query.feedID) }
        }
        return [[preferences.showUnreadCount ? "\(counts.unread) unread" : nil,
                 preferences.showStarredCount ? "\(counts.starred) starred" : nil].compactMap { $0 }.joined(separator: " · ")]
    }

    static let mark = CommandSpec(
        ["article", "mark"], "mark articles read or unread, starred or not",
        discussion: "ARTICLE is a number from the last 'article list', a range or list of them (1-20, 1,3,5), or id:N; a range past the end of the list takes the articles it has and a note names the numbers left out. The change is saved at once and sent to the account's server right after, with a 3-second deadline; the output ends with 'sent', or 'sent at the next sync' when the server could not be reached (the change stays queued).",
        arguments: [
            ArgumentSpec("ACTION", "what to do", source: .choices([
                Choice("read", "mark read"), Choice("unread", "mark unread"),
                Choice("star", "star"), Choice("unstar", "remove the star"),
            ])),
            ArgumentSpec("ARTICLE", "articles to change", source: .articles, variadic: true),
        ]
    ) { invocation, session in
        let store = try session.store()
        let articles = try session.handles.resolveAll(invocation.variadic("ARTICLE")).map { id throws(CLIError) in
            guard let article = try CLIError.catching({ try store.articles.article(id) }) else {
                throw CLIError.notFound("no article with id \(id)")
            }
            return article
        }
        let ids = articles.map(\.id)
        let action = invocation.argument("ACTION") ?? ""
        let outcome = try session.accounts { (manager) throws(AccountsError) in try manager.mark(ids, as: ArticleMark(rawValue: action) ?? .unstar) }
        let (changed, sent) = (outcome.changed, outcome.sent)
        let past = ["read": "marked read", "unread": "marked unread", "star": "starred", "unstar": "unstarred"][action] ?? action
        return CommandOutput(text: "\(changed) of \(ids.count) article(s) \(past)\(MarkFlush.ending(sent))",
                             json: MarkJSON(action: action, articles: ids, changed: changed, sent: sent))
    }

    static let markAllRead = CommandSpec(
        ["article", "mark-all-read"], "mark every unread article of a feed, folder or account read",
        discussion: "Asks first on a terminal, naming the feed, folder or account; without one, pass --yes. Everything there that arrived before you asked is read: the articles stored here at once, and for a server account every unread one on the server too (also those older than sync.age-limit), with the server's own call, sent right after with a 3-second deadline or, when the server cannot be reached, at the next sync. Articles that arrive later stay unread.",
        options: [
            OptionSpec.account,
            OptionSpec("feed", value: "FEED", "only this feed", source: .feeds),
            OptionSpec("folder", short: "f", value: "FOLDER", "only feeds in this folder", source: .folders),
            OptionSpec("yes", short: "y", "do not ask for confirmation"),
        ]
    ) { invocation, session in
        let store = try session.store()
        var query = try articleQuery(invocation, session: session, store: store)
        query.unreadOnly = true
        query.limit = Int.max
        let count = try CLIError.catching { try store.articles.list(query).count }
        // A server may hold unread articles the store does not (older than sync.age-limit).
        let server = try CLIError.catching { try store.states.reachesServer(markingAllRead: query) }
        let scope = try markScope(query, store: store)
        guard count > 0 || server else { return .message("Nothing to mark: no unread articles \(scope).") }
        let what = server ? "every unread article \(scope) read, on the server too (\(count) stored here)"
                          : "the \(count) unread article(s) \(scope) read"
        if !invocation.flag("yes") {
            guard Prompter.isInteractive else {
                throw CLIError.usage("this would mark \(what): pass --yes to confirm when not at a terminal")
            }
            guard try Prompter.confirm("Mark \(what)?") else { return .message("Nothing changed.") }
        }
        let result = try session.accounts { (manager) throws(AccountsError) in try manager.markAllRead(query) }
        let sent = result.sent
        let text = "\(result.changed) article(s) marked read" + (sent == nil ? "" : "; on the server too (every unread one there)")
        return CommandOutput(text: text + MarkFlush.ending(sent),
                             json: MarkJSON(action: "read", articles: [], changed: result.changed, sent: sent))
    }

    /// Where mark-all-read marks, for its question: the feed, the folder, the account, or every account.
    static func markScope(_ query: ArticleQuery, store: Store) throws(CLIError) -> String {
        let s = TerminalText.sanitize
        if let feedID = query.feedID {
            let feed = try CLIError.catching { try store.feeds.list(accountID: query.accountID).first { $0.feed.id == feedID } }
            return feed.map { "of the feed '\(s($0.feed.title))' ('\(s($0.accountName))')" } ?? "of that feed"
        }
        if let folderID = query.folderID {
            let folder = try CLIError.catching { try store.folders.list(accountID: query.accountID).first { $0.folder.id == folderID } }
            return folder.map { "in the folder '\(s($0.folder.name))' ('\(s($0.accountName))')" } ?? "in that folder"
        }
        if let accountID = query.accountID {
            let account = try CLIError.catching { try store.accounts.all().first { $0.id == accountID } }
            return account.map { "in the account '\(s($0.name))'" } ?? "in that account"
        }
        return "in every account"
    }

    /// The filters shared by list and mark-all-read.
    static func articleQuery(_ invocation: Invocation, session: Session, store: Store) throws(CLIError) -> ArticleQuery {
        let account = try session.accountFilter(invocation)
        var query = ArticleQuery(accountID: account?.id)
        if let title = invocation.value("feed") {
            query.feedID = try Lookup.feed(titled: title, accountID: account?.id, in: store).id
        }
        if let name = invocation.value("folder") {
            query.folderID = try Lookup.folder(named: name, accountID: account?.id, in: store).id
        }
        query.unreadOnly = invocation.flag("unread")
        query.starredOnly = invocation.flag("starred")
        query.limit = try invocation.intValue("limit", range: 1...100_000) ?? 50
        query.since = try invocation.value("since").map { text throws(CLIError) in try TimeExpression.parse(text) }
        query.search = invocation.value("search")
        query.filter = try FilterText.combined(invocation.value("where"),
                                               saved: invocation.value("saved").map { name throws(CLIError) in try SearchCommands.named(name, session).expression },
                                               label: invocation.value("label"))
        query.now = Date().timeIntervalSince1970
        return query
    }

    struct MarkJSON: Encodable, Sendable {
        let action: String
        let articles: [Int64]
        let changed: Int
        /// Whether the change reached the server (false: it is sent at the next sync); left out
        /// when no server account is involved.
        let sent: Bool?
    }

    static func shortDate(_ seconds: Double?) -> String {
        guard let seconds else { return "—" }
        return Date(timeIntervalSince1970: seconds).formatted(.iso8601.year().month().day().dateSeparator(.dash))
    }

    struct ArticleJSON: Encodable, Sendable {
        let id: Int64
        let account: String
        let feed_id: Int64
        let feed: String
        let title: String
        let url: String?
        let author: String?
        let published: String?
        /// A boolean like `starred`; left out while the server has not said (state unknown).
        let read: Bool?
        let starred: Bool
        let handle: Int
        let snippet: String?

        init(_ article: ArticleSummary, account: String, handle: Int) {
            self.handle = handle
            self.account = account
            snippet = article.snippet.map { $0.replacingAll("\u{1}", with: "").replacingAll("\u{2}", with: "") }
            id = article.id
            feed_id = article.feedID
            feed = article.feedTitle
            title = article.title
            url = article.url
            author = article.author
            published = JSONOutput.timestamp(article.publishedAt)
            read = article.read == .unknown ? nil : article.read == .read
            starred = article.starred
        }
    }
}
