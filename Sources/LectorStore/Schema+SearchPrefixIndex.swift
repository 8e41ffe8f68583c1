extension Schema {
    /// v33: the full-text index keeps the first one, two and three letters of every word as
    /// terms of their own (FTS5's `prefix` option), so a search typed in `browse` — a prefix at
    /// every key — reads one term's postings lazily, the last stored first, instead of merging
    /// the postings of every word that begins with the letters typed before handing out a row:
    /// `s*` alone cost SQLite 258 ms of CPU on a million articles, a page of it now under 1 ms.
    /// (A longer prefix is read through its first three letters: `SearchPrefixNarrowing`.)
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
        prefix = '1 2 3'
    );
    INSERT INTO articles_fts (rowid, title, text)
        SELECT id, title, text FROM articles WHERE id NOT IN (SELECT article_id FROM search_backlog);
    """
}
