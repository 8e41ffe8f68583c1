extension Schema {
    /// v15: an article is listed by `listed_at`: its publish date unless that is later than when
    /// it arrived, else when it arrived. A feed dating an entry next year kept it above everything
    /// for as long as it was stored. The time is a generated column, computed by SQLite when the
    /// row is written and kept in the two listing indexes (in the same order as before), so lists
    /// sort on a plain indexed column and no write path has to compute it.
    static let listedAt = """
    ALTER TABLE articles ADD COLUMN listed_at REAL GENERATED ALWAYS AS (min(coalesce(published_at, fetched_at), fetched_at)) VIRTUAL;
    DROP INDEX articles_by_time;
    DROP INDEX articles_by_feed_time;
    CREATE INDEX articles_by_time ON articles (listed_at, id);
    CREATE INDEX articles_by_feed_time ON articles (feed_id, listed_at, id);
    """
}
