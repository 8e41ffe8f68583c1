import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// FreshRSS's Google Reader API judges the article-age limit by when the server received an
/// entry (`ot` against its µs entry id); its Fever API must keep the same articles, though
/// `created_on_time` is the publication date (as recorded in fixtures/fever/11-items).
@Suite("One age limit, two APIs of FreshRSS")
struct FeverAgeLimitTests {
    static let count = 48

    /// Articles kept by a first sync limited to the last 30 days, of `count` entries received
    /// three days ago but published 200 days ago.
    static func kept(_ api: FreshRSSBench.API) throws -> Int {
        let bench = try FreshRSSBench(api, feedCount: 2, itemsPerFeed: 0)
        let now = Date().timeIntervalSince1970
        let received = Int64(now - 3 * 86_400) * 1_000_000
        let feedIDs = bench.feeds.feeds.map(\.id)
        for n in 0..<count {
            bench.feeds.addItem(id: received + Int64(n), feed: feedIDs[n % feedIDs.count], title: "Item \(n)",
                                url: "https://site.example/\(n)", content: "<p>Body \(n)</p>", published: Int64(now) - 200 * 86_400)
        }
        try SyncEngine(store: bench.store, account: bench.account, provider: bench.provider).run(since: Date(timeIntervalSince1970: now - 30 * 86_400))
        return try bench.localArticles().count
    }

    @Test("entries received this week but published months ago: GReader and Fever keep the same ones under a 30-day limit")
    func sameArticlesKept() async throws {
        let (greader, fever) = try await offPool { (try Self.kept(.greader), try Self.kept(.fever)) }
        #expect(greader == Self.count, "GReader kept \(greader) of \(Self.count)")
        #expect(fever == greader, "Fever kept \(fever) where GReader kept \(greader)")
    }
}
