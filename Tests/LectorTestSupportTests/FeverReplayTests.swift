import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// Items of a recorded Fever `items` reply, optionally only those of one feed.
private func recordedFeverItems(_ exchanges: [RecordedExchange], _ number: String, feed: Int? = nil) throws -> [[String: Any]] {
    let items = try recordedJSON(exchanges, number)["items"] as? [[String: Any]] ?? []
    return items.filter { feed == nil || $0["feed_id"] as? Int == feed }
}

private func addFeverItems(_ items: [[String: Any]], to store: FeedStore) {
    for item in items {
        store.addItem(id: Int64(item["id"] as? String ?? "") ?? 0, feed: item["feed_id"] as? Int ?? 0,
                      title: item["title"] as? String ?? "", url: item["url"] as? String ?? "",
                      content: item["html"] as? String ?? "", author: item["author"] as? String,
                      published: Int64(item["created_on_time"] as? Int ?? 0))
    }
}

@Suite("FeverEmulator replays the recorded FreshRSS session", .enabled(if: SharedFixtures.available, "LECTOR_SHARED fixtures not found"))
struct FeverReplayTests {
    @Test("every recorded Fever exchange gets the recorded status, content type, body shape and id sets")
    func replayWholeSession() async throws {
        let exchanges = try SharedFixtures.exchanges("fever")
        #expect(exchanges.count >= 40, "the Fever recording should hold ~41 exchanges")
        let account = EmulatedAccount(username: "tester", password: "api-secret-1")
        let store = FeedStore()
        store.addFolder("Tech")
        store.addFolder("News")
        let feeds = try recordedJSON(exchanges, "07")["feeds"] as? [[String: Any]] ?? []
        for feed in feeds.sorted(by: { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }) {
            store.addFeed(title: feed["title"] as? String ?? "", feedURL: feed["url"] as? String ?? "",
                          siteURL: feed["site_url"] as? String ?? "", folder: feed["id"] as? Int == 3 ? "News" : "Tech",
                          lastUpdated: Int64(feed["last_updated_on_time"] as? Int ?? 0))
        }
        addFeverItems(try recordedFeverItems(exchanges, "11"), to: store)
        for feed in 1...3 { store.setFavicon(feed: feed, mimeType: "image/png", data: Data([0x89, 0x50, 0x4E, 0x47])) }
        let emulator = FeverEmulator(store: store, accounts: [account])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: [
            "{{FEVER_API_KEY}}": account.feverAPIKey, "E0F82FF4CE90270FD9CBA942DD4692A7": account.feverAPIKey.uppercased(),
        ])
        var problems: [String] = []
        for exchange in exchanges {
            if exchange.number == "21" {
                // In the recording, a GReader client added this feed between files 20 and 21.
                let podcast = store.addFeed(title: "Loopback Podcast", feedURL: "http://127.0.0.1:18281/feeds/podcast.rss",
                                            siteURL: "http://127.0.0.1:18281/podcast/", folder: "Tech", lastUpdated: 1_795_966_921)
                addFeverItems(try recordedFeverItems(exchanges, "36", feed: podcast), to: store)
            }
            emulator.setAPIEnabled(exchange.number != "99")
            problems += try await replay.check(exchange)
        }
        #expect(problems.isEmpty, "emulator differs from FreshRSS:\n\(problems.joined(separator: "\n"))")
    }
}
