/// A search typed in `browse` (arrival order, one page) whose last word is not one of the
/// index's prefix terms (`Schema.searchPrefixIndex` keeps each word's first three letters).
/// FTS5 answers such a prefix by merging the postings of every word that begins with it before it
/// hands out a row (`swif*` cost SQLite 40 ms of CPU at a million articles, `s*` 258 ms, where
/// `swi*` costs 0.5 ms from the prefix index). So the page is read from rows that hold for the
/// rest of the search, newest first and lazily, keeping those whose title or text has a word that
/// begins with the whole prefix, checked with the index's own tokenizer: the same rows in the same
/// order as the full search. A longer prefix is read as the hits of its first three letters; one
/// of one or two letters (which begins a word of nearly every article) as the hits of the other
/// words, the last matched whole, or with no other word as the articles the last stored first.
/// When the first `candidateLimit` rows do not fill the page (the prefix is rare among them), the
/// full search runs after all — it is cheap then, its postings being few.
struct SearchPrefixNarrowing {
    /// The prefix the index keeps as terms of its own (`prefix = '3'`).
    static let indexedPrefix = 3

    /// The query with its last word cut to its first `indexedPrefix` letters, and as many rows.
    let candidates: ArticleQuery
    /// The last word, folded and stemmed as the index stores words, that a kept row must begin a word with.
    private let prefix: [UInt8]
    private let tokenizer: SearchTokenizer

    init?(_ query: ArticleQuery, tokenizer: SearchTokenizer) {
        guard query.searchByArrival, query.offset == 0, !query.fromEnd, query.limit > 0, let search = query.search else { return nil }
        var words = FTS5Query.words(in: search)
        guard let last = words.popLast() else { return nil }
        // A word the tokenizer cuts in two is a phrase; its prefix is left to FTS5.
        let stems = tokenizer.tokens(of: String(last), .prefixQuery)
        guard stems.count == 1, let stem = stems.first else { return nil }
        let scalars = String(decoding: stem, as: UTF8.self).unicodeScalars
        guard scalars.count != Self.indexedPrefix else { return nil }
        var candidates = query
        candidates.limit = Self.candidateLimit(query.limit, prefixLength: scalars.count)
        prefix = stem
        self.tokenizer = tokenizer
        guard scalars.count > Self.indexedPrefix else {
            // Shorter than the index's prefixes: the other words' hits, or every article.
            candidates.search = words.isEmpty ? nil : words.joined(separator: " ")
            candidates.lastWordWhole = true
            candidates.byArrival = true
            candidates.newestFirst = true
            self.candidates = candidates
            return
        }
        var head = ""
        head.unicodeScalars.append(contentsOf: scalars.prefix(Self.indexedPrefix))
        // The cut must be a term of the index as it stands: the tokenizer leaves it as it is.
        guard tokenizer.tokens(of: head, .prefixQuery) == [Array(head.utf8)] else { return nil }
        candidates.search = (words.map(String.init) + [head]).joined(separator: " ")
        self.candidates = candidates
    }

    /// How many rows are read and checked before the full search is run instead: four pages of
    /// a longer prefix's first three letters; for one or two letters, which begin a word of
    /// nearly every article, a bound that still costs a key little when they are rare.
    static func candidateLimit(_ limit: Int, prefixLength: Int) -> Int {
        prefixLength > indexedPrefix ? max(limit * 4, 64) : max(limit * 8, 1_000)
    }

    /// Whether an article's title or text has a word that begins with the whole prefix.
    func matches(title: String, text: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        let test: (UnsafeBufferPointer<UInt8>) -> Void = { token in
            if !found && token.starts(with: prefix) { found = true }
        }
        var title = title
        title.withUTF8 { tokenizer.forEachToken(in: $0, .document, test) }
        if !found { tokenizer.forEachToken(in: text, .document, test) }
        return found
    }
}
