import Foundation
import Testing
@testable import LectorStore

/// `folders.folder(accountID:serverID:)`: what a subscribe asks for each feed it stores, in place
/// of listing every folder with its counts.
@Suite("Looking a folder up by its server id")
struct FolderLookupTests {
    @Test("finds the account's folder with that server id, not another account's with the same id")
    func findsWithinTheAccount() throws {
        let temporary = try TemporaryStore()
        let (home, news, _, _) = try temporary.seedAccount(name: "Home")
        let work = try temporary.store.accounts.insert(kind: .local, name: "Work")
        let worksNews = try temporary.store.folders.insert(accountID: work.id, serverID: news.serverID, name: "Work news")
        #expect(try temporary.store.folders.folder(accountID: home.id, serverID: news.serverID) == news,
                "Home's folder with server id \(news.serverID) should be found as it was inserted")
        #expect(try temporary.store.folders.folder(accountID: work.id, serverID: news.serverID) == worksNews,
                "Work's folder with the same server id belongs to Work, not Home")
        #expect(try temporary.store.folders.folder(accountID: home.id, serverID: "user/-/label/Nowhere") == nil,
                "a server id the account has no folder for finds none")
    }
}
