extension Schema {
    /// v8: each feed counts its starred articles, as it counts its unread ones.
    ///
    /// The list's header ("N starred") counted the starred index: its cost grew with the number of
    /// starred articles (30,000 at a million, 1.5× the whole `article list` at ten thousand).
    /// Triggers keep the count the way v1's keep `unread_count`; the sum over feeds stays as
    /// small as the feed list.
    static let feedStarredCount = """
    ALTER TABLE feeds ADD COLUMN starred_count INTEGER NOT NULL DEFAULT 0;
    UPDATE feeds SET starred_count = (
        SELECT count(*) FROM articles a JOIN article_state s ON s.article_id = a.id
         WHERE a.feed_id = feeds.id AND s.starred = 1);

    -- Deleting an article settles its starred count before the cascade removes its state.
    CREATE TRIGGER feed_starred_article_delete BEFORE DELETE ON articles BEGIN
        UPDATE feeds SET starred_count = starred_count
               - (SELECT count(*) FROM article_state WHERE article_id = old.id AND starred = 1)
         WHERE id = old.feed_id;
    END;
    CREATE TRIGGER feed_starred_article_move AFTER UPDATE OF feed_id ON articles WHEN old.feed_id <> new.feed_id BEGIN
        UPDATE feeds SET starred_count = starred_count
               - (SELECT count(*) FROM article_state WHERE article_id = new.id AND starred = 1)
         WHERE id = old.feed_id;
        UPDATE feeds SET starred_count = starred_count
               + (SELECT count(*) FROM article_state WHERE article_id = new.id AND starred = 1)
         WHERE id = new.feed_id;
    END;
    CREATE TRIGGER feed_starred_state_insert AFTER INSERT ON article_state WHEN new.starred = 1 BEGIN
        UPDATE feeds SET starred_count = starred_count + 1 WHERE id = (SELECT feed_id FROM articles WHERE id = new.article_id);
    END;
    CREATE TRIGGER feed_starred_state_update AFTER UPDATE OF starred ON article_state WHEN old.starred <> new.starred BEGIN
        UPDATE feeds SET starred_count = starred_count + (CASE WHEN new.starred = 1 THEN 1 ELSE -1 END)
         WHERE id = (SELECT feed_id FROM articles WHERE id = new.article_id);
    END;
    CREATE TRIGGER feed_starred_state_delete AFTER DELETE ON article_state WHEN old.starred = 1 BEGIN
        UPDATE feeds SET starred_count = starred_count - 1 WHERE id = (SELECT feed_id FROM articles WHERE id = old.article_id);
    END;
    """
}
