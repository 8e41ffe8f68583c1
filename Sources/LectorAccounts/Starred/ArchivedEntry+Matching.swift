import LectorBasics
import LectorSync

extension ArchivedEntry {
    /// The article as `ArticleMatcher` looks for it.
    var wanted: WantedArticle {
        WantedArticle(title: title, url: url, guid: guid, feedTitle: feedTitle, publishedAt: publishedAt?.timeIntervalSince1970, labels: labels)
    }
}
