import FoundationEssentials
import LectorBasics

/// What `sync.duplicates` does to a later copy of a story: nothing, mark it read (queued for its
/// server as a hand-made mark is), or keep it out of lists here.
public enum DuplicateHandling: String, Sendable, CaseIterable {
    case off
    case markRead = "mark-read"
    case hide
}

/// One story stored more than once: its first copy (the earliest stored) and the later ones,
/// across feeds, folders and accounts.
public struct CopyGroup: Sendable, Equatable {
    public var first: Int64
    /// Each later copy and the key that told it is a copy (`address`, `guid`, `title`).
    public var later: [(id: Int64, matchedBy: String)]

    public static func == (left: CopyGroup, right: CopyGroup) -> Bool {
        left.first == right.first && left.later.map(\.id) == right.later.map(\.id) && left.later.map(\.matchedBy) == right.later.map(\.matchedBy)
    }
}

/// The copies of each story among the stored articles (`article_copies`; docs/reading.md, "One copy of each story").
/// Every article is keyed once, in id order, and told the earliest copy it repeats then: by the
/// same canonical address, the same guid (a local account's), or the same guarded title listed
/// within `titleWindow` of it. A later copy is never the first of another; the first copy is
/// left as it is, with its stars and labels.
public struct ArticleCopies {
    let database: Database

    /// How far apart two articles with the same guarded title may be listed and still be one story.
    public static let titleWindow: Double = 48 * 3600
    /// Above this many articles to key at once, the keys stored already are read into memory
    /// (one pass) instead of looked up one article at a time.
    static let bulkThreshold = 2_000
    /// Above this many articles to key into an empty table (a store's first keying), the table's
    /// indexes are dropped and built again once the rows are in: one sort per index instead of an
    /// insert at a random place of each for every article.
    static let indexRebuildThreshold = 50_000

    /// Keys the articles stored since the last catch-up; returns how many it keyed.
    /// `indexesBuiltAfter: false` keeps the indexes through a first keying (the benchmark's
    /// before).
    @discardableResult
    public func catchUp(indexesBuiltAfter: Bool = true) throws(StoreError) -> Int {
        try storeOperation {
            try database.write {
                let floor = Int64(try database.scalarInt("SELECT coalesce(max(article_id), 0) FROM article_copies"))
                let pending = try database.scalarInt("SELECT count(*) FROM articles WHERE id > ?", floor)
                guard pending > 0 else { return 0 }
                var indexes: [(name: String, sql: String)] = []
                if indexesBuiltAfter, floor == 0, pending > Self.indexRebuildThreshold {
                    // In the same transaction: a failure puts the indexes back with the rest.
                    indexes = try database.query("""
                        SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'article_copies' AND sql IS NOT NULL
                        """) { ($0.string(0), $0.string(1)) }
                    // The names are the schema's own, not outside text.
                    for index in indexes { try database.execute("DROP INDEX \(index.name)") }
                }
                var finder: any EarlierCopyFinder = pending > Self.bulkThreshold ? try MemoryCopyFinder(database: database)
                                                                                 : StoredCopyFinder(database: database)
                var keyed = 0
                _ = try database.query("""
                    SELECT a.id, a.url, a.server_id, c.kind = 'local', a.title, a.listed_at
                    FROM articles a JOIN accounts c ON c.id = a.account_id WHERE a.id > ? ORDER BY a.id
                    """, floor) { row in
                    let keys = CopyKeys(address: row.optionalString(1).flatMap(CanonicalAddress.key),
                                        guid: row.bool(3) ? CopyKeys.localGUID(row.string(2)) : nil,
                                        title: GuardedTitle.key(row.string(4)), listedAt: row.double(5))
                    let earlier = try finder.earlier(keys)
                    try database.execute("""
                        INSERT INTO article_copies (article_id, address, guid, title, listed_at, first_id, matched_by)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, row.int64(0), keys.address, keys.guid, keys.title, keys.listedAt, earlier?.first, earlier?.matchedBy)
                    finder.add(keys, id: row.int64(0), first: earlier?.first ?? row.int64(0))
                    keyed += 1
                }
                for index in indexes { try database.execute(index.sql) }
                return keyed
            }
        }
    }

    /// The groups with a later copy that passes the filters: in the account (nil: any), listed
    /// at or after `since`; first copies in order. The articles are keyed first.
    public func groups(accountID: Int64? = nil, since: Double? = nil) throws(StoreError) -> [CopyGroup] {
        try catchUp()
        return try storeOperation {
            var groups: [CopyGroup] = []
            _ = try database.query("""
                SELECT c.first_id, c.article_id, c.matched_by FROM article_copies c JOIN articles a ON a.id = c.article_id
                WHERE c.first_id IS NOT NULL AND (?1 IS NULL OR a.account_id = ?1) AND (?2 IS NULL OR c.listed_at >= ?2)
                ORDER BY c.first_id, c.article_id
                """, accountID, since) { row in
                let first = row.int64(0)
                if groups.last?.first != first { groups.append(CopyGroup(first: first, later: [])) }
                groups[groups.count - 1].later.append((row.int64(1), row.string(2)))
            }
            return groups
        }
    }

    /// The later copies `handle` may act on among the articles of the account a sync brought in
    /// (the rule backlog): not handled yet and not starred.
    public func newLaterCopies(accountID: Int64) throws(StoreError) -> [Int64] {
        try catchUp()
        return try storeOperation {
            try database.query("""
                SELECT c.article_id FROM rule_backlog b JOIN article_copies c ON c.article_id = b.article_id
                LEFT JOIN article_state s ON s.article_id = c.article_id
                WHERE b.account_id = ? AND c.first_id IS NOT NULL AND c.handled IS NULL AND coalesce(s.starred, 0) = 0
                ORDER BY c.article_id
                """, accountID) { $0.int64(0) }
        }
    }

    /// Marks read or hides the later copies given, in one transaction, leaving out any starred
    /// (a starred copy is never hidden or marked) and any handled before; records what it did.
    /// Returns the articles it acted on and how many of them changed (a copy read already is
    /// recorded, not changed).
    @discardableResult
    public func handle(_ ids: [Int64], as handling: DuplicateHandling) throws(StoreError) -> (acted: [Int64], changed: Int) {
        guard handling != .off, !ids.isEmpty else { return ([], 0) }
        return try storeOperation {
            try database.write {
                var acted: [Int64] = []
                for id in ids {
                    let eligible = try database.queryFirst("""
                        SELECT 1 FROM article_copies c LEFT JOIN article_state s ON s.article_id = c.article_id
                        WHERE c.article_id = ? AND c.first_id IS NOT NULL AND c.handled IS NULL AND coalesce(s.starred, 0) = 0
                        """, id) { _ in true } ?? false
                    guard eligible else { continue }
                    try database.execute("UPDATE article_copies SET handled = ? WHERE article_id = ?",
                                         handling == .hide ? "hide" : "read", id)
                    acted.append(id)
                }
                let changed = handling == .markRead ? try ArticleStateChanges(database: database).setRead(acted, to: .read) : acted.count
                return (acted, changed)
            }
        }
    }

    /// Whether the account's next sweep treats what it finds as old (a restored account's first
    /// sync): its copies are then left as they are, as the rules leave them.
    public func sweepsAsOld(accountID: Int64) throws(StoreError) -> Bool {
        try storeOperation { try database.scalarInt("SELECT EXISTS (SELECT 1 FROM rule_sweep_old WHERE account_id = ?)", accountID) == 1 }
    }
}

/// An article's keys as a copy.
struct CopyKeys {
    var address: String?
    var guid: String?
    var title: String?
    var listedAt: Double

    /// A local article's own guid (its id is `FEED/GUID`, `LocalArticleID`), when it tells a
    /// story apart: not one Lector made up from a link or a title (`sha256:`, the address
    /// and title keys judge those), and not a short or bare number ("1", "42") that feeds reuse.
    static func localGUID(_ serverID: String) -> String? {
        guard let slash = serverID.firstIndex(of: "/") else { return nil }
        let guid = serverID[serverID.index(after: slash)...]
        guard guid.count >= 12, !guid.hasPrefix("sha256:"), !guid.allSatisfy(\.isNumber) else { return nil }
        return String(guid)
    }
}

/// Finds the earliest stored copy an article repeats, keys taken in id order.
protocol EarlierCopyFinder {
    mutating func earlier(_ keys: CopyKeys) throws -> (first: Int64, matchedBy: String)?
    mutating func add(_ keys: CopyKeys, id: Int64, first: Int64)
}

extension EarlierCopyFinder {
    /// The earliest of the firsts each key found, and that key (address before guid before title).
    static func earliest(_ found: [(Int64?, String)]) -> (first: Int64, matchedBy: String)? {
        found.compactMap { first, key in first.map { ($0, key) } }.min { $0.0 < $1.0 }
    }
}

/// Asks the stored keys' indexes, article by article: a sync's few new articles.
struct StoredCopyFinder: EarlierCopyFinder {
    let database: Database

    func earlier(_ keys: CopyKeys) throws -> (first: Int64, matchedBy: String)? {
        func first(_ column: String, _ value: String?) throws -> Int64? {
            guard let value else { return nil }
            return try database.queryFirst("SELECT min(coalesce(first_id, article_id)) FROM article_copies WHERE \(column) = ?", value) {
                $0.isNull(0) ? nil : $0.int64(0)
            } ?? nil
        }
        var title: Int64?
        if let key = keys.title {
            title = try database.queryFirst("""
                SELECT min(coalesce(first_id, article_id)) FROM article_copies WHERE title = ? AND listed_at BETWEEN ? AND ?
                """, key, keys.listedAt - ArticleCopies.titleWindow, keys.listedAt + ArticleCopies.titleWindow) {
                $0.isNull(0) ? nil : $0.int64(0)
            } ?? nil
        }
        return Self.earliest([(try first("address", keys.address), "address"), (try first("guid", keys.guid), "guid"), (title, "title")])
    }

    func add(_ keys: CopyKeys, id: Int64, first: Int64) {}
}

/// Holds every key in memory, read once: a first catch-up over a large store.
struct MemoryCopyFinder: EarlierCopyFinder {
    var addresses: [String: Int64] = [:]
    var guids: [String: Int64] = [:]
    var titles: [String: [(listedAt: Double, first: Int64)]] = [:]

    init(database: Database) throws {
        let stored = try database.query("""
            SELECT article_id, address, guid, title, listed_at, coalesce(first_id, article_id) FROM article_copies
            WHERE address IS NOT NULL OR guid IS NOT NULL OR title IS NOT NULL ORDER BY article_id
            """) { row in
            (CopyKeys(address: row.optionalString(1), guid: row.optionalString(2), title: row.optionalString(3), listedAt: row.double(4)),
             row.int64(0), row.int64(5))
        }
        for (keys, id, first) in stored { add(keys, id: id, first: first) }
    }

    func earlier(_ keys: CopyKeys) -> (first: Int64, matchedBy: String)? {
        // The earliest first within the window, without an array per article.
        var title: Int64?
        for copy in keys.title.flatMap({ titles[$0] }) ?? [] where abs(copy.listedAt - keys.listedAt) <= ArticleCopies.titleWindow {
            title = min(title ?? copy.first, copy.first)
        }
        return Self.earliest([(keys.address.flatMap { addresses[$0] }, "address"), (keys.guid.flatMap { guids[$0] }, "guid"), (title, "title")])
    }

    mutating func add(_ keys: CopyKeys, id: Int64, first: Int64) {
        if let address = keys.address, addresses[address] == nil { addresses[address] = first }
        if let guid = keys.guid, guids[guid] == nil { guids[guid] = first }
        if let title = keys.title { titles[title, default: []].append((keys.listedAt, first)) }
    }
}
