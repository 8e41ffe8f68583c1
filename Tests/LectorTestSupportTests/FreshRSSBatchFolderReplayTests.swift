import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// Where a batch `subscription/edit` files its feeds on a real FreshRSS 1.24.3, replayed against
/// the emulator: one `a=` reaches one feed of a multi-`s=` subscribe when the folder is new
/// (freshrss-admin 51, 52), every feed of an `ac=edit` once the folder exists (53, 54).
@Suite("GReaderEmulator files a batch's feeds as FreshRSS does", .enabled(if: SharedFixtures.has("freshrss-admin"), "LECTOR_SHARED fixtures/freshrss-admin not found"))
struct FreshRSSBatchFolderReplayTests {
    static let base = "http://127.0.0.1:18281"

    /// User `fixtures3`: the instance's default four feeds, and /bulk/1–3.xml on the feed site.
    static func seeded() -> FeedStore {
        let store = FeedStore()
        let now = Int64(Date().timeIntervalSince1970)
        store.addFeed(title: "Tech Daily", feedURL: "\(base)/tech/rss.xml", siteURL: "\(base)/tech/", folder: "Tech", lastUpdated: now)
        store.addFeed(title: "Atom Dev Notes", feedURL: "\(base)/tech/atom.xml", siteURL: "\(base)/tech/", folder: "Tech", lastUpdated: now)
        store.addFeed(title: "RDF World News", feedURL: "\(base)/news/rdf.xml", siteURL: "\(base)/news/", folder: "News", lastUpdated: now)
        store.addFeed(title: "Loopback Podcast", feedURL: "\(base)/news/podcast.xml", siteURL: "\(base)/podcast/", folder: "News", lastUpdated: now)
        for number in 1...3 {
            store.addRemoteFeed(RemoteFeed(feedURL: "\(base)/bulk/\(number).xml", siteURL: "\(base)/bulk/", title: "Bulk Channel \(number)"))
        }
        return store
    }

    /// The recorded answer's body. Shared recordings 52 and 54 have no blank line between the
    /// headers and the JSON, so the parser finds no body: the JSON line is taken from the file.
    static func recordedBody(_ exchange: RecordedExchange) throws -> String {
        guard exchange.responseBody.isEmpty else { return exchange.responseBody }
        let file = SharedFixtures.fixtures.appendingPathComponent("freshrss-admin").appendingPathComponent(exchange.name)
        let text = try String(contentsOf: file, encoding: .utf8)
        let response = text[text.range(of: "<<< RESPONSE\n")!.upperBound...]
        return response.split(separator: "\n").first { $0.hasPrefix("{") }.map(String.init) ?? ""
    }

    /// "feed/N title | folder" for each subscription of a subscription/list answer, sorted.
    static func filing(_ json: String) -> [String] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any],
              let subscriptions = object["subscriptions"] as? [[String: Any]] else { return ["not a subscription list: \(json.prefix(60))"] }
        return subscriptions.map { subscription in
            let folders = (subscription["categories"] as? [[String: Any]] ?? []).map { "\($0["label"] ?? "")" }
            return "\(subscription["id"] ?? "") \(subscription["title"] ?? "") | \(folders.joined(separator: ","))"
        }.sorted()
    }

    /// Replays `numbers` in order: each subscription/list answer must file every feed as recorded,
    /// and a subscription/export answer give feed 1's outline (its folder, address and `frss:`
    /// attributes) as recorded. A list whose recording lost its body (shared 52 and 54 have no
    /// blank line after their headers) is compared by its filing alone.
    static func replay(_ exchanges: [RecordedExchange], _ numbers: [String], on store: FeedStore, user: String) async throws -> [String] {
        let account = EmulatedAccount(username: user, password: "api-secret-3")
        let greader = GReaderEmulator(store: store, accounts: [account])
        let server = try LoopbackServer { greader.handler($0) }
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: ["{{AUTH}}": account.greaderAuth, "{{TOKEN}}": account.greaderToken])
        var problems: [String] = []
        for number in numbers {
            guard let exchange = exchanges.first(where: { $0.number == number }) else {
                problems.append("recording \(number) missing")
                continue
            }
            let list = exchange.target.contains("subscription/list")
            let export = exchange.target.contains("subscription/export")
            problems += try await replay.check(exchange, compareBody: !export && !(list && exchange.responseBody.isEmpty))
            if list {
                let (got, recorded) = (filing(try await replay.resend(exchange).text), filing(try recordedBody(exchange)))
                if got != recorded { problems.append("\(exchange.name): filed \(got), recorded \(recorded)") }
            }
            if export {
                // Feed 1's outline, the one the imports change (between 10 and 11 the instance also took
                // Lector's own checks on other feeds, which no file records).
                let feedOne = { (text: String) in FreshRSSAdminReplayTests.outlines(text).filter { $0.contains("/tech/rss.xml") } }
                let (got, recorded) = (feedOne(try await replay.resend(exchange).text), feedOne(exchange.responseBody))
                if got != recorded { problems.append("\(exchange.name): outlines \(got), recorded \(recorded)") }
            }
        }
        return problems
    }

    @Test("the project's own FreshRSS recordings: a batch into an existing folder files every feed, an edit into a new one only the first; an empty list import leaves the read filters and blanks one header line; a padded header list replaces the old one; a shorter filter list overwrites from the last line back")
    func projectRecordings() async throws {
        let exchanges = try ProjectFixtures.exchanges("freshrss")
        let store = Self.seeded()
        for number in 4...6 {
            store.addRemoteFeed(RemoteFeed(feedURL: "\(Self.base)/bulk/\(number).xml", siteURL: "\(Self.base)/bulk/", title: "Bulk Channel \(number)"))
        }
        let problems = try await Self.replay(exchanges, exchanges.map(\.number).filter { Int($0)! <= 16 }, on: store, user: "tester")
        #expect(problems.isEmpty, "emulator differs from FreshRSS:\n\(problems.joined(separator: "\n"))")
    }

    /// The unread total of an unread-count answer: the sum over its feeds.
    static func unreadTotal(_ json: String) -> Int? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any],
              let counts = object["unreadcounts"] as? [[String: Any]] else { return nil }
        return counts.filter { ($0["id"] as? String)?.hasPrefix("feed/") == true }.compactMap { ($0["count"] as? NSNumber)?.intValue }.reduce(0, +)
    }

    @Test("one edit-tag of 1,000 ids in Lector's field order (i=…, then a= or r=, then T) marks every entry the server has read, then unread again, and ignores the ids it never had (project recordings 17-20)")
    func thousandIDBatch() async throws {
        let exchanges = try ProjectFixtures.exchanges("freshrss").filter { (17...20).contains(Int($0.number)!) }
        try #require(exchanges.count == 4, "recordings 17-20")
        // The instance's 22 entries under the ids FreshRSS gave them: the first 22 of the batch.
        let ids = exchanges[0].requestBody.split(separator: "&").filter { $0.hasPrefix("i=") }.compactMap { field in
            field.removingPercentEncoding.flatMap { Int64($0.split(separator: "/").last ?? "", radix: 16) }
        }
        try #require(ids.count == 1_000, "the batch names 1,000 ids: \(ids.count)")
        let store = Self.seeded()
        for (index, id) in ids.prefix(22).enumerated() {
            _ = store.addItem(id: id, feed: index % 4 + 1, title: "Entry \(index)", url: "\(Self.base)/articles/\(index).html")
        }
        let account = EmulatedAccount(username: "tester", password: "api-secret-3")
        let greader = GReaderEmulator(store: store, accounts: [account])
        let server = try LoopbackServer { greader.handler($0) }
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: ["{{AUTH}}": account.greaderAuth, "{{TOKEN}}": account.greaderToken])
        for exchange in exchanges {
            if exchange.target.contains("edit-tag") {
                let problems = try await replay.check(exchange)
                #expect(problems.isEmpty, "emulator differs from FreshRSS:\n\(problems.joined(separator: "\n"))")
            } else {
                let got = Self.unreadTotal(try await replay.resend(exchange).text)
                #expect(got != nil && got == Self.unreadTotal(exchange.responseBody), "\(exchange.name): unread \(String(describing: got)), recorded \(String(describing: Self.unreadTotal(exchange.responseBody)))")
            }
        }
    }

    @Test("a subscribe of three new feeds with one a= files one of them in the new folder and two in Uncategorized; an edit with several s= and one a= then moves both (freshrss-admin 51-54)")
    func batchFolder() async throws {
        let exchanges = try SharedFixtures.exchanges("freshrss-admin")
        let problems = try await Self.replay(exchanges, ["51", "52", "53", "54"], on: Self.seeded(), user: "fixtures3")
        #expect(problems.isEmpty, "emulator differs from FreshRSS:\n\(problems.joined(separator: "\n"))")
    }
}
