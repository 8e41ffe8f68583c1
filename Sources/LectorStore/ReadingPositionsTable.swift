import FoundationEssentials

/// Where the reader stopped in an article: the line at the top of the screen, of `lineCount`
/// lines at the width it was read at.
public struct ReadingPosition: Sendable, Equatable {
    public var topLine: Int
    public var lineCount: Int

    public init(topLine: Int, lineCount: Int) {
        self.topLine = topLine
        self.lineCount = lineCount
    }

    /// The line to open at when the article now has `lines` lines (another width wraps it into
    /// more or fewer): the same fraction of the article.
    public func topLine(ofLines lines: Int) -> Int {
        guard lineCount > 0, lines > 0 else { return 0 }
        return lines == lineCount ? topLine : topLine * lines / lineCount
    }
}

/// Queries over `reading_positions` (schema v32): one row per article left part-way.
public struct ReadingPositionsTable {
    let database: Database

    /// Where the reader stopped in the article, or nil when it was not left part-way.
    public func position(of articleID: Int64) throws(StoreError) -> ReadingPosition? {
        try storeOperation {
            try database.query("SELECT top_line, line_count FROM reading_positions WHERE article_id = ?", articleID) {
                ReadingPosition(topLine: $0.int(0), lineCount: $0.int(1))
            }.first
        }
    }

    /// Keeps `position` for the article; nil, or a position at the top, takes its row away.
    public func save(_ position: ReadingPosition?, of articleID: Int64) throws(StoreError) {
        try storeOperation {
            guard let position, position.topLine > 0, position.lineCount > position.topLine else {
                try database.execute("DELETE FROM reading_positions WHERE article_id = ?", articleID)
                return
            }
            try database.execute("""
                INSERT INTO reading_positions (article_id, top_line, line_count, saved_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (article_id) DO UPDATE SET top_line = excluded.top_line, line_count = excluded.line_count,
                                                      saved_at = excluded.saved_at
                """, articleID, position.topLine, position.lineCount, Date().timeIntervalSince1970)
        }
    }

    /// How many articles have a position kept.
    public func count() throws(StoreError) -> Int {
        try storeOperation { try database.scalarInt("SELECT count(*) FROM reading_positions") }
    }
}
