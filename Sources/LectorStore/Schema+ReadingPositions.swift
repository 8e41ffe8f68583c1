extension Schema {
    /// `reading_positions`: where the reader stopped in an article (`reader.remember-position`):
    /// the line at the top of the screen and how many lines the article had at the width it was
    /// read at, so a reopen at another width lands on the same fraction of it. Only articles
    /// left part-way have a row (back at the top, the row goes); they go with the article.
    static let readingPositions = """
    CREATE TABLE reading_positions (
        article_id INTEGER PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        top_line   INTEGER NOT NULL CHECK (top_line > 0),
        line_count INTEGER NOT NULL CHECK (line_count > top_line),
        saved_at   REAL    NOT NULL
    );
    """
}
