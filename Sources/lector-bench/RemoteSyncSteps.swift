import Foundation
import LectorStore
import LectorSync
import LectorTestSupport

/// Steps `sync-remote` and `scale` share: the SQLite floor for the rows a first sync stored, and
/// an incremental sync after 100 changes on each side.
enum RemoteSyncSteps {
    /// The rows a sync of `items` stores, as the floor inserts them (text = content without <p>).
    static func floorRows(_ items: [EmulatedItem]) -> [IncomingArticle] {
        items.map { item in
            IncomingArticle(serverID: String(item.id), url: item.url, title: item.title, author: item.author, summary: nil,
                            contentHTML: item.content,
                            text: item.content.replacingOccurrences(of: "<p>", with: "").replacingOccurrences(of: "</p>", with: ""),
                            publishedAt: Double(item.published))
        }
    }

    struct Incremental {
        let seconds: Double
        let requests: Int
        let report: SyncReport
        let starredBefore: Int
        let starredAfter: Int
    }

    /// Marks 100 unread articles read locally and stars the 100 newest on the server, then syncs.
    static func incremental(store: Store, account: Account, provider: any SyncProvider, feeds: FeedStore,
                            server: LoopbackServer) throws -> Incremental {
        let local = try store.articles.list(ArticleQuery(accountID: account.id, unreadOnly: true, limit: 100)).map(\.id)
        try store.states.setRead(local, to: .read)
        for item in feeds.items.suffix(100) { _ = feeds.changeItemAsAnotherClient(item.id, starred: true) }
        let starredBefore = try store.articles.list(ArticleQuery(accountID: account.id, starredOnly: true, limit: Int.max)).count
        server.clearLog()
        var report = SyncReport()
        let seconds = try secondsElapsed {
            report = try SyncEngine(store: store, account: account, provider: provider).run(since: Date().addingTimeInterval(-86_400))
        }
        let starredAfter = try store.articles.list(ArticleQuery(accountID: account.id, starredOnly: true, limit: Int.max)).count
        return Incremental(seconds: seconds, requests: server.requests.count, report: report,
                           starredBefore: starredBefore, starredAfter: starredAfter)
    }
}
