import Foundation
import LectorStore

enum ArticleCommands {
    static let all: [CommandSpec] = [list]

    static let list = CommandSpec(
        ["article", "list"], "list articles, newest first",
        options: [
            OptionSpec.account,
            OptionSpec("feed", value: "FEED", "only articles of this feed (title or URL)", source: .feeds),
            OptionSpec("folder", short: "f", value: "FOLDER", "only articles of feeds in this folder", source: .folders),
            OptionSpec("unread", short: "u", "only unread articles"),
            OptionSpec("starred", short: "s", "only starred articles"),
            OptionSpec("limit", short: "n", value: "N", "show at most N articles (default 50)"),
        ]
    ) { invocation, session in
        let store = try session.store()
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
        let articles = try Lookup.run { try store.articles.list(query) }

        var table = TextTable(["", "DATE", "FEED", "TITLE"], flexibleColumn: 3)
        for article in articles {
            let marker = (article.read == .unread ? "●" : " ") + (article.starred ? "★" : " ")
            table.add([marker, shortDate(article.publishedAt), article.feedTitle, article.title])
        }
        let text = articles.isEmpty ? "No articles." : table.render(width: session.terminalWidth)
        return CommandOutput(text: text, json: articles.map(ArticleJSON.init))
    }

    static func shortDate(_ seconds: Double?) -> String {
        guard let seconds else { return "—" }
        return Date(timeIntervalSince1970: seconds).formatted(.iso8601.year().month().day().dateSeparator(.dash))
    }

    struct ArticleJSON: Encodable, Sendable {
        let id: Int64
        let feed_id: Int64
        let feed: String
        let title: String
        let url: String?
        let author: String?
        let published: String?
        let read: String
        let starred: Bool

        init(_ article: ArticleSummary) {
            id = article.id
            feed_id = article.feedID
            feed = article.feedTitle
            title = article.title
            url = article.url
            author = article.author
            published = JSONOutput.timestamp(article.publishedAt)
            read = article.read.rawValue
            starred = article.starred
        }
    }
}
