import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// Miniflux's entry filters at work (`fixtures/miniflux` 175, 178, 179): the user's block and keep
/// rules are set, three items are added to the feed, a refresh brings them in and the feed's
/// entries show which the rules let through. Per-feed rules, which no recording shows at a
/// refresh, act the same way (Miniflux's processor joins the user's lines and the feed's).
@Suite("MinifluxEmulator applies the entry filters as the recorded refresh shows",
       .enabled(if: SharedFixtures.has("miniflux"), "LECTOR_SHARED fixtures/miniflux not found"))
struct MinifluxEntryFilterReplayTests {
    static let site = MinifluxFeedReplayTests.site

    static func day(_ text: String) -> Int64 {
        Int64(ISO8601DateFormatter().date(from: text + "T10:00:00Z")?.timeIntervalSince1970 ?? 0)
    }

    /// The recorded instance before 175: feed 4 "Loopback Extra" with its three items (read), the
    /// two imported entries (152–158), and on the site the three items added before 178.
    static func seeded() -> FeedStore {
        let store = MinifluxFeedReplayTests.seeded()
        let extraURL = "\(site)/extra/rss.xml"
        let extra = [("one", "Extra one", "2026-03-04"), ("two", "Extra two (Sponsored)", "2026-03-05"), ("three", "Extra three", "2026-03-06")]
        for (id, (path, title, date)) in zip([Int64(8), 9, 10], extra) {
            store.addItem(id: id, feed: 4, title: title, url: "\(site)/extra/\(path).html", published: day(date), read: true)
        }
        store.addItem(id: 14, feed: 4, title: "Imported entry", url: "\(site)/extra/imported.html", content: "<p>Imported body</p>",
                      author: "Importer", published: day("2026-03-01"), read: true, starred: true, labels: ["one", "two"])
        store.addItem(id: 15, feed: 4, title: "\(site)/extra/only-url.html", url: "\(site)/extra/only-url.html", read: true)
        let added = [("four", "Extra four (Sponsored)", "2026-03-07"), ("five", "Extra five", "2026-03-08"), ("six", "Plain six", "2026-03-09")]
        for (path, title, date) in extra + added {
            store.publish(RemoteEntry(title: title, url: "\(site)/extra/\(path).html", content: "<p>\(title)</p>", published: day(date)),
                          inFeedAt: extraURL)
        }
        return store
    }

    static func emulator(_ store: FeedStore) -> MinifluxEmulator {
        MinifluxEmulator(store: store, account: EmulatedAccount(username: "admin", password: "web-secret"), apiKey: "api-key-1")
    }

    /// Title, status and star of each entry of a `/v1/…/entries` body, in order.
    static func entries(_ body: String) -> [String] {
        let object = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        return (object?["entries"] as? [[String: Any]] ?? []).map {
            "\($0["title"] as? String ?? "?") \($0["status"] as? String ?? "?")\($0["starred"] as? Bool == true ? " starred" : "")"
        }
    }

    @Test("175 → 178 → 179: of the three new items only 'Extra five' is stored (the block rule drops the sponsored one, the keep rule 'Plain six'); the old entries stay")
    func userFiltersAtRefresh() async throws {
        let exchanges = try SharedFixtures.exchanges("miniflux").filter { [175, 178, 179].contains(Int($0.name.prefix(3)) ?? 0) }
        #expect(exchanges.count == 3, "the Miniflux recording should hold 175, 178 and 179")
        let store = Self.seeded()
        let server = try LoopbackServer(handler: Self.emulator(store).handler)
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: ["{{API_KEY}}": "api-key-1"])
        var problems: [String] = []
        for exchange in exchanges {
            // 179's shape differs on purpose: the feed inside each entry is trimmed (MinifluxFeedObject).
            let entryList = exchange.name.hasPrefix("179")
            problems += try await replay.check(exchange, compareBody: !entryList)
            if entryList {
                let served = Self.entries(try await replay.resend(exchange).text)
                let recorded = Self.entries(exchange.responseBody)
                if served != recorded { problems.append("179: entries \(served), recorded \(recorded)") }
            }
        }
        #expect(problems.isEmpty, "emulator differs from Miniflux:\n\(problems.joined(separator: "\n"))")
    }

    @Test("with the filters cleared (180), the next refresh stores what they had left out: a left-out entry is not remembered")
    func clearedFiltersLetTheRestIn() async throws {
        let exchanges = try SharedFixtures.exchanges("miniflux").filter { [175, 178, 180].contains(Int($0.name.prefix(3)) ?? 0) }
        let store = Self.seeded()
        let server = try LoopbackServer(handler: Self.emulator(store).handler)
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: ["{{API_KEY}}": "api-key-1"])
        for exchange in exchanges { _ = try await replay.resend(exchange) }
        let refresh = try #require(exchanges.first { $0.name.hasPrefix("178") })
        #expect(try await replay.resend(refresh).status == 204)
        let titles = store.items.filter { $0.feedID == 4 }.map(\.title)
        #expect(titles.filter { ["Extra four (Sponsored)", "Extra five", "Plain six"].contains($0) }.count == 3, "after 180 and a refresh: \(titles)")
    }

    @Test("a feed's own block and keep rules act at its refresh, joined with the user's; other feeds are not filtered by them")
    func feedFiltersAtRefresh() async throws {
        let store = Self.seeded()
        store.setFeedSetting(feed: 4, "block_filter_entry_rules", .string("EntryContent=(?i)four"))
        store.setFeedSetting(feed: 4, "keep_filter_entry_rules", .string("EntryURL=six\nEntryTitle=five"))
        store.setUserSetting("block_filter_entry_rules", "EntryDate=after:2026-03-09")
        let server = try LoopbackServer(handler: Self.emulator(store).handler)
        defer { server.stop() }
        var request = HTTPRequest(method: "PUT", url: server.url("/v1/feeds/4/refresh"))
        request.headers["X-Auth-Token"] = "api-key-1"
        #expect(try await HTTPClient().send(request).status == 204)
        let new = store.items.filter { $0.feedID == 4 && !$0.read }.map(\.title)
        // four: the feed's block rule; six: the user's date rule (after 03-09, midnight UTC); five: kept.
        #expect(new == ["Extra five"], "the feed's and the user's rules together: \(new)")
    }
}
