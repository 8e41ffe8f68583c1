import Foundation
import LectorAccounts
import LectorSettings
import LectorStore
import LectorTestSupport
import Testing

/// The starred archive and the backup export of the account core, against a real store, the
/// test keyring and the Miniflux emulator on loopback: what the written file holds, read back.
@Suite("AccountManager's starred archive and backup export against the Miniflux emulator", .serialized)
struct AccountManagerStarredExportTests {
    typealias World = EmulatedServerHome

    /// Collects what an export writes.
    final class Written {
        var data = Data()
        var calls = 0
        var sink: ExportSink { { [self] piece in data.append(piece); calls += 1; return true } }
        var text: String { String(decoding: data, as: UTF8.self) }
        func json() throws -> [String: Any] { try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]) }
    }

    /// The Miniflux home with two starred entries on the server, and a local account "Home" whose one stored article is starred.
    private func world() throws -> World {
        let world = try World(.miniflux)
        let now = Int64(Date().timeIntervalSince1970)
        world.feeds.addItem(feed: world.harbourID, title: "Saved storm", url: "https://harbour.example/saved-storm", published: now - 3_600, starred: true)
        world.feeds.addItem(feed: world.otherID, title: "Saved quiz", url: "https://other.example/saved-quiz", published: now - 7_200, starred: true)
        let home = try world.manager.addLocal(name: "Home")
        let feed = try world.home.store.feeds.insert(accountID: home.id, folderID: nil, serverID: "https://local.example/feed.xml",
                                                     title: "Local", url: "https://local.example/feed.xml", siteURL: nil)
        for (title, starred) in [("Kept here", true), ("Not kept", false)] {
            _ = try world.home.store.articles.upsert(accountID: home.id, feedID: feed.id,
                                                     IncomingArticle(serverID: "https://local.example/\(title)", url: "https://local.example/\(title)",
                                                                     title: title, author: nil, contentHTML: "<p>\(title)</p>", text: title,
                                                                     publishedAt: Double(now - 60), updatedAt: nil),
                                                     read: .unread, starred: starred)
        }
        return world
    }

    @Test("starredArchive hands every starred article of a Miniflux account, from its server, and of a local account, from the store")
    func starredArchive() throws {
        let world = try world()
        var titles: [String] = []
        world.server.clearLog()
        try world.manager.starredArchive(of: world.account) { page in titles += page.map(\.title) }
        #expect(titles.sorted() == ["Saved quiz", "Saved storm"], "the server's starred entries: \(titles)")
        #expect(world.calls.contains { $0.hasPrefix("GET /v1/entries") }, "the archive did not ask the server: \(world.calls)")
        var local: [String] = []
        try world.manager.starredArchive(of: try world.manager.account(named: "Home")) { page in local += page.map(\.title) }
        #expect(local == ["Kept here"], "the local account's starred articles: \(local)")
    }

    @Test("exportBackup of the starred section writes a file that reads back with each account's starred articles and the accounts they name; the Atom feed has them too")
    func exportStarred() throws {
        let world = try world()
        let json = Written(), atom = Written()
        let exported = try world.manager.exportBackup(of: [.starred], starredAskedFor: true, preferences: .defaults, profiles: [],
                                                      toolVersion: "test", writing: json.sink, atom: atom.sink)
        #expect(exported.starredCount == 3 && exported.notes.isEmpty, "\(String(describing: exported.starredCount)) \(exported.notes)")
        #expect(json.calls > 2, "the file must be written as it is made, not at once (\(json.calls) writes)")
        let root = try json.json()
        let starred = try #require(root["starred"] as? [String: [[String: Any]]], "no starred section: \(json.text.prefix(400))")
        #expect(starred["Server"]?.compactMap { $0["title"] as? String }.sorted() == ["Saved quiz", "Saved storm"], "\(starred)")
        #expect(starred["Home"]?.compactMap { $0["title"] as? String } == ["Kept here"], "\(starred)")
        let accounts = (root["accounts"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.sorted()
        #expect(accounts == ["Home", "Server"], "the starred section names its accounts, which must be written with it: \(String(describing: accounts))")
        #expect(!json.text.contains(World.token), "the account's secret reached the backup")
        #expect(atom.text.contains("Saved storm") && atom.text.contains("Kept here") && atom.text.contains("</feed>"),
                "the Atom feed: \(atom.text.suffix(200))")
        #expect(try BackupReader.read(json.data).document.starred != nil, "the file does not read back as a backup")
    }

    @Test("exportBackup with a server out of reach: asked for by name, the starred section fails; among the default sections it becomes a note and the rest is written")
    func exportWithServerGone() throws {
        let world = try world()
        world.server.stop()
        #expect(throws: AccountsError.self, "the section named and a server out of reach must fail") {
            try world.manager.exportBackup(of: [.starred], starredAskedFor: true, preferences: .defaults, profiles: [], toolVersion: "test",
                                           writing: Written().sink)
        }
        let json = Written()
        let exported = try world.manager.exportBackup(of: [.accounts, .subscriptions, .starred], starredAskedFor: false, preferences: .defaults,
                                                      profiles: [], toolVersion: "test", writing: json.sink)
        #expect(exported.notes.count == 1 && exported.notes.first?.contains("'Server'") == true, "one note naming the account: \(exported.notes)")
        #expect(exported.starredCount == 1, "the local account's starred article must still be written")
        let root = try json.json()
        #expect((root["starred"] as? [String: Any])?["Home"] != nil, "the local account's section is missing")
        #expect(root["subscriptions"] != nil, "the other sections must be written")
    }

    @Test("exportBackup without the starred section writes the document in one piece, with no starred count")
    func exportWithoutStarred() throws {
        let world = try world()
        let json = Written()
        world.server.clearLog()
        let exported = try world.manager.exportBackup(of: [.accounts], starredAskedFor: false, preferences: .defaults, profiles: [],
                                                      toolVersion: "test", writing: json.sink)
        #expect(exported.starredCount == nil && json.calls == 1)
        #expect(try json.json()["starred"] == nil, "a starred section nobody asked for")
        #expect(world.server.requests.isEmpty, "an export without the starred section asked the server: \(world.calls)")
    }
}
