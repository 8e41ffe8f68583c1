import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// The recorded FreshRSS administration session (`fixtures/freshrss-admin`) replayed against the
/// emulators: subscription/export's `frss:` attributes, subscription/import's merge, multi-`s`
/// subscription/edit, tag/list's labels.
@Suite("GReaderEmulator replays the recorded FreshRSS administration", .enabled(if: SharedFixtures.has("freshrss-admin"), "LECTOR_SHARED fixtures/freshrss-admin not found"))
struct FreshRSSAdminReplayTests {
    /// The labels and mark-all-as-read part (24–43) needs the recording's entries: not replayed here.
    static let replayed: [String] = ["02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16", "17",
                                     "18", "19", "20", "21", "22", "23", "44", "45", "46", "47", "48", "49"]
    static let exports: Set<String> = ["03", "06", "10", "12", "14", "44"]

    static func seeded() -> FeedStore {
        let store = FeedStore()
        let base = "http://127.0.0.1:18281"
        let now = Int64(Date().timeIntervalSince1970)
        store.addFeed(title: "Tech Daily", feedURL: "\(base)/tech/rss.xml", siteURL: "\(base)/tech/", folder: "Tech", lastUpdated: now)
        store.addFeed(title: "Atom Dev Notes", feedURL: "\(base)/tech/atom.xml", siteURL: "\(base)/tech/", folder: "Tech", lastUpdated: now - 7200)
        store.addFeed(title: "RDF World News", feedURL: "\(base)/news/rdf.xml", siteURL: "\(base)/news/", folder: "News", lastUpdated: now - 7200)
        store.addFeed(title: "Loopback Podcast", feedURL: "\(base)/news/podcast.xml", siteURL: "\(base)/podcast/", folder: "News", lastUpdated: now)
        for (path, title) in [("tech/rss.xml", "Tech Daily"), ("tech/atom.xml", "Atom Dev Notes"), ("news/rdf.xml", "RDF World News"),
                              ("news/podcast.xml", "Loopback Podcast"), ("blog/rss.xml", "My Blog"), ("blog/atom.xml", "Blog Atom")] {
            store.addRemoteFeed(RemoteFeed(feedURL: "\(base)/\(path)", siteURL: "\(base)/\(path.split(separator: "/")[0])/", title: title))
        }
        store.mute(feed: 2)
        return store
    }

    @Test("exports, imports, multi-s edits and their read-backs get the recorded status, type, body and frss: attributes")
    func replayAdministration() async throws {
        let exchanges = try SharedFixtures.exchanges("freshrss-admin")
        let account = EmulatedAccount(username: "fixtures", password: "api-secret-2")
        let store = Self.seeded()
        let greader = GReaderEmulator(store: store, accounts: [account])
        let fever = FeverEmulator(store: store, accounts: [account])
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/api/fever.php") ? fever.handler(request) : greader.handler(request)
        }
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: [
            "{{AUTH}}": account.greaderAuth, "{{TOKEN}}": account.greaderToken, "{{API_PASSWORD}}": account.password,
            "{{FEVER_API_KEY}}": account.feverAPIKey,
        ])
        var problems: [String] = []
        for exchange in exchanges where Self.replayed.contains(exchange.number) {
            let export = Self.exports.contains(exchange.number)
            problems += try await replay.check(exchange, compareBody: !export)
            if export {
                let response = try await HTTPClient().send(HTTPRequest(method: "GET", url: server.url("/api/greader.php/reader/api/0/subscription/export"),
                                                                       headers: ["Authorization": "GoogleLogin auth=\(account.greaderAuth)"]))
                let (got, wanted) = (Self.outlines(response.text), Self.outlines(exchange.responseBody))
                if got != wanted { problems.append("\(exchange.name): outlines \(got), recorded \(wanted)") }
            }
        }
        #expect(problems.isEmpty, "emulator differs from FreshRSS:\n\(problems.joined(separator: "\n"))")
        #expect(store.feeds.first { $0.id == 2 }?.muted == false, "the import of 05 un-mutes the feed it names (06's note)")
    }

    @Test("tag/list lists user labels as type=tag with unread counts after the folders, as recorded (28)")
    func tagListLabels() async throws {
        let exchanges = try SharedFixtures.exchanges("freshrss-admin")
        let account = EmulatedAccount(username: "fixtures", password: "api-secret-2")
        let store = Self.seeded()
        store.addItem(feed: 1, title: "one", url: "http://127.0.0.1:18281/1", labels: ["Later"])
        store.addItem(feed: 1, title: "two", url: "http://127.0.0.1:18281/2", labels: ["Keep", "Later"])
        let server = try LoopbackServer(handler: GReaderEmulator(store: store, accounts: [account]).handler)
        defer { server.stop() }
        let replay = FixtureReplay(server: server, substitutions: ["{{AUTH}}": account.greaderAuth])
        let recorded = try #require(exchanges.first { $0.number == "28" })
        let problems = try await replay.check(recorded)
        #expect(problems.isEmpty, "tag/list differs: \(problems)")
    }

    /// "folder | xmlUrl | frss:… attributes" for each feed outline of an export, one per line.
    static func outlines(_ opml: String) -> [String] {
        var folder = ""
        var lines: [String] = []
        for line in opml.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where line.hasPrefix("<outline") {
            guard let url = line.firstMatch(of: /xmlUrl="([^"]*)"/)?.output.1 else {
                folder = String(line.firstMatch(of: /text="([^"]*)"/)?.output.1 ?? "")
                continue
            }
            let attributes = line.matches(of: /frss:[A-Za-z_]+="[^"]*"/).map { String($0.output) }.sorted()
            lines.append(([folder, String(url)] + attributes).joined(separator: " | "))
        }
        return lines.sorted()
    }
}
