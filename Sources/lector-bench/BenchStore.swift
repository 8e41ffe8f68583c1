import Foundation
import LectorStore
import LectorTestSupport

/// Builds a deterministic store of `feeds` feeds and `articles` articles for the start-up benchmark.
enum BenchStore {
    static let words = ["Swift", "Rust", "Daily", "Weekly", "Notes", "Journal", "Field", "Kitchen", "Garden", "Tech",
                        "Science", "Open", "Source", "Linux", "Coffee", "Music", "Film", "Travel", "Photo", "Code",
                        "Design", "Data", "Cloud", "Night", "Morning", "City", "River", "Mountain", "Ocean", "Book"]

    static func build(at path: String, feeds: Int, articles: Int) throws {
        try? FileManager.default.removeItem(atPath: path)
        let store = try Store(path: path)
        var generator = SeededGenerator(seed: 20_240_601)
        try store.database.write {
            let account = try store.accounts.insert(kind: .local, name: "Bench")
            let folders = try (0..<20).map { index in
                try store.folders.insert(accountID: account.id, serverID: "folder-\(index)", name: "Folder \(index) \(words[index])")
            }
            var feedIDs: [Int64] = []
            for index in 0..<feeds {
                let title = "\(words[Int(generator.next() % 30)]) \(words[Int(generator.next() % 30)]) \(index)"
                feedIDs.append(try store.feeds.insert(accountID: account.id, folderID: folders[index % folders.count].id,
                                                      serverID: "feed-\(index)", title: title,
                                                      url: "https://bench\(index).example/feed.xml", siteURL: nil).id)
            }
            let base = 1_700_000_000.0
            for index in 0..<articles {
                let feed = feedIDs[index % feedIDs.count]
                let title = (0..<6).map { _ in words[Int(generator.next() % 30)] }.joined(separator: " ")
                let text = (0..<40).map { _ in words[Int(generator.next() % 30)].lowercased() }.joined(separator: " ")
                let article = IncomingArticle(serverID: "a-\(index)", url: "https://bench.example/a/\(index)", title: title,
                                              summary: String(text.prefix(120)), contentHTML: "<p>\(text)</p>", text: text,
                                              publishedAt: base + Double(index) * 60)
                try store.articles.upsert(accountID: account.id, feedID: feed, article,
                                          read: generator.next() % 3 == 0 ? .read : .unread, starred: generator.next() % 20 == 0)
            }
        }
    }
}
