import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// The feed part of the recorded Miniflux 2.3.3 session (`fixtures/miniflux` 030–113) replayed
/// against the emulator: discovery, every per-feed field of `PUT /v1/feeds/{id}` and its
/// refusals, and the refresh endpoints.
@Suite("MinifluxEmulator replays the recorded feed settings, discovery and refreshes", .enabled(if: SharedFixtures.has("miniflux"), "LECTOR_SHARED fixtures/miniflux not found"))
struct MinifluxFeedReplayTests {
    static let site = "http://127.0.0.1:18292"

    /// The instance as it stood before 030: up.sh's seed, category 4 (renamed Weblogs), feeds 4 and 5.
    static func seeded() -> FeedStore {
        let store = FeedStore(defaultFolderName: "All")
        for name in ["Tech", "News", "Weblogs"] { store.addFolder(name) }
        store.addFeed(title: "Loopback Tech", feedURL: "\(site)/tech/rss.xml", siteURL: "\(site)/tech/", folder: "Tech")
        store.addFeed(title: "Loopback Notes", feedURL: "\(site)/tech/atom.xml", siteURL: "\(site)/tech/", folder: "Tech")
        store.addFeed(title: "Loopback News", feedURL: "\(site)/news/rss.xml", siteURL: "\(site)/news/", folder: "News")
        let extra = store.addFeed(title: "Loopback Extra", feedURL: "\(site)/extra/rss.xml", siteURL: "\(site)/extra/", folder: "Weblogs")
        store.setFeedSetting(feed: extra, "description", .string("Extra feed added by the fixture recording."))
        store.addFeed(title: "Loopback Blog", feedURL: "\(site)/blog/rss.xml", siteURL: "\(site)/blog/")
        for (path, title, page) in [("tech/rss.xml", "Loopback Tech", "tech/"), ("tech/atom.xml", "Loopback Notes", "tech/"),
                                    ("news/rss.xml", "Loopback News", "news/"), ("extra/rss.xml", "Loopback Extra", "extra/"),
                                    ("blog/rss.xml", "Loopback Blog", "blog/"), ("blog/atom.xml", "Loopback Blog comments", "blog/"),
                                    ("gone/rss.xml", "Loopback Gone", "gone/")] {
            store.addRemoteFeed(RemoteFeed(feedURL: "\(site)/\(path)", siteURL: "\(site)/\(page)", title: title))
        }
        store.addRemotePage("\(site)/tech/hello.html")
        store.addRemotePage("\(site)/plain/none.html")
        return store
    }

    @Test("every recorded exchange from 030 to 113 gets the recorded status, content type and body shape; the refused ones the recorded message")
    func replayFeedPart() async throws {
        let exchanges = try SharedFixtures.exchanges("miniflux").filter { (30...113).contains(Int($0.name.prefix(3)) ?? 0) }
        #expect(exchanges.count == 84, "the Miniflux recording should hold 030–113")
        let account = EmulatedAccount(username: "admin", password: "web-secret")
        let store = Self.seeded()
        let emulator = MinifluxEmulator(store: store, account: account, apiKey: "api-key-1")
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: [
            "{{API_KEY}}": "api-key-1", "{{BASIC_AUTH}}": Data("admin:web-secret".utf8).base64EncodedString(),
        ])
        var problems: [String] = []
        for exchange in exchanges {
            // "deleted from the site before file 111"
            if exchange.name.hasPrefix("111") { store.removeRemoteFeed("\(Self.site)/gone/rss.xml") }
            problems += try await replay.check(exchange)
            if exchange.status >= 400, let message = Self.errorMessage(exchange.responseBody) {
                let again = try await replay.resend(exchange)
                if Self.errorMessage(again.text) != message {
                    problems.append("\(exchange.name): error \(again.text.prefix(120)), recorded \(message)")
                }
            }
        }
        #expect(problems.isEmpty, "emulator differs from Miniflux:\n\(problems.joined(separator: "\n"))")
        let extra = try #require(store.feeds.first { $0.id == 4 })
        #expect(extra.title == "Loopback Extra" && extra.settings["crawler"] == nil && extra.settings["cookie"] == nil,
                "106 resets every field: \(extra)")
    }

    static func errorMessage(_ body: String) -> String? {
        ((try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any])?["error_message"] as? String
    }

    @Test("the recorded user filters (175–177, 180): PUT /v1/users/{id} answers the whole user, a bad filter the recorded message, /v1/me shows them")
    func replayUserFilters() async throws {
        let exchanges = try SharedFixtures.exchanges("miniflux").filter { [175, 176, 177, 180].contains(Int($0.name.prefix(3)) ?? 0) }
        #expect(exchanges.count == 4, "the Miniflux recording should hold 175–177 and 180")
        let store = Self.seeded()
        let emulator = MinifluxEmulator(store: store, account: EmulatedAccount(username: "admin", password: "web-secret"), apiKey: "api-key-1")
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: ["{{API_KEY}}": "api-key-1"])
        var problems: [String] = []
        for exchange in exchanges {
            problems += try await replay.check(exchange)
            if exchange.name.hasPrefix("177") {
                #expect(store.userSetting("block_filter_entry_rules") == "EntryTitle=(?i)sponsored"
                        && store.userSetting("keep_filter_entry_rules") == "EntryTitle=(?i)^extra", "175's filters were not kept (176 refused)")
            }
            if exchange.status >= 400, let message = Self.errorMessage(exchange.responseBody) {
                let again = try await replay.resend(exchange)
                if Self.errorMessage(again.text) != message { problems.append("\(exchange.name): error \(again.text.prefix(120)), recorded \(message)") }
            }
        }
        #expect(problems.isEmpty, "emulator differs from Miniflux:\n\(problems.joined(separator: "\n"))")
        #expect(store.userSetting("block_filter_entry_rules") == nil, "180 clears the filters")
    }
}
