import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// The recorded TT-RSS 26.08 session (`fixtures/ttrss`, 172 exchanges in order) replayed against
/// the emulator seeded with the recording's own articles: each exchange must get the recorded
/// status, content type, envelope (`status`, `seq`, error code, subscribe code, `updated`,
/// `unread`), the ids in the recorded order and the recorded JSON shape. The session ids and
/// the CSRF token are read from the emulator's own answers as the recording introduces them.
@Suite("TTRSSEmulator replays the recorded TT-RSS session", .enabled(if: SharedFixtures.has("ttrss"), "LECTOR_SHARED fixtures/ttrss not found"))
struct TTRSSReplayTests {
    static let site = "http://127.0.0.1:18302"

    /// Exchanges of calls the emulator does not serve, each with why: nothing Lector sends.
    static let notEmulated: [Int: String] = [
        15: "getPref", 16: "getPref", 28: "getFeedTree", 29: "getFeedTree", 45: "show_excerpt", 55: "search", 56: "search", 57: "tags",
        86: "getCounters", 96: "getCounters", 90: "unread_only", 91: "unread_only", 119: "icons", 120: "icons", 121: "icons",
        135: "shareToPublished", 136: "shareToPublished", 137: "shareToPublished", 138: "shareToPublished", 139: "shareToPublished",
        151: "OPML import", 152: "after the OPML import", 153: "after the OPML import", 154: "after the OPML import",
        155: "after the OPML import", 156: "after the OPML import", 157: "after the OPML import", 158: "getFeedTree", 159: "OPML export",
    ]

    /// up.sh's instance before 001: Tech (1) and News (2), four feeds, the nine articles of 039
    /// with 042's enclosures, user `noapi` without API access, and the loopback site's feeds and pages.
    static func seeded(_ exchanges: [RecordedExchange]) throws -> TTRSSEmulator {
        let store = FeedStore(defaultFolderName: "Uncategorized")
        store.addFolder("Tech")
        store.addFolder("News")
        store.addFeed(title: "Loopback Tech", feedURL: "\(site)/tech/rss.xml", siteURL: "\(site)/tech/", folder: "Tech")
        store.addFeed(title: "Loopback Notes", feedURL: "\(site)/tech/atom.xml", siteURL: "\(site)/tech/", folder: "Tech")
        store.addFeed(title: "Loopback News", feedURL: "\(site)/news/rss.xml", siteURL: "\(site)/news/", folder: "News")
        store.addFeed(title: "Loopback Podcast", feedURL: "\(site)/podcast/rss.xml", siteURL: "\(site)/podcast/", folder: "News")
        for feed in [1, 2] { store.setFavicon(feed: feed, mimeType: "image/png", data: Data([0x89])) }
        let emulator = TTRSSEmulator(store: store, password: "tester-secret")
        emulator.addUser("noapi", password: "noapi-secret", apiEnabled: false)
        let attachments = try content(exchanges, 42).reduce(into: [Int64: [EmulatedEnclosure]]()) { result, object in
            guard let id = (object["id"] as? NSNumber)?.int64Value else { return }
            result[id] = (object["attachments"] as? [[String: Any]] ?? []).map {
                EmulatedEnclosure(url: $0["content_url"] as? String ?? "", type: $0["content_type"] as? String ?? "",
                                  length: Int64($0["duration"] as? String ?? "") ?? 0)
            }
        }
        // The stored HTML of feed 1's articles as 044 gives it (sanitize: false).
        let stored = try content(exchanges, 44).reduce(into: [Int64: String]()) { result, object in
            if let id = (object["id"] as? NSNumber)?.int64Value { result[id] = object["content"] as? String }
        }
        for object in try content(exchanges, 39) {
            let id = (object["id"] as? NSNumber)?.int64Value ?? 0
            store.addItem(id: id, feed: (object["feed_id"] as? NSNumber)?.intValue ?? 0, title: object["title"] as? String ?? "",
                          url: object["link"] as? String ?? "", content: stored[id] ?? "<p>article \(id)</p>", author: object["author"] as? String,
                          published: (object["updated"] as? NSNumber)?.int64Value ?? 0, enclosures: attachments[id] ?? [])
        }
        // What the site serves that is not subscribed at the start (README: data behind the recordings).
        let extra = try content(exchanges, 115).map { object in
            LectorTestSupport.RemoteEntry(title: object["title"] as? String ?? "", url: object["link"] as? String ?? "",
                                          published: (object["updated"] as? NSNumber)?.int64Value ?? 0)
        }
        store.addRemoteFeed(RemoteFeed(feedURL: "\(site)/extra/rss.xml", siteURL: "\(site)/extra/", title: "Loopback Extra", entries: extra))
        store.addRemoteFeed(RemoteFeed(feedURL: "\(site)/blog/rss.xml", siteURL: "\(site)/blog/", title: "Loopback Blog",
                                       entries: [LectorTestSupport.RemoteEntry(title: "Blog one", url: "\(site)/blog/one.html", published: 1_772_600_000)]))
        emulator.addPage("\(site)/", feeds: [("\(site)/tech/rss.xml", "Loopback Tech"), ("\(site)/tech/atom.xml", "Loopback Notes (Atom)"),
                                              ("\(site)/extra/rss.xml", "Loopback Extra")])
        emulator.addPage("\(site)/blog/", feeds: [("\(site)/blog/rss.xml", "Loopback Blog")])
        emulator.addPage("\(site)/plain/", feeds: [])
        emulator.addNonFeed("\(site)/tech/pixel.png")
        return emulator
    }

    static func content(_ exchanges: [RecordedExchange], _ number: Int) throws -> [[String: Any]] {
        guard let exchange = exchanges.first(where: { Int($0.name.prefix(3)) == number }),
              let object = try JSONSerialization.jsonObject(with: Data(exchange.responseBody.utf8)) as? [String: Any],
              let list = object["content"] as? [[String: Any]] else { throw CocoaError(.fileReadCorruptFile) }
        return list
    }

    @Test("every recorded exchange Lector's calls cover gets the recorded status, envelope, ids and shape")
    func replaySession() async throws {
        let exchanges = try SharedFixtures.exchanges("ttrss")
        #expect(exchanges.count == 172, "the TT-RSS recording should hold 001–172")
        let emulator = try Self.seeded(exchanges)
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        var substitutions = ["{{PASSWORD}}": "tester-secret", "{{NOAPI_PASSWORD}}": "noapi-secret", "{{NEW_PASSWORD}}": "tester-new-secret"]
        let sessionNames = [3: "{{SID}}", 7: "{{SID_2}}", 165: "{{SID_3}}", 168: "{{SID_4}}", 171: "{{SID_5}}"]
        var problems: [String] = []
        var replayed = 0
        for exchange in exchanges {
            let number = Int(exchange.name.prefix(3)) ?? 0
            if Self.notEmulated[number] != nil { continue }
            // The recorder waited 6 s before these (the throttle) and changed the user with the CLI.
            if number == 3 || number == 171 { emulator.advanceClock(by: 6) }
            if number == 166 { emulator.setAPIEnabled(false) }
            if number == 168 { emulator.setAPIEnabled(true) }
            if number == 169 { emulator.changePassword("tester-new-secret") }
            let replay = FixtureReplay(server: server, substitutions: substitutions)
            let response = try await replay.resend(exchange)
            replayed += 1
            problems += Self.differences(exchange, response)
            if let name = sessionNames[number], let sid = Self.json(response.text)?["content"].flatMap({ ($0 as? [String: Any])?["session_id"] as? String }) {
                substitutions[name] = sid
            }
            if number == 124, let token = response.text.firstMatch(of: /__csrf_token = "([^"]+)"/) {
                substitutions["{{CSRF_TOKEN}}"] = String(token.1)
            }
        }
        #expect(replayed == 172 - Self.notEmulated.count)
        #expect(problems.isEmpty, "emulator differs from TT-RSS:\n\(problems.joined(separator: "\n"))")
        #expect(emulator.store.folders.map(\.name).contains("Weblogs") == false, "160 removed the renamed category")
    }

    @Test("the exchanges the project recorded from a real TT-RSS (label rename and remove through the web backend, the provider's own sync pages, catchupFeed of a category) replay the same")
    func replayProjectRecordings() async throws {
        let exchanges = try ProjectFixtures.exchanges("ttrss").filter { (Int($0.name.prefix(3)) ?? 0) <= 14 }
        #expect(exchanges.count == 14)
        let emulator = try Self.seeded(try SharedFixtures.exchanges("ttrss"))
        let problems = try await Self.replayed(exchanges, on: emulator, login: "001", indexPage: "002")
        #expect(problems.isEmpty, "emulator differs from TT-RSS:\n\(problems.joined(separator: "\n"))")
        #expect(emulator.labels.isEmpty, "007 removed the label 005 renamed")
    }

    /// The instance of 015–036: up.sh's, then (with psql, before 015) feeds 1 and 2 given a purge
    /// interval, a language, an update interval, four checkboxes, a login and a site; categories
    /// Audio inside News and Talk inside Audio; Podcast moved into Audio; Extra subscribed into Talk
    /// and fetched (articles 10 and 11, stored a minute later).
    static func seededForFeedEdits() throws -> TTRSSEmulator {
        let emulator = try seeded(try SharedFixtures.exchanges("ttrss"))
        let settings: [String: JSONValue] = ["update_interval": .int(60), "purge_interval": .int(30), "feed_language": .string("English"),
                                             "mark_unread_on_update": .bool(true), "always_display_enclosures": .bool(true),
                                             "hide_images": .bool(true), "cache_images": .bool(true), "auth_login": .string("reader"),
                                             "auth_pass": .string("feed-pass")]
        for feed in [1, 2] {
            emulator.setFeed(feed, siteURL: "\(site)/tech/home.html")
            emulator.setFeedSettings(feed, settings)
        }
        emulator.store.addFolder("Audio")
        emulator.store.addFolder("Talk")
        emulator.nestFolder("Audio", under: "News")
        emulator.nestFolder("Talk", under: "Audio")
        emulator.setFeed(4, folder: "Audio")
        let extra = emulator.store.addFeed(title: "Loopback Extra", feedURL: "\(site)/extra/rss.xml", siteURL: "\(site)/extra/", folder: "Talk")
        emulator.nextFetchMinute()
        let entries = try content(try SharedFixtures.exchanges("ttrss"), 115)
        for (id, object) in zip([Int64(10), 11], entries) {
            emulator.addArticle(id: id, feed: extra, title: object["title"] as? String ?? "", url: object["link"] as? String ?? "",
                                updated: (object["updated"] as? NSNumber)?.int64Value ?? 0)
        }
        return emulator
    }

    @Test("the project's recordings of the feed edit dialog (editfeed, a rename that sends every field back, the old rename that blanked them, a move) and of nested categories replay the same")
    func replayFeedEditsAndNesting() async throws {
        // 037–040 record the state after the binary's own run against that server (TTRSSFeedEditFormTests).
        let exchanges = try ProjectFixtures.exchanges("ttrss").filter { (15...36).contains(Int($0.name.prefix(3)) ?? 0) }
        #expect(exchanges.count == 22, "015–036")
        let emulator = try Self.seededForFeedEdits()
        let problems = try await Self.replayed(exchanges, on: emulator, login: "015", indexPage: "016")
        #expect(problems.isEmpty, "emulator differs from TT-RSS:\n\(problems.joined(separator: "\n"))")
        #expect(emulator.feedSettings(1)?["purge_interval"] == .int(30), "018 kept the purge interval")
        #expect(emulator.feedSettings(2)?["purge_interval"] == .int(0), "021 blanked it")
    }

    /// The row fields `editSave` writes, compared in each `editfeed` answer (017, 019, 022, 024).
    static let editedColumns = ["title", "cat_id", "feed_url", "site_url", "update_interval", "purge_interval", "feed_language", "auth_login",
                                "auth_pass", "private", "include_in_digest", "cache_images", "hide_images", "always_display_enclosures",
                                "mark_unread_on_update"]

    static func json(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// Resends `exchanges` in order to `emulator`, carrying the session id the `login` exchange
    /// hands out and the CSRF token of the `indexPage` exchange into the requests after them;
    /// what differs from the recordings.
    static func replayed(_ exchanges: [RecordedExchange], on emulator: TTRSSEmulator, login: String, indexPage: String) async throws -> [String] {
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        var substitutions = ["{{PASSWORD}}": "tester-secret"]
        var problems: [String] = []
        for exchange in exchanges {
            let response = try await FixtureReplay(server: server, substitutions: substitutions).resend(exchange)
            problems += differences(exchange, response)
            if exchange.name.hasPrefix(login), let sid = (json(response.text)?["content"] as? [String: Any])?["session_id"] as? String {
                substitutions["{{SID}}"] = sid
            }
            if exchange.name.hasPrefix(indexPage), let token = response.text.firstMatch(of: /__csrf_token = "([^"]+)"/) {
                substitutions["{{CSRF_TOKEN}}"] = String(token.1)
            }
        }
        return problems
    }

    static func differences(_ exchange: RecordedExchange, _ response: HTTPResponse) -> [String] {
        var problems: [String] = []
        let name = exchange.name
        if response.status != exchange.status { problems.append("\(name): status \(response.status), recorded \(exchange.status)") }
        let recordedType = exchange.responseHeader("Content-Type")
        if response.headers["Content-Type"]?.lowercased() != recordedType?.lowercased() {
            problems.append("\(name): content type \(response.headers["Content-Type"] ?? "none"), recorded \(recordedType ?? "none")")
        }
        if exchange.target == "/index.php" {
            if !response.text.contains("const __csrf_token = \"") { problems.append("\(name): no CSRF token in the page") }
            return problems
        }
        guard let want = json(exchange.responseBody) else {
            // The web backend's HTML or empty answers, the crash's empty body: compared as text.
            let expected = exchange.responseBody
            if response.text != expected { problems.append("\(name): body \(response.text.prefix(80).debugDescription), recorded \(expected.prefix(80).debugDescription)") }
            return problems
        }
        guard let got = json(response.text) else { return problems + ["\(name): body is not JSON: \(response.text.prefix(80))"] }
        func describe(_ value: Any?) -> String { value.map { "\($0)" } ?? "absent" }
        if let row = want["feed"] as? [String: Any] {
            let gotten = got["feed"] as? [String: Any] ?? [:]
            for column in editedColumns where describe(row[column]) != describe(gotten[column]) {
                problems.append("\(name): feed.\(column) \(describe(gotten[column])), recorded \(describe(row[column]))")
            }
        }
        for key in ["seq", "status"] where describe(want[key]) != describe(got[key]) {
            problems.append("\(name): \(key) \(describe(got[key])), recorded \(describe(want[key]))")
        }
        let wantedContent = want["content"], gotContent = got["content"]
        if let wanted = wantedContent as? [String: Any] {
            let gotten = gotContent as? [String: Any] ?? [:]
            for key in ["error", "method", "status", "updated", "unread", "level", "version"] where describe(wanted[key]) != describe(gotten[key]) {
                if key == "status", wanted[key] is [String: Any] { continue }
                problems.append("\(name): content.\(key) \(describe(gotten[key])), recorded \(describe(wanted[key]))")
            }
            let code = { (object: [String: Any]) in ((object["status"] as? [String: Any])?["code"]).map { "\($0)" } }
            let feedID = { (object: [String: Any]) in ((object["status"] as? [String: Any])?["feed_id"]).map { "\($0)" } }
            if code(wanted) != code(gotten) || feedID(wanted) != feedID(gotten) {
                problems.append("\(name): subscribe status \(code(gotten) ?? "-")/\(feedID(gotten) ?? "-"), recorded \(code(wanted) ?? "-")/\(feedID(wanted) ?? "-")")
            }
        }
        let ids = { (value: Any?) -> [String] in
            let list = (value as? [Any]).map { $0.last as? [Any] ?? $0 } ?? []
            return list.compactMap { ($0 as? [String: Any])?["id"].map { "\($0)" } }
        }
        // getArticle lists in PostgreSQL's heap order (rows changed last come last, 077): compared as a set.
        let unordered = exchange.requestBody.contains("\"op\":\"getArticle\"")
        let sameIDs = unordered ? ids(wantedContent).sorted() == ids(gotContent).sorted() : ids(wantedContent) == ids(gotContent)
        if !sameIDs { problems.append("\(name): ids \(ids(gotContent)), recorded \(ids(wantedContent))") }
        let states = { (value: Any?) -> [String] in
            ((value as? [Any]) ?? []).compactMap { item in
                guard let object = item as? [String: Any] else { return nil }
                return ["unread", "marked", "cat_id", "title", "caption", "checked"].map { describe(object[$0]) }.joined(separator: "/")
            }
        }
        if unordered ? states(wantedContent).sorted() != states(gotContent).sorted() : states(wantedContent) != states(gotContent) { problems.append("\(name): states \(states(gotContent)), recorded \(states(wantedContent))") }
        if let expected = ResponseShape.keyPaths(exchange.responseBody), let actual = ResponseShape.keyPaths(response.text),
           let difference = ResponseShape.difference(expected: expected, actual: actual) {
            problems.append("\(name): JSON shape differs: \(difference)")
        }
        return problems
    }
}
