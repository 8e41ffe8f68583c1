import FoundationEssentials
import LectorSettings
import LectorSync

extension BackupStarredArticle {
    /// An archived entry as the backup's `starred` section writes it.
    init(_ entry: ArchivedEntry) {
        self.init(title: entry.title, url: entry.url, guid: entry.guid, author: entry.author, content: entry.contentHTML,
                  publishedAt: entry.publishedAt.map(BackupFormat.timestamp), updatedAt: entry.updatedAt.map(BackupFormat.timestamp),
                  feedTitle: entry.feedTitle, feedURL: entry.feedURL, siteURL: entry.siteURL, labels: entry.labels)
    }
}

extension ArchivedEntry {
    /// A backup's starred article as the archive works with it.
    init(_ article: BackupStarredArticle) {
        func date(_ text: String?) -> Date? {
            text.flatMap { (try? Date($0, strategy: .iso8601)) ?? (try? Date($0, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) }
        }
        self.init(title: article.title, url: article.url, guid: article.guid, author: article.author, contentHTML: article.content,
                  publishedAt: date(article.publishedAt), updatedAt: date(article.updatedAt), feedTitle: article.feedTitle,
                  feedURL: article.feedURL, siteURL: article.siteURL, labels: article.labels)
    }

    /// The article as `ArticleMatcher` looks for it.
    var wanted: WantedArticle {
        WantedArticle(title: title, url: url, guid: guid, feedTitle: feedTitle, publishedAt: publishedAt?.timeIntervalSince1970, labels: labels)
    }
}
