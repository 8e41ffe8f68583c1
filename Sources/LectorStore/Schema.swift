/// The store's schema, as an ordered list of migrations. Append new steps; never edit or rename old ones
/// (a step's name is how a store records that it was applied).
public enum Schema {
    public static let migrator = Migrator([
        Migration("v1: accounts, feeds, articles, state, intents, settings, reading list, fetch and sync metadata, FTS") { db in
            try db.executeScript(version1)
        },
        Migration("v2: the search index is fed in bulk from a backlog of new articles") { db in
            try db.executeScript(version2)
        },
        Migration("v3: an index for listing articles by time") { db in
            try db.executeScript(version3)
        },
        Migration("v4: intent generations, so an acknowledgement removes only what was sent; per-account sync claims") { db in
            try db.executeScript(version4)
        },
        Migration("v5: a local account's articles are keyed by feed and guid") { db in
            try db.executeScript(feedScopedLocalArticles)
        },
        Migration("v6: an index for listing a feed's or a folder's articles by time") { db in
            try db.executeScript(feedListingIndex)
        },
        Migration("v7: an index for completing feed titles in order") { db in
            try db.executeScript(feedTitleIndex)
        },
        Migration("v8: each feed counts its starred articles") { db in
            try db.executeScript(feedStarredCount)
        },
        Migration("v9: an index of the feeds whose address may carry a login") { db in
            try db.executeScript(feedAddressLoginIndex)
        },
        Migration("v10: a feed's check record goes with the feed") { db in
            try db.executeScript(feedCheckRecordCleanup)
        },
        Migration("v11: the consent to plain http is kept with the account or feed") { db in
            try db.executeScript(plainHTTPConsent)
        },
        Migration("v12: a mark-all-read is one queued intent per scope, with the time it was asked") { db in
            try db.executeScript(scopeReads)
        },
        Migration("v13: a feed's title may be a placeholder Lector made up") { db in
            try db.executeScript(placeholderTitle)
            try flagMadeUpTitles(db)
        },
        Migration("v14: marks restored from a backup wait for their articles") { db in
            try db.executeScript(restoredMarks)
        },
        Migration("v15: articles are listed by a stored time that a date in the future cannot raise") { db in
            try db.executeScript(listedAt)
        },
        Migration("v16: a folder remembers whether it came from the server") { db in
            try db.executeScript(folderOrigin)
        },
        Migration("v17: an account's kind is checked by the store, not by a constraint") { db in
            try db.executeScript(accountKindUnchecked)
        },
        Migration("v18: a local account made for one command is provisional until something is put in it") { db in
            try db.executeScript(provisionalAccounts)
        },
        Migration("v19: a feed may be paused, and keeps the server settings the server acknowledged") { db in
            try db.executeScript(feedServerSettings)
        },
        Migration("v20: rules, the articles each rule acted on, and saved searches") { db in
            try db.executeScript(rules)
        },
        Migration("v21: labels, the articles that carry them, and label changes not sent yet") { db in try db.executeScript(labels) },
        Migration("v22: the lines a rule pushed to server filters, and whether it was pushed") { db in try db.executeScript(ruleServerLines) },
        Migration("v23: a feed the server stopped listing keeps the user's articles") { db in try db.executeScript(departedFeeds) },
        Migration("v24: articles wait in a backlog until the rules swept them; a restored account's first articles count as old") { db in
            try db.executeScript(ruleBacklog)
        },
        Migration("v25: the undo journal: each change to read, starred and labels with the state before it") { db in
            try db.executeScript(undoJournal)
        },
        Migration("v26: each article's keys as a copy of a story, the earlier copy it repeats, and what sync.duplicates did to it") { db in
            try db.executeScript(articleCopies)
        },
        Migration("v28: a restored account's starred articles wait in the store for its first sync after its secret is given") { db in
            try db.executeScript(starredWaiting)
        },
        Migration("v32: where the reader stopped in each article left part-way (reader.remember-position)") { db in
            try db.executeScript(readingPositions)
        },
        Migration("v33: the search index keeps each word's first three letters, so a search typed a letter at a time reads a page lazily") { db in
            try db.executeScript(searchPrefixIndex)
        },
    ])

    static let version1 = """
    CREATE TABLE accounts (
        id             INTEGER PRIMARY KEY,
        kind           TEXT    NOT NULL CHECK (kind IN ('local', 'freshrss', 'miniflux', 'fever', 'feedbin')),
        name           TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
        url            TEXT,
        username       TEXT,
        is_default     INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
        is_demo        INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),
        needs_password INTEGER NOT NULL DEFAULT 0 CHECK (needs_password IN (0, 1)),
        created_at     REAL    NOT NULL
    );
    -- At most one default account.
    CREATE UNIQUE INDEX accounts_single_default ON accounts (is_default) WHERE is_default = 1;

    CREATE TABLE folders (
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        server_id  TEXT    NOT NULL,
        name       TEXT    NOT NULL CHECK (length(trim(name)) > 0),
        UNIQUE (account_id, server_id),
        UNIQUE (account_id, name)
    );

    CREATE TABLE feeds (
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        folder_id  INTEGER REFERENCES folders (id) ON DELETE SET NULL,
        server_id  TEXT    NOT NULL,
        title      TEXT    NOT NULL,
        url        TEXT    NOT NULL,
        site_url   TEXT,
        -- The user name of a feed behind a login; its secret is in the keyring, never here.
        login_user TEXT,
        created_at REAL    NOT NULL,
        -- Kept in step by triggers below, so listings never count 100,000 rows.
        article_count INTEGER NOT NULL DEFAULT 0,
        unread_count  INTEGER NOT NULL DEFAULT 0,
        UNIQUE (account_id, server_id)
    );
    CREATE INDEX feeds_by_folder ON feeds (folder_id);

    CREATE TABLE articles (
        id           INTEGER PRIMARY KEY,
        account_id   INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        feed_id      INTEGER NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
        server_id    TEXT    NOT NULL,
        url          TEXT,
        title        TEXT    NOT NULL DEFAULT '',
        author       TEXT,
        summary      TEXT,
        content_html TEXT,
        text         TEXT    NOT NULL DEFAULT '',
        published_at REAL,
        updated_at   REAL,
        fetched_at   REAL    NOT NULL,
        UNIQUE (account_id, server_id)
    );
    CREATE INDEX articles_by_feed ON articles (feed_id, published_at);
    CREATE INDEX articles_by_date ON articles (account_id, published_at);

    CREATE TABLE article_state (
        article_id INTEGER PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        read       TEXT    NOT NULL DEFAULT 'unknown' CHECK (read IN ('read', 'unread', 'unknown')),
        starred    INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
        changed_at REAL
    );
    CREATE INDEX article_state_unread ON article_state (read) WHERE read = 'unread';
    CREATE INDEX article_state_starred ON article_state (starred) WHERE starred = 1;

    -- What the user did that the server has not acknowledged yet. Repeated changes to the same
    -- target collapse into one row; in_flight marks rows selected for the current push.
    CREATE TABLE pending_intents (
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        action     TEXT    NOT NULL CHECK (action IN ('read', 'starred', 'subscribe', 'unsubscribe', 'rename', 'move')),
        article_id INTEGER REFERENCES articles (id) ON DELETE CASCADE,
        feed_id    INTEGER REFERENCES feeds (id) ON DELETE CASCADE,
        desired    TEXT    NOT NULL CHECK (json_valid(desired)),
        created_at REAL    NOT NULL,
        attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        in_flight  INTEGER NOT NULL DEFAULT 0 CHECK (in_flight IN (0, 1)),
        CHECK (article_id IS NOT NULL OR feed_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX pending_intents_per_article ON pending_intents (article_id, action) WHERE article_id IS NOT NULL;
    CREATE UNIQUE INDEX pending_intents_per_feed ON pending_intents (feed_id, action) WHERE article_id IS NULL;

    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL CHECK (json_valid(value))
    );

    CREATE TABLE feed_fetch_meta (
        feed_id         INTEGER PRIMARY KEY REFERENCES feeds (id) ON DELETE CASCADE,
        etag            TEXT,
        last_modified   TEXT,
        body_hash       TEXT,
        next_fetch_at   REAL,
        failure_count   INTEGER NOT NULL DEFAULT 0 CHECK (failure_count >= 0),
        last_fetched_at REAL,
        last_error      TEXT
    );

    CREATE TABLE account_sync_meta (
        account_id      INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        last_started_at REAL,
        last_success_at REAL,
        last_error      TEXT,
        cursor          TEXT
    );

    -- Full content extracted from an article's page, merged with the feed's own content.
    CREATE TABLE article_extracts (
        article_id   INTEGER PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        html         TEXT NOT NULL,
        extracted_at REAL NOT NULL
    );

    -- Finished AI summaries, keyed by article, provider, model and prompt.
    CREATE TABLE summaries (
        cache_key  TEXT PRIMARY KEY,
        article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        text       TEXT NOT NULL,
        created_at REAL NOT NULL
    );

    -- Articles saved for later; kept by URL so an entry outlives the article's sync window.
    CREATE TABLE reading_list (
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        url        TEXT    NOT NULL,
        title      TEXT    NOT NULL,
        added_at   REAL    NOT NULL,
        UNIQUE (account_id, url)
    );

    -- Small facts about this installation (e.g. whether the demo library was dismissed).
    CREATE TABLE app_meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );

    -- Per-feed counters. Deleting an article settles its unread count before the cascade removes
    -- its state; by then the state trigger finds no article and changes nothing.
    CREATE TRIGGER feed_counts_article_insert AFTER INSERT ON articles BEGIN
        UPDATE feeds SET article_count = article_count + 1 WHERE id = new.feed_id;
    END;
    CREATE TRIGGER feed_counts_article_delete BEFORE DELETE ON articles BEGIN
        UPDATE feeds SET article_count = article_count - 1,
               unread_count = unread_count - (SELECT count(*) FROM article_state WHERE article_id = old.id AND read = 'unread')
         WHERE id = old.feed_id;
    END;
    CREATE TRIGGER feed_counts_article_move AFTER UPDATE OF feed_id ON articles WHEN old.feed_id <> new.feed_id BEGIN
        UPDATE feeds SET article_count = article_count - 1,
               unread_count = unread_count - (SELECT count(*) FROM article_state WHERE article_id = new.id AND read = 'unread')
         WHERE id = old.feed_id;
        UPDATE feeds SET article_count = article_count + 1,
               unread_count = unread_count + (SELECT count(*) FROM article_state WHERE article_id = new.id AND read = 'unread')
         WHERE id = new.feed_id;
    END;
    CREATE TRIGGER feed_counts_state_insert AFTER INSERT ON article_state WHEN new.read = 'unread' BEGIN
        UPDATE feeds SET unread_count = unread_count + 1 WHERE id = (SELECT feed_id FROM articles WHERE id = new.article_id);
    END;
    CREATE TRIGGER feed_counts_state_update AFTER UPDATE OF read ON article_state
    WHEN (old.read = 'unread') <> (new.read = 'unread') BEGIN
        UPDATE feeds SET unread_count = unread_count + (CASE WHEN new.read = 'unread' THEN 1 ELSE -1 END)
         WHERE id = (SELECT feed_id FROM articles WHERE id = new.article_id);
    END;
    CREATE TRIGGER feed_counts_state_delete AFTER DELETE ON article_state WHEN old.read = 'unread' BEGIN
        UPDATE feeds SET unread_count = unread_count - 1 WHERE id = (SELECT feed_id FROM articles WHERE id = old.article_id);
    END;

    CREATE VIRTUAL TABLE articles_fts USING fts5 (
        title, text,
        content = 'articles', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
        INSERT INTO articles_fts (rowid, title, text) VALUES (new.id, new.title, new.text);
    END;
    CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
        INSERT INTO articles_fts (articles_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
    END;
    CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, text ON articles BEGIN
        INSERT INTO articles_fts (articles_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
        INSERT INTO articles_fts (rowid, title, text) VALUES (new.id, new.title, new.text);
    END;
    """
}
