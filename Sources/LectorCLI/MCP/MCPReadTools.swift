import FoundationEssentials
import LectorReader
import LectorSettings
import LectorStore

/// The tools that only read: offered always. Each answers over every account unless one is named.
enum MCPReadTools {
    static let all: [MCPTool] = [listAccounts, listFeeds, listFolders, listArticles, searchArticles, readArticle,
                                 listRules, testRule, listLabels, listSavedSearches]

    static let account = MCPParameter("account", .string(maxLength: 200), "only this account (its name); every account when left out")
    static let name = MCPParameter.Kind.string(maxLength: 1_000)
    static let filterText = MCPParameter.Kind.string(maxLength: 4_000)
    static let offset = MCPParameter("offset", .integer(0...1_000_000), "rows to skip, for the next page (the answer's next_offset)")

    static let listAccounts = MCPTool(
        "list_accounts", title: "List accounts",
        "The reader accounts (FreshRSS, Miniflux, Fever, Feedbin, local) with their feed, unread and starred counts. Never a secret.",
        output: MCPSchemas.rows("accounts", MCPSchemas.account)
    ) { _, context in
        let store = try context.catching { try context.session.store() }
        let accounts = try context.catching { try CLIError.catching { try store.accounts.all() } }
        let rows = try accounts.map { account throws(MCPToolError) -> JSONValue in
            var row = AccountCommands.AccountJSON(account)
            let counts = try context.catching { try CLIError.catching { try store.articles.counters(accountID: account.id) } }
            row.unread = counts.unread
            row.feeds = try context.catching { try CLIError.catching { try store.feeds.list(accountID: account.id).count } }
            return try MCPContext.value(of: row).merging(["starred": .int(counts.starred)])
        }
        return ["accounts": .array(rows)]
    }

    static let listFeeds = MCPTool(
        "list_feeds", title: "List feeds",
        "Feeds (subscriptions) with their account, folder, unread and article counts, by title.",
        parameters: [account, MCPParameter("folder", name, "only feeds in this folder"),
                     MCPParameter("limit", .integer(1...MCPBounds.maxList), "at most this many feeds (default 200)"), offset],
        output: MCPSchemas.page("feeds", MCPSchemas.feed)
    ) { arguments, context in
        let feeds = try context.command(["feed", "list"], options: options(arguments, ["account", "folder"]))
        return page(feeds, key: "feeds", arguments, defaultLimit: 200)
    }

    static let listFolders = MCPTool(
        "list_folders", title: "List folders",
        "Folders with their account, feed and unread counts.",
        parameters: [account],
        output: MCPSchemas.rows("folders", MCPSchemas.folder)
    ) { arguments, context in
        ["folders": capped(try context.command(["folder", "list"], options: options(arguments, ["account"])))]
    }

    static let articleFilters: [MCPParameter] = [
        account,
        MCPParameter("feed", name, "only this feed (its title or URL)"),
        MCPParameter("folder", name, "only feeds in this folder"),
        MCPParameter("unread", .boolean, "only unread articles"),
        MCPParameter("starred", .boolean, "only starred articles"),
        MCPParameter("label", name, "only articles carrying this label"),
        MCPParameter("since", .string(maxLength: 40), "only articles published since: a date (2024-05-01) or an age (36h, 7d, 2w)"),
        MCPParameter("where", filterText, "a filter in Lector's language, e.g. \"title contains rust and age < 7d\" (see the rules manual page: lector help rules)"),
        MCPParameter("saved", name, "only what this saved search matches (list_saved_searches)"),
        MCPParameter("include_hidden", .boolean, "also articles a rule hid"),
        MCPParameter("oldest_first", .boolean, "oldest first instead of newest first"),
        MCPParameter("limit", .integer(1...MCPBounds.maxPage), "at most this many articles (default 20)"),
        offset,
    ]

    static let listArticles = MCPTool(
        "list_articles", title: "List articles",
        "Stored articles, newest first, with the filters of 'lector article list': unread, starred, feed, folder, label, since, a filter expression ('where'), a saved search; paged by limit and offset. Works offline.",
        parameters: articleFilters + [MCPParameter("search", filterText, "full-text search words (then best match first)")],
        output: MCPSchemas.page("articles", MCPSchemas.article)
    ) { arguments, context in
        try articles(arguments, search: arguments.string("search"), context)
    }

    static let searchArticles = MCPTool(
        "search_articles", title: "Search articles",
        "Full-text search of every stored article's title and text (Lector's local index; no server API offers this), best match first, each with a snippet around the words found. The article_list filters narrow it.",
        parameters: [MCPParameter("query", filterText, "the words to find; \"quoted phrases\", OR and -excluded words work as in 'lector article list --search'", required: true)]
            + articleFilters,
        output: MCPSchemas.page("articles", MCPSchemas.article)
    ) { arguments, context in
        try articles(arguments, search: arguments.string("query"), context)
    }

    /// A page of articles through `article list`'s own reading of its filters.
    static func articles(_ arguments: MCPArguments, search: String?, _ context: MCPContext) throws(MCPToolError) -> JSONValue {
        var given = options(arguments, ["account", "feed", "folder", "label", "since", "where", "saved"])
        for flag in ["unread", "starred"] where arguments.flag(flag) { given[flag] = .some(nil) }
        if let search { given["search"] = search }
        let invocation = try context.invocation(["article", "list"], options: given)
        let limit = arguments.int("limit") ?? 20
        let offset = arguments.int("offset") ?? 0
        let found = try context.catching { () throws -> (articles: [ArticleRow], names: [Int64: String]) in
            let store = try context.session.store()
            var query = try ArticleCommands.articleQuery(invocation, session: context.session, store: store)
            query.newestFirst = !arguments.flag("oldest_first")
            query.includeHidden = arguments.flag("include_hidden")
            // One more than the page, to tell whether another page follows.
            (query.limit, query.offset) = (limit + 1, offset)
            return (try CLIError.catching { try store.articles.list(query) }, try context.session.accountNames())
        }
        let rows = try found.articles.prefix(limit).map { article throws(MCPToolError) -> JSONValue in
            try MCPContext.value(of: ArticleCommands.ArticleJSON(article, account: found.names[article.accountID] ?? "", handle: 0)).removing("handle")
        }
        return ["articles": .array(rows), "next_offset": found.articles.count > limit ? .int(offset + limit) : .null]
    }

    static let readArticle = MCPTool(
        "read_article", title: "Read an article",
        "One article's header and text as plain text (links numbered and listed at the end). full_text fetches the article's web page and extracts its main content, as 'lector article read --full' (kept for next time). Reading here does not mark it read: use mark_articles.",
        parameters: [MCPParameter("id", .integer(1...Int.max), "the article's id (from list_articles or search_articles)", required: true),
                     MCPParameter("full_text", .boolean, "the full content extracted from the article's page, not only the feed's"),
                     MCPParameter("max_chars", .integer(200...MCPBounds.maxArticleText), "cut the text at this many characters (default \(MCPBounds.defaultArticleText))")],
        output: MCPSchemas.readArticle
    ) { arguments, context in
        let id = Int64(arguments.int("id") ?? 0)
        let maxChars = arguments.int("max_chars") ?? MCPBounds.defaultArticleText
        return try context.catching { () throws -> JSONValue in
            let store = try context.session.store()
            guard let article = try CLIError.catching({ try store.articles.article(id) }) else { throw CLIError.notFound("no article with id \(id)") }
            let content = try ReaderCommands.content(of: article, full: arguments.flag("full_text"), store: store, session: context.session)
            let rendered = TerminalRenderer(width: 100, style: RenderStyle()).render(html: content.html, baseURL: article.url.flatMap(URL.init(string:)))
            let text = MCPBounds.clean(rendered.body)
            let row = try MCPContext.catchingValue(ArticleCommands.ArticleJSON(article, account: try context.session.accountNames()[article.accountID] ?? "", handle: 0))
            var fields: [String: JSONValue] = ["text": .string(MCPBounds.cut(text, max: maxChars)), "truncated": .bool(text.unicodeScalars.count > maxChars),
                                               "full_text": .bool(content.full), "words": .int(rendered.wordCount)]
            if let note = content.note { fields["note"] = .string(note) }
            return row.removing("handle").removing("snippet").merging(fields)
        }
    }

    static let listRules = MCPTool(
        "list_rules", title: "List rules",
        "The rules that mark, star, label or hide articles in every sync: filter, action, scope, whether on, how many articles each acted on.",
        output: MCPSchemas.rows("rules", MCPSchemas.anyObject)
    ) { _, context in
        ["rules": capped(try context.command(["rule", "list"]))]
    }

    static let testRule = MCPTool(
        "test_rule", title: "Test a rule or filter",
        "What a rule (by its name) or a filter expression matches among the stored articles, changing nothing ('lector rule test'): the count and the newest ones.",
        parameters: [MCPParameter("expression", filterText, "a rule's name, or a filter such as \"feed = 'LWN' and title contains kernel\"", required: true),
                     account, MCPParameter("feed", name, "only this feed"), MCPParameter("folder", name, "only feeds in this folder"),
                     MCPParameter("limit", .integer(1...MCPBounds.maxPage), "at most this many articles (default 20)")],
        output: MCPSchemas.ruleTest
    ) { arguments, context in
        let invocation = try context.invocation(["rule", "test"], arguments: [arguments.string("expression") ?? ""],
                                                options: options(arguments, ["account", "feed", "folder"]))
        return try context.catching { () throws -> JSONValue in
            let store = try context.session.store()
            let typed = arguments.string("expression") ?? ""
            let rule = try CLIError.catching { try store.rules.named(typed) }
            let filter = try FilterText.parse(rule?.expression ?? typed)
            let scope = try rule?.scope ?? RuleScopeOption.scope(invocation, session: context.session)
            let found = try CLIError.catching { try store.ruleEngine.test(filter, scope: scope, limit: arguments.int("limit") ?? 20, now: Date().timeIntervalSince1970) }
            let names = try context.session.accountNames()
            let rows = try found.page.map { article throws(CLIError) -> JSONValue in
                try MCPContext.catchingValue(ArticleCommands.ArticleJSON(article, account: names[article.accountID] ?? "", handle: 0)).removing("handle")
            }
            return ["count": .int(found.count), "rule": rule.map { .string($0.name) } ?? .null, "articles": .array(rows)]
        }
    }

    static let listLabels = MCPTool(
        "list_labels", title: "List labels",
        "Labels with how many articles (and unread ones) carry each, per account.",
        parameters: [account],
        output: MCPSchemas.rows("labels", MCPSchemas.anyObject)
    ) { arguments, context in
        ["labels": capped(try context.command(["label", "list"], options: options(arguments, ["account"])))]
    }

    static let listSavedSearches = MCPTool(
        "list_saved_searches", title: "List saved searches",
        "Filters kept under a name; list_articles' 'saved' argument lists what one matches.",
        output: MCPSchemas.rows("searches", MCPSchemas.anyObject)
    ) { _, context in
        ["searches": capped(try context.command(["search", "list"]))]
    }

    /// The string arguments named, as the command's options of the same names.
    static func options(_ arguments: MCPArguments, _ names: [String]) -> [String: String?] {
        var options: [String: String?] = [:]
        for name in names { if let value = arguments.string(name) { options[name] = value } }
        return options
    }

    /// A list cut to `MCPBounds.maxList` rows.
    static func capped(_ list: JSONValue) -> JSONValue {
        guard case .array(let items) = list, items.count > MCPBounds.maxList else { return list }
        return .array(Array(items.prefix(MCPBounds.maxList)))
    }

    /// One page of a list the command gave whole.
    static func page(_ list: JSONValue, key: String, _ arguments: MCPArguments, defaultLimit: Int) -> JSONValue {
        guard case .array(let items) = list else { return [key: list, "next_offset": .null] }
        let (limit, offset) = (arguments.int("limit") ?? defaultLimit, min(arguments.int("offset") ?? 0, items.count))
        let end = min(items.count, offset + limit)
        return [key: .array(Array(items[offset..<end])), "next_offset": end < items.count ? .int(end) : .null]
    }
}

extension JSONValue {
    /// This object with `key` left out.
    func removing(_ key: String) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = nil
        return .object(members)
    }

    /// This object with `other`'s members added (theirs win).
    func merging(_ other: [String: JSONValue]) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.merging(other) { _, new in new })
    }
}

extension MCPContext {
    /// `value(of:)` for code that throws command-line errors.
    static func catchingValue(_ json: any Encodable & Sendable) throws(CLIError) -> JSONValue {
        do { return try value(of: json) } catch { throw CLIError.failure(error.message) }
    }
}
