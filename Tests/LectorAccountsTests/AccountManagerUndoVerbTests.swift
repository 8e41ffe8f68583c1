import Foundation
import LectorAccounts
import LectorBasics
import LectorSettings
import LectorStore
import LectorTestSupport
import Testing

/// The undo verb of the account core against a real store, the test keyring and the FreshRSS
/// and Miniflux emulators on loopback: the inverse of a mark-all-read reaches the server at
/// once, or with the next sync when the server cannot be reached.
@Suite("AccountManager's undo verb against the emulators", .serialized)
struct AccountManagerUndoVerbTests {
    typealias World = EmulatedServerHome

    /// Title → read on the server.
    private func remoteRead(_ world: World) -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: world.feeds.items.map { ($0.title, $0.read) })
    }

    private func markAllRead(_ world: World) throws {
        let result = try world.manager.store.states.markAllRead(ArticleQuery(feedID: try world.feed("Harbour News").id))
        #expect(result.changed == 3)
        #expect(try world.manager.flushMarks(accountIDs: Set(result.queuedAccountIDs)) == true)
        #expect(remoteRead(world).values.allSatisfy { $0 }, "the mark-all-read did not reach the server: \(remoteRead(world))")
    }

    @Test("undo of a mark-all-read puts the articles back unread here and on the server at once", arguments: [AccountKind.freshrss, .miniflux])
    func undoReachesServer(_ kind: AccountKind) throws {
        let world = try World(kind)
        try markAllRead(world)
        // One article read again by hand afterwards: it is kept read.
        let tide = try #require(try world.articles()["Tide table"]?.id)
        _ = try world.manager.store.states.setRead([tide], to: .unread)
        _ = try world.manager.store.states.setRead([tide], to: .read)
        _ = try world.manager.flushMarks(accountIDs: [world.account.id])
        let mark = try #require(try world.manager.undoSteps().first { $0.summary.hasPrefix("marked all read") })
        #expect(mark.reachedServerScope && mark.articles == 3)

        world.server.clearLog()
        let result = try #require(try world.manager.undo(stepID: mark.id))
        #expect(result.outcome.reverted == 2 && result.outcome.kept == 1 && result.sent == true, "\(result)")
        #expect(remoteRead(world) == ["Tide table": true, "Sponsored boats": false, "Harbour works": false], "the server: \(remoteRead(world))")
        #expect(try world.articles().mapValues(\.read) == ["Tide table": .read, "Sponsored boats": .unread, "Harbour works": .unread])
        #expect(!world.calls.isEmpty, "the undo sent nothing")
        #expect(try world.manager.undoSteps().first { $0.id == mark.id }?.undoneAt != nil)
    }

    @Test("undo offline keeps the inverse queued; the next sync sends it and does not pull the read state back", arguments: [AccountKind.freshrss, .miniflux])
    func undoOffline(_ kind: AccountKind) throws {
        let world = try World(kind)
        try markAllRead(world)
        world.server.inject(.dropConnection)
        let result = try #require(try world.manager.undo())
        #expect(result.outcome.reverted == 3 && result.sent == false, "\(result)")
        #expect(remoteRead(world).values.allSatisfy { $0 }, "a server that refused took the undo")
        world.server.clearFaults()
        _ = try world.manager.sync(World.syncRequest())
        #expect(remoteRead(world).values.allSatisfy { !$0 }, "the next sync did not send the undo: \(remoteRead(world))")
        #expect(try world.articles().values.allSatisfy { $0.read == .unread }, "the sync pulled the read state back")
    }

    @Test("undo with nothing to undo is nil; an unknown step is refused")
    func nothingToUndo() throws {
        let home = try AccountManagerTests.Home()
        let manager = home.manager()
        #expect(try manager.undo() == nil)
        #expect(throws: AccountsError.self) { try manager.undo(stepID: 42) }
        #expect(try manager.undoSteps().isEmpty)
    }
}

@Suite("A backup does not carry the undo journal")
struct UndoJournalBackupTests {
    typealias Home = AccountManagerTests.Home

    @Test("a home with undoable marks exports its marks but no step; the restored home has nothing to undo")
    func backupLeavesJournal() throws {
        let home = try Home()
        let account = try home.store.accounts.insert(kind: .local, name: "Home")
        let feed = try home.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "https://example.org/tides.xml",
                                               title: "Tide Tables", url: "https://example.org/tides.xml", siteURL: nil)
        let article = try home.store.articles.upsert(accountID: account.id, feedID: feed.id,
                                                     IncomingArticle(serverID: "\(feed.id)/spring", url: "https://example.org/spring",
                                                                     title: "Spring tide", text: "High water"), read: .unread)
        try home.store.states.setRead([article.id], to: .read)
        try home.store.states.setStarred([article.id], to: true)
        #expect(try home.manager().undoSteps().count == 2)
        let file = try home.manager().backup(of: BackupRestoreTests.storeSections, preferences: .defaults, profiles: [], toolVersion: "test")
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(text.contains("Tide Tables") && !text.contains("marked read") && !text.contains("undo_"), "\(text)")

        let restored = try Home()
        let planned = try BackupRestoreTests.prepare(file, in: restored).planned(dropping: [])
        _ = try restored.manager().restore(planned, settings: SettingsEditor(storage: InMemorySettingsStorage()),
                                           directories: BackupRestoreTests.directories(restored))
        #expect(try restored.store.accounts.named("Home") != nil, "the account was not restored")
        #expect(try restored.manager().undoSteps().isEmpty)
        #expect(try restored.manager().undo() == nil)
    }
}
