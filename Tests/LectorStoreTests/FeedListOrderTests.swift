import Foundation
import Testing
@testable import LectorStore

/// `feeds.list` sorts in Swift what it once asked SQLite to sort (`ORDER BY a.name COLLATE
/// NOCASE, f.title COLLATE NOCASE`): the order must stay SQLite's, case folded for ASCII only.
@Suite("Feed list order")
struct FeedListOrderTests {
    @Test("feeds come in SQLite's NOCASE order of account, then title; ties in insertion order")
    func sameOrderAsSQLite() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let titles = ["banana", "Banana", "apple", "Äpfel", "äpfel", "Zebra", "zebra", "_under", "10 things", "2 things",
                      "éclair", "Eclair", "apple pie", "APPLE", "", " space", "ßtraße", "Ω", "a", "A", "ab", "aB",
                      // Longer than the eight bytes compared first: the order past them is the texts'.
                      "The Daily Bulletin", "the daily bugle", "THE DAILY", "The Daily Bulletin Extra", "the daily bulletin",
                      "The Daily\u{7F}", "the dailyé", "The Dail", "The Dailz", "12345678", "123456789", "12345678 0"]
        for (accountIndex, accountName) in ["beta", "Alpha", "alpha2", "Gamma"].enumerated() {
            let account = try store.accounts.insert(kind: .local, name: accountName)
            for (index, title) in titles.shuffled().enumerated() {
                try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "\(accountIndex)-\(index)", title: title,
                                       url: "https://example.org/\(accountIndex)/\(index).xml", siteURL: nil)
            }
        }
        let sqlite = try store.database.query("""
            SELECT f.id FROM feeds f JOIN accounts a ON a.id = f.account_id
            ORDER BY a.name COLLATE NOCASE, f.title COLLATE NOCASE, f.id
            """) { $0.int64(0) }
        #expect(try store.feeds.list().map(\.feed.id) == sqlite)
        let account = try #require(try store.accounts.named("Alpha"))
        let oneAccount = try store.database.query("SELECT id FROM feeds WHERE account_id = ? ORDER BY title COLLATE NOCASE, id", account.id) { $0.int64(0) }
        #expect(try store.feeds.list(accountID: account.id).map(\.feed.id) == oneAccount)
    }

    /// Completion's titles: an empty prefix (which the query no longer compares with every title)
    /// gives them all, a prefix only those it starts, case-insensitively, both in NOCASE order.
    @Test("titles for completion: all of them for no prefix, those it starts for a prefix")
    func titlesByPrefix() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let account = try store.accounts.insert(kind: .local, name: "Home")
        for (index, title) in ["Swift Weekly", "sway", "Rust", "swim", "S", ""].enumerated() {
            try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "\(index)", title: title,
                                   url: "https://example.org/\(index).xml", siteURL: nil)
        }
        #expect(try store.feeds.titles() == ["", "Rust", "S", "sway", "Swift Weekly", "swim"])
        #expect(try store.feeds.titles(prefix: "") == ["", "Rust", "S", "sway", "Swift Weekly", "swim"])
        #expect(try store.feeds.titles(prefix: "Sw") == ["sway", "Swift Weekly", "swim"])
        #expect(try store.feeds.titles(accountID: account.id, prefix: "SWI") == ["Swift Weekly", "swim"])
        #expect(try store.feeds.titles(accountID: account.id + 1, prefix: "") == [])
    }
}
