import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// The recorded FreshRSS administration session (`fixtures/freshrss-admin`) replayed against the
/// emulators: subscription/export's `frss:` attributes, subscription/import's merge, multi-`s`
/// subscription/edit, tag/list's labels.
@Suite("GReaderEmulator replays the recorded FreshRSS administration", .enabled(if: SharedFixtures.has("freshrss-admin"), "LECTOR_SHARED fixtures/freshrss-admin not found"))
struct FreshRSSAdminReplayTests {
    /// The labels part (24–32) runs on the recording's own entry ids (`recordedEntries`); the
    /// mark-all-as-read part (33–43) is not replayed here.
    static let replayed: [String] = ["02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16", "17",
                                     "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32",
                                     "44", "45", "46", "47", "48", "49"]

    /// Entry ids per feed, newest first: feeds 1 and 2 as 24 and 25 list them; of feeds 3 and 4
    /// (five each) and 5 (three) only the newest is recorded (32), the others are ids between.
    static let recordedEntries: [Int: [Int64]] = [
        1: [150, 145, 144, 141, 138, 137], 2: [152, 149, 146, 143, 140, 139],
        3: [154, 153, 135, 134, 133], 4: [151, 148, 147, 142, 136],
    ].mapValues { $0.map { 1_796_152_743_322_000 + $0 } }
    static let blogEntries: [Int64] = [1_796_153_057_717_798, 1_796_153_057_717_797, 1_796_153_057_717_796]
    static let exports: Set<String> = ["03", "06", "10", "12", "14", "44"]

    static func seeded() -> FeedStore {
        let store = FeedStore()
        let base = "http://127.0.0.1:18281"
        let now = Int64(Date().timeIntervalSince1970)
        store.addFeed(title: "Tech Daily", feedURL: "\(base)/tech/rss.xml", siteURL: "\(base)/tech/", folder: "Tech", lastUpdated: now)
        store.addFeed(title: "Atom Dev Notes", feedURL: "\(base)/tech/atom.xml", siteURL: "\(base)/tech/", folder: "Tech", lastUpdated: now - 7200)
        store.addFeed(title: "RDF World News", feedURL: "\(base)/news/rdf.xml", siteURL: "\(base)/news/", folder: "News", lastUpdated: now - 7200)
        store.addFeed(title: "Loopback Podcast", feedURL: "\(base)/news/podcast.xml", siteURL: "\(base)/podcast/", folder: "News", lastUpdated: now)
        for (feed, ids) in recordedEntries {
            for id in ids {
                store.addItem(id: id, feed: feed, title: "Entry \(id)", url: "\(base)/articles/\(id).html", content: "<p>\(id)</p>",
                              author: "Ada Example", published: id / 1_000_000 - 86_400)
            }
        }
        let blog = blogEntries.map { RemoteEntry(id: $0, title: "Post \($0)", url: "\(base)/blog/\($0).html", author: "Blogger",
                                                 published: $0 / 1_000_000 - 3_600) }
        for (path, title) in [("tech/rss.xml", "Tech Daily"), ("tech/atom.xml", "Atom Dev Notes"), ("news/rdf.xml", "RDF World News"),
                              ("news/podcast.xml", "Loopback Podcast"), ("blog/rss.xml", "My Blog"), ("blog/atom.xml", "Blog Atom")] {
            store.addRemoteFeed(RemoteFeed(feedURL: "\(base)/\(path)", siteURL: "\(base)/\(path.split(separator: "/")[0])/", title: title,
                                           entries: path == "blog/rss.xml" ? blog : []))
        }
        store.mute(feed: 2)
        return store
    }

    @Test("exports, imports, multi-s edits, labels (edit-tag, tag/list, a label's stream and ids, unread-count) and their read-backs get the recorded status, type, body, ids and counts")
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
