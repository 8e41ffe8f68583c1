import Foundation
import LectorAccounts
import LectorSettings
import LectorStore
import Testing

@Suite("Backup export and restore in the account core")
struct BackupRestoreTests {
    typealias Home = AccountManagerTests.Home
    /// Sections that leave the settings out: the core is given an editor, and these tests keep it in memory.
    static let storeSections: Set<BackupSection> = [.accounts, .subscriptions, .readingList]

    static func directories(_ home: Home) -> AppDirectories {
        let root = home.directory.path
        return AppDirectories(data: root + "/data", config: root + "/config", state: root + "/state", cache: root + "/cache",
                              systemdUser: root + "/systemd")
    }

    /// A local account with a feed in a folder and an item on the reading list, exported.
    static func exportedLocalHome() throws -> BackupDocument {
        let home = try Home()
        let account = try home.store.accounts.insert(kind: .local, name: "Home")
        let folder = try home.store.folders.insert(accountID: account.id, serverID: "Coast", name: "Coast")
        _ = try home.store.feeds.insert(accountID: account.id, folderID: folder.id, serverID: "https://example.org/tides.xml",
                                        title: "Tide Tables", url: "https://example.org/tides.xml", siteURL: nil)
        try home.store.readingList.add(accountID: account.id, url: "https://example.org/spring-tide", title: "Spring tide")
        return try home.manager().backup(of: storeSections, preferences: .defaults, profiles: [], toolVersion: "test")
    }

    static func prepare(_ file: BackupDocument, in home: Home, keepConsents: Bool = false) throws -> BackupRestore {
        try home.manager().prepareRestore(of: file, sections: storeSections, removeMissing: false, keepConsents: keepConsents,
                                          settings: SettingsEditor(storage: InMemorySettingsStorage()), profiles: [])
    }

    @Test("a restore into a fresh home brings a local account's folder, feed and reading list; the same file again plans nothing")
    func restoreIntoFreshHome() throws {
        let file = try Self.exportedLocalHome()
        let home = try Home()
        let planned = try Self.prepare(file, in: home).planned(dropping: [])
        #expect(!planned.plan.isEmpty, "a fresh home lacks everything the file has")
        let outcome = try home.manager().restore(planned, settings: SettingsEditor(storage: InMemorySettingsStorage()),
                                                 directories: Self.directories(home))
        #expect(outcome.needingPassword.isEmpty, "a local account has no secret to wait for: \(outcome.needingPassword)")
        let account = try #require(try home.store.accounts.named("Home"), "the account was not restored")
        let feeds = try home.store.feeds.list(accountID: account.id)
        #expect(feeds.map(\.feed.title) == ["Tide Tables"] && feeds.first?.folderName == "Coast", "the feed or its folder was lost: \(feeds)")
        #expect(try home.store.readingList.all().map(\.url) == ["https://example.org/spring-tide"], "the reading list was not restored")
        #expect(try Self.prepare(file, in: home).planned(dropping: []).plan.isEmpty, "restoring the same file again would change something")
    }

    @Test("a restore that fails part way changes nothing: the accounts it had added are gone with the failed transaction")
    func failedRestoreChangesNothing() throws {
        var file = try Self.exportedLocalHome()
        // Subscriptions for an account neither the file nor the store has make the transaction fail after the accounts.
        file.subscriptions?["Nowhere"] = BackupSubscriptions(folders: [], feeds: [])
        let home = try Home()
        let planned = try Self.prepare(file, in: home).planned(dropping: [])
        #expect(throws: AccountsError.store(.notFound(what: "account for the subscriptions", name: "Nowhere")),
                "the restore must fail on the unknown account") {
            _ = try home.manager().restore(planned, settings: SettingsEditor(storage: InMemorySettingsStorage()), directories: Self.directories(home))
        }
        #expect(try home.store.accounts.all().isEmpty, "a failed restore left accounts behind")
    }

    @Test("a file's consent to plain http is asked about, not kept without the user's word; dropping it takes it out of the plan")
    func consentsAreAskedAbout() throws {
        let source = try Home()
        _ = try source.store.accounts.insert(kind: .miniflux, name: "Office", url: "http://192.0.2.10", username: "ann",
                                             plainHTTPHost: "192.0.2.10")
        let file = try source.manager().backup(of: Self.storeSections, preferences: .defaults, profiles: [], toolVersion: "test")
        let home = try Home()
        let prepared = try Self.prepare(file, in: home)
        #expect(prepared.askedConsents.map(\.holder) == [.account(name: "Office")] && prepared.askedConsents.map(\.host) == ["192.0.2.10"],
                "the consent the file holds must be asked about: \(prepared.askedConsents)")
        #expect(try Self.prepare(file, in: home, keepConsents: true).askedConsents.isEmpty, "with the user's word given beforehand nothing is asked")
        let dropped = prepared.planned(dropping: prepared.askedConsents)
        #expect(dropped.document.accounts.first?.plainHTTPHost == nil, "a consent the user did not keep is still in the restored file")
    }

    @Test("a remote account arrives needing its password, and its subscriptions wait in the state folder for its next sync")
    func remoteSubscriptionsWaitForSync() throws {
        let source = try Home()
        let remote = try source.store.accounts.insert(kind: .miniflux, name: "Reader", url: "https://reader.example.org", username: "ann")
        _ = try source.store.feeds.insert(accountID: remote.id, folderID: nil, serverID: "7", title: "Tide Tables",
                                          url: "https://example.org/tides.xml", siteURL: nil)
        let file = try source.manager().backup(of: Self.storeSections, preferences: .defaults, profiles: [], toolVersion: "test")
        let home = try Home()
        let outcome = try home.manager().restore(try Self.prepare(file, in: home).planned(dropping: []),
                                                 settings: SettingsEditor(storage: InMemorySettingsStorage()), directories: Self.directories(home))
        #expect(outcome.needingPassword == ["Reader"], "a secret never travels in a backup: \(outcome.needingPassword)")
        let account = try #require(try home.store.accounts.named("Reader"))
        #expect(try home.store.feeds.list(accountID: account.id).isEmpty, "a remote account's feeds come from its server, not the file")
        let waiting = RestoredSubscriptions(directories: Self.directories(home))
        #expect(waiting.take(accountID: account.id)?.feeds.map(\.url) == ["https://example.org/tides.xml"],
                "the backed-up subscriptions were not kept for the next sync")
    }
}
