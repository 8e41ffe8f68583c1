extension Schema {
    /// v33: the full-text index keeps the first three letters of every word as terms of their own
    /// (FTS5's `prefix` option), so a search typed in `browse` — a prefix at every key — reads one
    /// term's postings lazily, the last stored first, instead of merging the postings of every
    /// word that begins with the letters typed before handing out a row. Any other prefix is read
    /// through rows checked one by one (`SearchPrefixNarrowing`): a longer one through its first
    /// three letters, one or two letters (which begin a word of nearly every article) through the
    /// articles themselves. Keeping the one- and two-letter prefixes too (`'1 2 3'`) took 1.8× the
    /// room of this index at a million articles and 1.2–1.5× the time to index an article, for
    /// no faster key (docs/performance.md).
    ///
    /// FTS5 cannot add the option to an index: the index is made again and filled with the
    /// articles it held — those waiting in `search_backlog` stay there, indexed at the next
    /// search or sync as before.
    static let searchPrefixIndex = """
    DROP TABLE articles_fts;
    CREATE VIRTUAL TABLE articles_fts USING fts5 (
        title, text,
        content = 'articles', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2',
        prefix = '3'
    );
    INSERT INTO articles_fts (rowid, title, text)
        SELECT id, title, text FROM articles WHERE id NOT IN (SELECT article_id FROM search_backlog);
    """
}
