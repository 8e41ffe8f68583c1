import FoundationEssentials
import LectorFeeds
import LectorStore

/// `opml export`: an account's feeds and folders as OPML, every feed with `htmlUrl` and its
/// server settings as `lector:` attributes (as the server last acknowledged them; secrets never),
/// so that `feed apply` of the file plans nothing on the same account.
public enum SubscriptionExport {
    public static func document(of account: Account, in store: Store) throws(StoreError) -> (document: OPMLDocument, feeds: Int) {
        // A feed kept after it left the server's list is not one of the account's subscriptions.
        let departed = try store.feeds.leftServer(accountID: account.id)
        let listings = try store.feeds.list(accountID: account.id).filter { !departed.contains($0.feed.id) }
        var feeds: [OPMLDocument.Feed] = []
        for listing in listings {
            // Readers expect htmlUrl on every feed: the site when known, else the feed's own site root.
            var feed = OPMLDocument.Feed(title: listing.feed.title, xmlURL: listing.feed.url,
                                         htmlURL: listing.feed.siteURL ?? siteRoot(of: listing.feed.url), folder: listing.folderName)
            let attributes = FeedSettingsOPML.attributes(try store.feedSettings.keyed(feedID: listing.feed.id))
            if !attributes.isEmpty { feed.extensions[OPMLDocument.lectorNamespace] = attributes }
            feeds.append(feed)
        }
        return (OPMLDocument(title: "Lector: \(account.name)", feeds: feeds), listings.count)
    }

    /// `https://host/` of a feed address, for feeds whose site address is not known.
    static func siteRoot(of feedURL: String) -> String? {
        guard var parts = URLComponents(string: feedURL), parts.host != nil else { return nil }
        parts.path = "/"
        parts.query = nil
        parts.fragment = nil
        parts.user = nil
        parts.password = nil
        return parts.url?.absoluteString
    }
}
