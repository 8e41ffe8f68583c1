import Foundation
import LectorAccounts
import LectorStore
import LectorTestSupport
import Testing

/// The label verbs of the account core against a real store, the test keyring and the FreshRSS
/// (GReader) emulator on loopback, where labels live on the server; and a local account, where
/// they live here only.
@Suite("AccountManager's label verbs against the FreshRSS emulator", .serialized)
struct AccountManagerLabelVerbTests {
    typealias World = EmulatedServerHome

    /// A label change as numbers to compare (the core's has no public initializer).
    struct Change: Equatable, CustomStringConvertible {
        var changed: Int, sent: Bool?
        init(_ changed: Int, _ sent: Bool?) { self.changed = changed; self.sent = sent }
        init(_ change: AccountManager.LabelChange) { self.init(change.changed, change.sent) }
        var description: String { "\(changed) changed, sent: \(sent.map(String.init(describing:)) ?? "nil")" }
    }

    /// Title → labels on the server.
    private func remote(_ world: World) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: world.feeds.items.map { ($0.title, $0.labels) })
    }

    private func ids(_ world: World, _ titles: String...) throws -> [Int64] {
        let articles = try world.articles()
        return try titles.map { title in try #require(articles[title]?.id, "no stored article '\(title)'") }
    }

    @Test("setLabel puts a label on here and on FreshRSS at once, and takes it off the same way; labels counts it per account")
    func setAndList() throws {
        let world = try World(.freshrss)
        let on = try world.manager.setLabel("Later", on: true, articleIDs: try ids(world, "Tide table", "Harbour works"))
        #expect(Change(on) == Change(2, true), "\(on)")
        #expect(remote(world) == ["Tide table": ["Later"], "Sponsored boats": [], "Harbour works": ["Later"]], "the server: \(remote(world))")
        #expect(try world.manager.labels(accountName: "Server") == [LabelCount(accountID: world.account.id, name: "Later", articles: 2, unread: 2)])
        #expect(try world.manager.labels(accountName: nil).map(\.name) == ["Later"])
        #expect(throws: AccountsError.self, "an unknown account is refused") { try world.manager.labels(accountName: "Nope") }
        #expect(try world.manager.setLabel("Later", on: true, articleIDs: try ids(world, "Tide table")).changed == 0, "a label already on changes nothing")

        let off = try world.manager.setLabel("Later", on: false, articleIDs: try ids(world, "Tide table"))
        #expect(Change(off) == Change(1, true), "\(off)")
        #expect(remote(world)["Tide table"] == [] && remote(world)["Harbour works"] == ["Later"], "the server: \(remote(world))")
        #expect(try world.manager.labels(accountName: "Server").map(\.articles) == [1])
    }

    @Test("setLabel with the server gone keeps the label here and says it was not sent; the next sync sends it")
    func setOffline() throws {
        let world = try World(.freshrss)
        world.server.inject(.dropConnection)
        let change = try world.manager.setLabel("Later", on: true, articleIDs: try ids(world, "Tide table"))
        #expect(Change(change) == Change(1, false), "\(change)")
        #expect(remote(world)["Tide table"] == [], "the label reached a server that refused")
        world.server.clearFaults()
        _ = try world.manager.sync(World.syncRequest())
        #expect(remote(world)["Tide table"] == ["Later"], "the next sync did not send the queued label: \(remote(world))")
    }

    @Test("renameLabel goes to FreshRSS first (rename-tag), then the store; removeLabel deletes it there (disable-tag) and here; the articles stay")
    func renameAndRemove() throws {
        let world = try World(.freshrss)
        _ = try world.manager.setLabel("Later", on: true, articleIDs: try ids(world, "Tide table", "Harbour works"))
        world.server.clearLog()
        let renamed = try world.manager.renameLabel("Later", to: "Soon", accountName: nil)
        #expect(renamed.map(\.name) == ["Server"])
        #expect(world.calls.contains { $0.hasSuffix("/reader/api/0/rename-tag") }, "no rename-tag reached the server: \(world.calls)")
        #expect(remote(world) == ["Tide table": ["Soon"], "Sponsored boats": [], "Harbour works": ["Soon"]], "the server: \(remote(world))")
        #expect(try world.manager.labels(accountName: nil).map(\.name) == ["Soon"], "the store did not rename")

        #expect(throws: AccountsError.store(.notFound(what: "label", name: "Nope")), "an unknown label is not found") {
            try world.manager.removeLabel("Nope", accountName: nil)
        }
        let removed = try world.manager.removeLabel("Soon", accountName: "Server")
        #expect(removed.map(\.name) == ["Server"])
        let cleared = remote(world).values.allSatisfy { $0.isEmpty }
        #expect(cleared, "disable-tag did not reach the server: \(remote(world))")
        #expect(try world.manager.labels(accountName: nil).isEmpty)
        #expect(try world.articles().count == 3, "the articles went with the label")
    }

    @Test("with FreshRSS unreachable renameLabel and removeLabel fail and change nothing here")
    func renameOffline() throws {
        let world = try World(.freshrss)
        _ = try world.manager.setLabel("Later", on: true, articleIDs: try ids(world, "Tide table"))
        world.server.stop()
        #expect(throws: AccountsError.self) { try world.manager.renameLabel("Later", to: "Soon", accountName: nil) }
        #expect(throws: AccountsError.self) { try world.manager.removeLabel("Later", accountName: nil) }
        #expect(try world.manager.labels(accountName: nil).map(\.name) == ["Later"], "a failed server change changed the store")
    }

    @Test("a local account's labels live here only: nothing to send, renamed and removed without a server")
    func local() throws {
        let home = try AccountManagerTests.Home()
        let manager = home.manager()
        let account = try manager.addLocal(name: "Home")
        let feed = try home.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "https://harbour.example/feed.xml",
                                               title: "Harbour News", url: "https://harbour.example/feed.xml", siteURL: nil)
        for title in ["One", "Two"] {
            _ = try home.store.articles.upsert(accountID: account.id, feedID: feed.id,
                                               IncomingArticle(serverID: "https://harbour.example/\(title)", url: "https://harbour.example/\(title)",
                                                               title: title, author: nil, contentHTML: "<p>\(title)</p>", text: title,
                                                               publishedAt: Date().timeIntervalSince1970, updatedAt: nil),
                                               read: .unread, starred: false)
        }
        let articleIDs = try home.store.articles.list(ArticleQuery(accountID: account.id)).map(\.id)
        #expect(Change(try manager.setLabel("Keep", on: true, articleIDs: articleIDs)) == Change(2, nil))
        #expect(try manager.renameLabel("Keep", to: "Kept", accountName: "Home").map(\.name) == ["Home"])
        #expect(try manager.labels(accountName: "Home") == [LabelCount(accountID: account.id, name: "Kept", articles: 2, unread: 2)])
        #expect(try manager.removeLabel("Kept", accountName: nil).map(\.name) == ["Home"])
        #expect(try home.store.labels.all().isEmpty && home.store.articles.count(accountID: account.id) == 2)
    }
}
