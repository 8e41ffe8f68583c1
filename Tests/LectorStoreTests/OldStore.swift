import Foundation
@testable import LectorStore

/// A store as the Lector of schema version N left it, with a row in every table: the first N
/// steps applied, `user_version` N and, for N up to 16, no record of step names (the record came
/// with v17). Removed when the value goes away.
final class OldStore {
    /// The versions made before the record of step names.
    static let versionsBeforeNamedRecord = 1...16

    let directory: String
    let version: Int

    var path: String { directory + "/lector.sqlite" }

    init(version: Int) throws {
        directory = NSTemporaryDirectory() + "lector-old-store-" + UUID().uuidString
        self.version = version
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let database = try Database(path: path)
        try Migrator(Array(Schema.migrator.migrations.prefix(version))).migrate(database)
        if Self.versionsBeforeNamedRecord.contains(version) { try database.execute("DROP TABLE schema_migrations") }
        try Self.fill(database, version: version)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A row (or a few) in every table of schema `version`, each valid at that version. The
    /// articles are a remote account's: v5 rewrites a local article's id, and these rows must
    /// come out of every later step as they went in.
    static func fill(_ db: Database, version: Int) throws {
        try db.executeScript("""
            INSERT INTO accounts (id, kind, name, created_at) VALUES (1, 'local', 'Home', 1);
            INSERT INTO accounts (id, kind, name, url, username, is_default, needs_password, created_at)
                VALUES (2, 'freshrss', 'Remote', 'https://r.example/api/greader.php', 'ann', 1, 1, 2);
            INSERT INTO accounts (id, kind, name, url, username, created_at) VALUES (3, 'miniflux', 'Flux', 'https://flux.example', 'bo', 3);
            INSERT INTO accounts (id, kind, name, url, username, created_at) VALUES (4, 'fever', 'Fever', 'https://fever.example/fever.php', 'cy', 4);
            INSERT INTO accounts (id, kind, name, username, is_demo, created_at) VALUES (5, 'feedbin', 'Bin', 'di', 1, 5);
            INSERT INTO folders (id, account_id, server_id, name) VALUES (1, 2, 'user/-/label/News', 'News');
            INSERT INTO folders (id, account_id, server_id, name) VALUES (2, 1, 'Local', 'Local');
            INSERT INTO feeds (id, account_id, folder_id, server_id, title, url, site_url, created_at)
                VALUES (1, 2, 1, 'feed/1', 'Tide', 'https://tide.example/rss', 'https://tide.example/', 1);
            INSERT INTO feeds (id, account_id, folder_id, server_id, title, url, login_user, created_at)
                VALUES (2, 1, 2, 'https://home.example/rss', 'home.example', 'https://home.example/rss', 'me', 2);
            INSERT INTO feeds (id, account_id, server_id, title, url, created_at) VALUES (3, 3, '7', 'Flux feed', 'https://flux.example/f', 3);
            INSERT INTO articles (id, account_id, feed_id, server_id, url, title, author, summary, content_html, text, published_at, updated_at, fetched_at)
                VALUES (1, 2, 1, 's1', 'https://tide.example/1', 'Harbour', 'Ann', 'short', '<p>about lighthouses</p>', 'about lighthouses', 100, 101, 102);
            INSERT INTO articles (id, account_id, feed_id, server_id, title, text, fetched_at) VALUES (2, 2, 1, 's2', 'Quay', 'about boats', 103);
            INSERT INTO articles (id, account_id, feed_id, server_id, title, fetched_at) VALUES (3, 3, 3, '99', 'Flux article', 104);
            INSERT INTO article_state (article_id, read, starred, changed_at) VALUES (1, 'unread', 0, 5);
            INSERT INTO article_state (article_id, read, starred, changed_at) VALUES (2, 'read', 1, 6);
            INSERT INTO article_state (article_id, read, starred) VALUES (3, 'unknown', 0);
            INSERT INTO pending_intents (id, account_id, action, article_id, desired, created_at, in_flight) VALUES (1, 2, 'read', 1, 'true', 1, 1);
            INSERT INTO pending_intents (id, account_id, action, feed_id, desired, created_at, attempts) VALUES (2, 2, 'rename', 1, '"New"', 2, 3);
            INSERT INTO settings (key, value) VALUES ('reader.font', '"news"');
            INSERT INTO feed_fetch_meta (feed_id, etag, last_modified, failure_count, last_error) VALUES (2, 'e1', 'Mon', 1, 'timeout');
            INSERT INTO account_sync_meta (account_id, last_success_at, cursor) VALUES (2, 9, 'c1');
            INSERT INTO article_extracts (article_id, html, extracted_at) VALUES (1, '<p>x</p>', 1);
            INSERT INTO summaries (cache_key, article_id, text, created_at) VALUES ('k1', 1, 'in short', 1);
            INSERT INTO reading_list (id, account_id, url, title, added_at) VALUES (1, 1, 'https://home.example/a', 'Saved', 1);
            INSERT INTO app_meta (key, value) VALUES ('feed-check.2', '{"failures":1}');
            INSERT INTO app_meta (key, value) VALUES ('demo-dismissed', '1');
            """)
        if version >= 4 {
            try db.execute("INSERT INTO sync_claims (account_id, pid, token, claimed_at, heartbeat_at) VALUES (2, 123, 'tok', 1, 2)")
        }
        if version >= 11 {
            try db.execute("UPDATE accounts SET plain_http_host = 'r.example' WHERE id = 2")
        }
        if version >= 12 {
            try db.execute("INSERT INTO pending_scope_reads (account_id, feed_id, before, created_at) VALUES (2, 1, 100, 1)")
        }
        if version >= 14 {
            try db.execute("INSERT INTO restored_marks (feed_id, identity, read, starred) VALUES (2, 'g1', 1, 0)")
        }
    }

    /// The columns of every table (but the search index's own and the record of steps), by table.
    static func columns(_ db: Database) throws -> [String: [String]] {
        let tables = try db.query("""
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
               AND name NOT LIKE 'articles_fts%' AND name <> 'schema_migrations'
            """) { $0.string(0) }
        var columns: [String: [String]] = [:]
        for table in tables {
            columns[table] = try db.query("SELECT name FROM pragma_table_info(?)", table) { $0.string(0) }
        }
        return columns
    }

    /// Every row of the tables in `columns`, each as the text of the columns named there, sorted.
    static func rows(_ db: Database, of columns: [String: [String]]) throws -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for (table, names) in columns {
            let select = names.map { "quote(\"\($0)\")" }.joined(separator: " || ',' || ")
            rows[table] = try db.query("SELECT \(select) FROM \"\(table)\"") { $0.string(0) }.sorted()
        }
        return rows
    }

    static func pragma(_ db: Database, _ name: String) throws -> [String] {
        try db.query("PRAGMA \(name)") { row in (0..<row.columnCount).map { row.string(Int32($0)) }.joined(separator: " ") }
    }
}
