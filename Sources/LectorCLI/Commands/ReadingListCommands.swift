import LectorStore

/// The reading list: articles saved for later, kept locally (by address, so an entry outlives the
/// article's sync window) and carried by the backup.
enum ReadingListCommands {
    static let all: [CommandSpec] = [list, add, remove]

    static let list = CommandSpec(["reading-list", "list"], "the articles saved for later") { _, session in
        let items = try CLIError.catching { try session.store().readingList.all() }
        var table = TextTable(["ACCOUNT", "TITLE", "URL"], flexibleColumn: 1)
        for item in items { table.add([item.accountName, item.title, item.url]) }
        return CommandOutput(text: items.isEmpty ? "The reading list is empty." : table.render(for: session),
                             json: items.map { ItemJSON(account: $0.accountName, title: $0.title, url: $0.url) })
    }

    static let add = CommandSpec(
        ["reading-list", "add"], "save articles for later",
        arguments: [ArgumentSpec("ARTICLE", "a number from the last 'article list', or id:N", variadic: true)]
    ) { invocation, session in
        let store = try session.store()
        let articles = try resolve(invocation, session: session, store: store)
        try CLIError.catching {
            try store.database.write {
                for article in articles { try store.readingList.add(accountID: article.accountID, url: article.url ?? "", title: article.title) }
            }
        }
        return .message("Saved \(articles.count) article(s) for later.")
    }

    static let remove = CommandSpec(
        ["reading-list", "remove"], "take articles off the reading list",
        arguments: [ArgumentSpec("ARTICLE", "a number from the last 'article list', or id:N", variadic: true)]
    ) { invocation, session in
        let store = try session.store()
        let articles = try resolve(invocation, session: session, store: store)
        let removed = try CLIError.catching {
            try store.database.write { try articles.filter { try store.readingList.remove(accountID: $0.accountID, url: $0.url ?? "") }.count }
        }
        return .message("Removed \(removed) of \(articles.count) article(s) from the reading list.")
    }

    private static func resolve(_ invocation: Invocation, session: Session, store: Store) throws(CLIError) -> [ArticleSummary] {
        try invocation.variadic("ARTICLE").map { reference throws(CLIError) in
            let id = try session.handles.resolve(reference)
            guard let article = try CLIError.catching({ try store.articles.article(id) }) else { throw CLIError.notFound("no article with id \(id)") }
            guard article.url != nil else { throw CLIError.usage("'\(TerminalText.sanitize(article.title))' has no address to save") }
            return article
        }
    }

    struct ItemJSON: Encodable, Sendable {
        let account: String
        let title: String
        let url: String
    }
}
