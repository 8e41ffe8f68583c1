import Foundation
import LectorTestSupport

/// A small programmatic seed: two folders, three feeds, six items.
func seededStore(defaultFolder: String = "Uncategorized") -> FeedStore {
    let store = FeedStore(defaultFolderName: defaultFolder)
    let tech = store.addFeed(title: "Tech & Co", feedURL: "http://feeds.test/tech.rss", siteURL: "http://feeds.test/tech/", folder: "Tech")
    let notes = store.addFeed(title: "Notes", feedURL: "http://feeds.test/notes.atom", siteURL: "http://feeds.test/notes/", folder: "Tech")
    let news = store.addFeed(title: "News", feedURL: "http://feeds.test/news.rdf", folder: "News")
    for (index, feed) in [tech, tech, notes, notes, news, news].enumerated() {
        store.addItem(feed: feed, title: "Item \(index)", url: "http://feeds.test/\(index)", content: "<p>\(index)</p>",
                      author: index.isMultiple(of: 2) ? "Ada" : nil, published: 1_700_000_000 + Int64(index) * 60,
                      read: index == 0, starred: index == 1)
    }
    store.addRemoteFeed(RemoteFeed(feedURL: "http://feeds.test/podcast.rss", siteURL: "http://feeds.test/podcast/",
                                   title: "Podcast", entries: [RemoteEntry(title: "Ep 1", url: "http://feeds.test/ep1", published: 1_700_001_000)]))
    return store
}

/// Parses a JSON object body.
func jsonObject(_ data: Data) -> [String: Any] {
    ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
}

/// Parses a JSON array body.
func jsonArray(_ data: Data) -> [Any] {
    ((try? JSONSerialization.jsonObject(with: data)) as? [Any]) ?? []
}
