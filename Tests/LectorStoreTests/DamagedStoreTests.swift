import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

@Suite("A damaged store is named, with what to do")
struct DamagedStoreTests {
    @Test("a file that is not a database is refused with its path, the way out, and left untouched")
    func notADatabase() throws {
        let directory = NSTemporaryDirectory() + "lector-damaged-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/lector.sqlite"
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        do {
            _ = try Store(path: path)
            Issue.record("a garbage file opened as a store")
        } catch {
            #expect(error == .damaged(path: path, code: 26), "got \(error)")
            #expect(error.description.contains(path) && error.description.contains("backup restore") && error.description.contains("mv "),
                    "the message names the file and both ways out: \(error.description)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage, "the damaged file must not be changed")
    }

    @Test("damage in the middle of the file, met by a query after a clean open, is named like damage found on opening")
    func damageMidFile() throws {
        let directory = NSTemporaryDirectory() + "lector-damaged-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/lector.sqlite"
        do {
            let store = try Store(path: path)
            let account = try store.accounts.insert(kind: .local, name: "Home")
            let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "f", title: "Feed",
                                              url: "https://example.org/f.xml", siteURL: nil)
            for index in 0..<500 {
                try store.articles.upsert(accountID: account.id, feedID: feed.id, TemporaryStore.article(index))
            }
        }
        try StoreDamage.overwriteFirstPage(of: "articles", inStoreAt: path)

        let store = try Store(path: path)
        do {
            _ = try store.articles.list(ArticleQuery(limit: 1_000))
            Issue.record("a list over a damaged articles table succeeded")
        } catch {
            #expect(error == .damaged(path: path, code: 11), "got \(error)")
            #expect(error.description.contains(path) && error.description.contains("backup restore"), "\(error.description)")
        }
    }

    @Test("SQLite's CORRUPT and NOTADB, with any extended code, are damage; other errors are not")
    func damageCodes() {
        #expect(StoreError.damage(DatabaseError(code: 11, message: "malformed"), path: "/s") == .damaged(path: "/s", code: 11))
        #expect(StoreError.damage(DatabaseError(code: 11 | (1 << 8), message: "vtab"), path: "/s") != nil)
        #expect(StoreError.damage(DatabaseError(code: 26, message: "notadb"), path: "/s") == .damaged(path: "/s", code: 26))
        #expect(StoreError.damage(DatabaseError(code: 5, message: "busy"), path: "/s") == nil)
    }
}
