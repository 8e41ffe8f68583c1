import LectorAccounts
import LectorStore

/// The reading list: articles saved for later, kept locally (by address, so an entry outlives the
/// article's sync window) and carried by the backup.
enum ReadingListCommands {
    static let all: [CommandSpec] = [list, add, read, remove]

    static let list = CommandSpec(["reading-list", "list"], "the articles saved for later") { _, session in
        let items = try CLIError.catching { try session.store().readingList.all() }
        // The reading list has numbers of its own: 'reading-list remove 2' takes the second one shown here.
        let rows = items.enumerated().map { [String($0 + 1), $1.accountName, $1.title, $1.url] }
        var table = TextTable(["#", "ACCOUNT", "TITLE", "URL"], flexibleColumn: 2, addressColumns: [3])
        for row in rows { table.add(row) }
        let text = session.tablesArePlain ? PlainColumns.readingList.render(rows)
            : items.isEmpty ? "The reading list is empty." : table.render(for: session)
        return CommandOutput(text: text,
                             json: items.enumerated().map { ItemJSON(number: $0 + 1, account: $1.accountName, title: $1.title, url: $1.url) })
    }

    static let add = CommandSpec(
        ["reading-list", "add"], "save articles for later",
        arguments: [ArgumentSpec("ARTICLE", "a number from the last 'article list', a range or list of them (1-20, 1,3,5), or id:N",
                                 source: .articles, variadic: true)]
    ) { invocation, session in
        let store = try session.store()
        let articles = try resolve(invocation, session: session, store: store)
        _ = try session.accounts { (manager) throws(AccountsError) in try manager.addToReadingList(articles.map(\.id)) }
        return .message("Saved \(articles.count) article(s) for later.")
    }

    static let remove = CommandSpec(
        ["reading-list", "remove"], "take articles off the reading list",
        discussion: "N is the number 'reading-list list' shows; id:N names an article by its id.",
        arguments: [ArgumentSpec("N", "a number from 'reading-list list', or id:N for an article", variadic: true)]
    ) { invocation, session in
        let store = try session.store()
        let items = try CLIError.catching { try store.readingList.all() }
        var targets: [(accountID: Int64, url: String)] = []
        for reference in invocation.variadic("N") {
            if reference.hasPrefix("id:") {
                let id = try session.handles.resolve(reference)
                guard let article = try CLIError.catching({ try store.articles.article(id) }) else { throw CLIError.notFound("no article with id \(id)") }
                targets.append((article.accountID, article.url ?? ""))
                continue
            }
            let item = try numbered(reference, in: items)
            targets.append((item.accountID, item.url))
        }
        let removed = try session.accounts { [targets] (manager) throws(AccountsError) in try manager.removeFromReadingList(targets) }
        return .message("Removed \(removed) of \(targets.count) item(s) from the reading list.")
    }

    static let read = CommandSpec(
        ["reading-list", "read"], "read an item of the reading list by its number, as 'article read' does",
        discussion: "N is the number 'reading-list list' shows. The article is read from the store; one the account no longer keeps is named with its address.",
        arguments: [ArgumentSpec("N", "a number from 'reading-list list'")],
        options: ReaderCommands.read.options
    ) { invocation, session in
        let store = try session.store()
        let item = try numbered(invocation.argument("N") ?? "", in: try CLIError.catching { try store.readingList.all() })
        guard let id = try CLIError.catching({ try store.articles.id(accountID: item.accountID, url: item.url) }) else {
            throw CLIError.notFound("'\(TerminalText.sanitize(item.title))' is no longer among the stored articles of '\(item.accountName)': its address is \(TerminalText.sanitize(item.url))")
        }
        do { return try ReaderCommands.read.run(Invocation(spec: ReaderCommands.read, arguments: ["id:\(id)"], options: invocation.options), session) }
        catch { throw CLIError.from(error) }
    }

    /// The reading-list item a number names.
    private static func numbered(_ reference: String, in items: [ReadingListItem]) throws(CLIError) -> ReadingListItem {
        guard let number = Int(reference), number > 0 else {
            throw CLIError.usage("'\(reference)' is not a reading-list number: use a number from 'reading-list list'")
        }
        guard number <= items.count else {
            throw CLIError.notFound("no item \(number) on the reading list (it has \(items.count)); see 'reading-list list'")
        }
        return items[number - 1]
    }

    private static func resolve(_ invocation: Invocation, session: Session, store: Store) throws(CLIError) -> [ArticleSummary] {
        try session.handles.resolveAll(invocation.variadic("ARTICLE")).map { id throws(CLIError) in
            guard let article = try CLIError.catching({ try store.articles.article(id) }) else { throw CLIError.notFound("no article with id \(id)") }
            guard article.url != nil else { throw CLIError.usage("'\(TerminalText.sanitize(article.title))' has no address to save") }
            return article
        }
    }

    struct ItemJSON: Encodable, Sendable {
        let number: Int
        let account: String
        let title: String
        let url: String
    }
}
