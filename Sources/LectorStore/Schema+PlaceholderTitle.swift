import FoundationEssentials

extension Schema {
    /// v13: a feed's title can be one Lector made up (its host, for a feed listed without a
    /// title), kept apart from a real one: the feed's own title replaces it at the first fetch,
    /// and it is never sent to a server as the feed's title.
    ///
    /// Local feeds named after their host or their address were so named by Lector: they are
    /// flagged on the way, so their next fetch names them too.
    static let placeholderTitle = """
    ALTER TABLE feeds ADD COLUMN title_is_placeholder INTEGER NOT NULL DEFAULT 0 CHECK (title_is_placeholder IN (0, 1));
    """

    static func flagMadeUpTitles(_ db: Database) throws {
        let local = try db.query("""
            SELECT f.id, f.title, f.url FROM feeds f JOIN accounts a ON a.id = f.account_id WHERE a.kind = 'local'
            """) { ($0.int64(0), $0.string(1), $0.string(2)) }
        for (id, title, url) in local where title == url || title == URL(string: url)?.host {
            try db.execute("UPDATE feeds SET title_is_placeholder = 1 WHERE id = ?", id)
        }
    }
}
