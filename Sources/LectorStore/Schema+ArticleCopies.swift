extension Schema {
    /// Each article's keys as a copy of a story (docs/reading.md, "One copy of each story"): its canonical address
    /// (`CanonicalAddress`), its guid (a local account's; a server's entry ids are its own), its
    /// title when long enough to tell stories apart (`GuardedTitle`) and the time it is listed
    /// under; `first_id`, the earliest stored copy it is a later copy of (NULL: it is a first
    /// copy, or the only one), and `matched_by`, the key that told; `handled`, what `sync.duplicates` did to it (`read`, `hide`).
    /// Rows are added in id order by `ArticleCopies.catchUp`, for the articles above the highest
    /// keyed id (an article SQLite stores gets an id above every stored one), and go with their
    /// article. What is stored when this step runs is keyed at the first catch-up.
    static let articleCopies = """
    CREATE TABLE article_copies (
        article_id INTEGER PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        address    TEXT,
        guid       TEXT,
        title      TEXT,
        listed_at  REAL NOT NULL,
        first_id   INTEGER,
        matched_by TEXT CHECK (matched_by IN ('address', 'guid', 'title')),
        handled    TEXT CHECK (handled IN ('read', 'hide'))
    );
    CREATE INDEX article_copies_by_address ON article_copies (address) WHERE address IS NOT NULL;
    CREATE INDEX article_copies_by_guid ON article_copies (guid) WHERE guid IS NOT NULL;
    CREATE INDEX article_copies_by_title ON article_copies (title, listed_at) WHERE title IS NOT NULL;
    CREATE INDEX article_copies_later ON article_copies (first_id) WHERE first_id IS NOT NULL;
    """
}
