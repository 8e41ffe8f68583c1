import Foundation
@testable import LectorStore

/// A store in a fresh temporary directory, removed when the value goes away.
final class TemporaryStore {
    let directory: String
    let store: Store

    init() throws {
        directory = NSTemporaryDirectory() + "lector-store-tests-" + UUID().uuidString
        store = try Store(path: directory + "/lector.sqlite")
    }

    var path: String { directory + "/lector.sqlite" }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// An account with one folder, one feed and `articles` articles.
    func seedAccount(name: String = "Home", articles: Int = 2) throws -> (Account, Folder, Feed, [Int64]) {
        let account = try store.accounts.insert(kind: .local, name: name)
        let folder = try store.folders.insert(accountID: account.id, serverID: "f-\(name)", name: "News")
        let feed = try store.feeds.insert(accountID: account.id, folderID: folder.id, serverID: "feed-\(name)",
                                          title: "\(name) Feed", url: "https://example.org/\(name).xml", siteURL: nil)
        var ids: [Int64] = []
        for index in 0..<articles {
            ids.append(try store.articles.upsert(accountID: account.id, feedID: feed.id, Self.article(index),
                                                 read: .unread).id)
        }
        return (account, folder, feed, ids)
    }

    static func article(_ index: Int, title: String? = nil) -> IncomingArticle {
        IncomingArticle(serverID: "item-\(index)", url: "https://example.org/\(index)", title: title ?? "Article \(index)",
                        text: "Body of article number \(index) about lighthouses", publishedAt: Double(1_700_000_000 + index))
    }

    func count(_ table: String) throws -> Int {
        try store.database.scalarInt("SELECT count(*) FROM \(table)")
    }
}
