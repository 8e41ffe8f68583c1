extension Schema {
    /// v6: a feed's or a folder's articles are listed from an index in time order.
    ///
    /// `articles_by_feed` (feed, publish date) did not order by the listing time
    /// (`coalesce(published_at, fetched_at)`), and a filter written `?2 IS NULL OR feed_id = ?2`
    /// could not use it anyway: `article list --feed` walked every article newest first until it
    /// met fifty of that feed's (for a quiet feed, the whole table), and `--folder` sorted all of
    /// the folder's articles to show fifty (50,000 rows at 1,000,000 articles). With the time as
    /// the second column, a feed's page is one index range and a folder's is at most fifty per
    /// feed, merged. The old index goes, so a sync still maintains as many indexes per article.
    static let feedListingIndex = """
    CREATE INDEX articles_by_feed_time ON articles (feed_id, coalesce(published_at, fetched_at), id);
    DROP INDEX articles_by_feed;
    """
}
