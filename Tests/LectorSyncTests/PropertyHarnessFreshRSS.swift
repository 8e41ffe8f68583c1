import Foundation
import LectorStore
import LectorSync
import LectorTestSupport

/// The property harness over the FreshRSS emulator, reached through either of its APIs.
class FreshRSSPropertyHarness: SyncPropertyHarness {
    let bench: FreshRSSBench
    let label: String

    init(_ api: FreshRSSBench.API, label: String, articles: Int) throws {
        bench = try FreshRSSBench(api, feedCount: 2, itemsPerFeed: articles / 2)
        self.label = label
    }

    var store: Store { bench.store }
    var account: Account { bench.account }
    var provider: any SyncProvider { bench.provider }

    func renewProvider() throws { try bench.renewProvider() }

    func serverFlags() -> [String: ArticleFlags] {
        Dictionary(uniqueKeysWithValues: bench.feeds.items.map { (String($0.id), ArticleFlags(read: $0.read, starred: $0.starred)) })
    }

    func anotherClientSets(_ field: ArticleField, of serverID: String, to value: Bool) {
        guard let id = Int64(serverID) else { return }
        bench.otherClient(id, read: field == .read ? value : nil, starred: field == .starred ? value : nil)
    }

    func serverPublishesArticle() -> String {
        let feed = bench.feeds.feeds[0]
        return String(bench.feeds.addItem(feed: feed.id, title: "Fresh", url: "https://site1.example/fresh/\(UUID().uuidString)"))
    }

    func arm(_ fault: PropertyFault) {
        switch fault {
        case .offline: bench.tamper.onEvery(.dropBefore)
        case .dropConnection(let n): bench.tamper.on(skip: n, .dropBefore)
        case .loseAnswer(let n): bench.tamper.on(skip: n, .loseAnswer)
        case .serverError(let n, let status): bench.tamper.on(skip: n, .status(status))
        case .rateLimited(let n): bench.tamper.on(skip: n, .rateLimited)
        case .shortUnreadList:
            // The first unread id goes missing from the list; the total still counts it.
            bench.tamper.onEvery(SyncRuleTests.rewritingJSON { json in
                guard var object = json as? [String: Any], let ids = object["entry_ids"] as? [Any], !ids.isEmpty else { return json }
                object["entry_ids"] = Array(ids.dropFirst())
                return object
            }, where: { $0.path.hasSuffix("/v1/entries/ids") && ($0.query ?? "").contains("status=unread") })
        }
    }

    func disarm() { bench.tamper.clear() }

    var canServeShortIDList: Bool { bench.api == .miniflux }

    var marksScopesExactly: Bool { bench.api == .greader || bench.api == .feedbin }

    func serverArticles(inFeed title: String) -> [String] {
        let feed = bench.feeds.feeds.first { $0.title == title }?.id
        return bench.feeds.items.filter { $0.feedID == feed }.map { String($0.id) }
    }

    func freezeServerReads() { bench.freezeReads() }
    func thawServerReads() { bench.thawReads() }
}
