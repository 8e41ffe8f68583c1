import Foundation
import LectorTestSupport

/// The account `scale` syncs: 100 feeds in 20 folders, articles of ~60 words drawn from a
/// made-up vocabulary of a few thousand words, plus three planted search terms whose share is
/// fixed so their hit counts grow with the account: rare (1 in 10,000), medium (1 in 100) and
/// common (1 in 3).
enum ScaleCorpus {
    static let terms: [(name: String, word: String, every: Int)] = [("rare", "quasar", 10_000), ("medium", "harbor", 100),
                                                                    ("common", "river", 3)]
    static let folders = 20
    static let feedsPerFolder = 5

    /// The words the articles are made of (besides the planted terms).
    static let vocabulary: [String] = (0..<4_096).map { (index: Int) -> String in
        let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "te", "vo", "zi", "pe", "da", "fo", "gu", "hi", "ja", "ba"]
        let length = 2 + index % 3
        return (0..<length).map { (shift: Int) -> String in syllables[(index >> (shift * 4)) % 16] }.joined()
    }

    static func build(items count: Int) -> FeedStore {
        var generator = SeededGenerator(seed: 19_000 + UInt64(count))
        let store = FeedStore()
        var feeds: [Int] = []
        for folder in 0..<folders {
            for feed in 0..<feedsPerFolder {
                feeds.append(store.addFeed(title: "Feed \(folder)-\(feed)", feedURL: "https://scale\(folder)-\(feed).example/feed.xml",
                                           siteURL: "https://scale\(folder)-\(feed).example/", folder: "Folder \(folder)"))
            }
        }
        let firstID: Int64 = 1_600_000_000_000_000
        for index in 0..<count {
            var words = (0..<60).map { _ in vocabulary[generator.below(vocabulary.count)] }
            for term in terms where index % term.every == term.every / 2 { words[generator.below(words.count)] = term.word }
            let title = words.prefix(8).joined(separator: " ")
            store.addItem(id: firstID + Int64(index) * 1_000, feed: feeds[index % feeds.count], title: title,
                          url: "https://scale.example/\(index)", content: "<p>" + words.joined(separator: " ") + "</p>",
                          published: 1_600_000_000 + Int64(index) * 30, read: index % 3 == 0, starred: index % 50 == 0)
        }
        return store
    }
}
