import Foundation
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport
import Testing

/// GReader has no empty folders, so Lector keeps an empty folder it made itself until a feed is
/// filed in it. A folder Lector did not make is not one of those: the one FreshRSS files a new
/// feed in by itself (its default, "Uncategorized") emptied here (an interrupted `account copy`
/// moved its feeds on), or one a sync learned that was emptied here, goes at
/// the next sync once the server no longer reports it.
@Suite("Folders the server dropped")
struct ServerFolderCleanupTests {
    @Test("the server's default folder, emptied, goes at the next sync; an empty folder made here stays")
    func serverDefaultFolderDropped() async throws {
        try await offPool {
            let bench = try AccountAdministratorTests.bench(.greader)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            try admin.createFolder(named: "Later")
            // Subscribed without a folder: FreshRSS files the feed in its default one.
            let added = try admin.subscribe(SubscriptionRequest(url: URL(string: "https://new.example/feed.xml")!))
            let folders = { Set(try bench.store.folders.list(accountID: bench.account.id).map(\.folder.name)) }
            let filed = try folders()
            #expect(filed.contains("Uncategorized"), "the store should show the server's default folder: \(filed.sorted())")
            try admin.move(added, toFolder: "Tech")
            #expect(try !bench.provider.serverPull().structure().folders.contains { $0.name == "Uncategorized" }, "the server still reports its emptied default folder")
            try bench.sync()
            let after = try folders()
            #expect(!after.contains("Uncategorized"), "the server's folder it no longer reports is still in the store: \(after.sorted())")
            #expect(after.contains("Later"), "the empty folder made here was dropped: \(after.sorted())")
        }
    }

    @Test("a folder a sync learned, emptied here, goes at the next sync once the server no longer reports it; an empty folder made here stays")
    func learnedFolderEmptiedDropped() async throws {
        try await offPool {
            let bench = try AccountAdministratorTests.bench(.greader)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            try admin.createFolder(named: "Later")
            let folders = { Set(try bench.store.folders.list(accountID: bench.account.id).map(\.folder.name)) }
            let learned = try folders()
            #expect(learned.contains("News"), "the first sync should have learned the server's folder News: \(learned.sorted())")
            for listing in try bench.store.feeds.list(accountID: bench.account.id) where listing.folderName == "News" {
                try admin.move(listing.feed, toFolder: "Tech")
            }
            #expect(try !bench.provider.serverPull().structure().folders.contains { $0.name == "News" }, "the server still reports the emptied folder")
            try bench.sync()
            let after = try folders()
            #expect(!after.contains("News"), "the learned folder the server no longer reports is still in the store: \(after.sorted())")
            #expect(after.contains("Later"), "the empty folder made here was dropped: \(after.sorted())")
        }
    }
}
