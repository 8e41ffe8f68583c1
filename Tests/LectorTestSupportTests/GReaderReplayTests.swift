import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// Seeds a store with the data behind the recorded GReader session (feeds 1–3 seeded; podcast,
/// blog and comments fetchable), read from the recording itself.
func seedFromGReaderRecording(_ exchanges: [RecordedExchange]) throws -> FeedStore {
    let store = FeedStore()
    store.addFolder("Tech")
    store.addFolder("News")
    let subscriptions = try recordedJSON(exchanges, "12")["subscriptions"] as? [[String: Any]] ?? []
    for subscription in subscriptions.sorted(by: { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }) {
        let folder = ((subscription["categories"] as? [[String: Any]])?.first?["label"] as? String) ?? "Tech"
        store.addFeed(title: subscription["title"] as? String ?? "", feedURL: subscription["url"] as? String ?? "",
                      siteURL: subscription["htmlUrl"] as? String ?? "", folder: folder, lastUpdated: 1_795_966_907)
    }
    let items = try recordedJSON(exchanges, "51")["items"] as? [[String: Any]] ?? []
    var remote: [String: [RemoteEntry]] = [:]
    for item in items.reversed() {
        let id = GReaderItemID.parse(item["id"] as? String ?? "") ?? 0
        let feedRef = (item["origin"] as? [String: Any])?["streamId"] as? String ?? ""
        let url = ((item["canonical"] as? [[String: Any]])?.first?["href"] as? String) ?? ""
        let content = ((item["summary"] as? [String: Any])?["content"] as? String) ?? ""
        let enclosures = (item["enclosure"] as? [[String: Any]] ?? []).map {
            EmulatedEnclosure(url: $0["href"] as? String ?? "", type: $0["type"] as? String ?? "",
                              length: Int64($0["length"] as? Int ?? 0))
        }
        let entry = RemoteEntry(id: id, title: item["title"] as? String ?? "", url: url, content: content,
                                author: item["author"] as? String, published: Int64(item["published"] as? Int ?? 0),
                                enclosures: enclosures)
        if let feed = Int(feedRef.dropFirst(5)), feed <= 3 {
            store.addItem(id: id, feed: feed, title: entry.title, url: url, content: content, author: entry.author,
                          published: entry.published, enclosures: enclosures)
        } else {
            remote[feedRef, default: []].append(entry)
        }
    }
    store.addRemoteFeed(RemoteFeed(feedURL: "http://127.0.0.1:18281/feeds/podcast.rss", siteURL: "http://127.0.0.1:18281/podcast/",
                                   title: "Loopback Podcast", entries: remote["feed/4"] ?? []))
    store.addRemoteFeed(RemoteFeed(feedURL: "http://127.0.0.1:18281/blog/feed.xml", siteURL: "http://127.0.0.1:18281/blog/",
                                   title: "Discovery Blog", entries: remote["feed/5"] ?? []))
    store.addRemoteFeed(RemoteFeed(feedURL: "http://127.0.0.1:18281/blog/comments.xml", siteURL: "http://127.0.0.1:18281/blog/",
                                   title: "Discovery Blog comments"))
    return store
}

@Suite("GReaderEmulator replays the recorded FreshRSS session", .enabled(if: SharedFixtures.available, "LECTOR_SHARED fixtures not found"))
struct GReaderReplayTests {
    /// Not emulated: the favicon proxy (p/f.php), outside the API.
    static let notEmulated: Set<String> = ["95"]
    /// Bodies that carry a creation date and instance title: compared by status and type only.
    static let bodyNotCompared: Set<String> = ["94"]

    @Test("every recorded GReader exchange gets the recorded status, content type and body shape")
    func replayWholeSession() async throws {
        let exchanges = try SharedFixtures.exchanges("greader")
        #expect(exchanges.count >= 90, "the GReader recording should hold ~99 exchanges")
        let account = EmulatedAccount(username: "tester", password: "api-secret-1")
        let emulator = GReaderEmulator(store: try seedFromGReaderRecording(exchanges), accounts: [account])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: [
            "{{AUTH}}": account.greaderAuth, "{{TOKEN}}": account.greaderToken, "{{API_PASSWORD}}": account.password,
        ])
        var problems: [String] = []
        for exchange in exchanges where !Self.notEmulated.contains(exchange.number) {
            emulator.setAPIEnabled(exchange.number != "96")
            problems += try await replay.check(exchange, compareBody: !Self.bodyNotCompared.contains(exchange.number))
        }
        #expect(problems.isEmpty, "emulator differs from FreshRSS:\n\(problems.joined(separator: "\n"))")
    }
}
