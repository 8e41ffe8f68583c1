/// A few words of an article around what a search found, the matching words marked with
/// `\u{1}` before and `\u{2}` after, `…` where the article goes on: what `snippet()` of FTS5 shows,
/// made from the text the list reads anyway. FTS5's own snippet reads the article a second time
/// and tokenizes all of it, which cost more than finding and ranking the hits of a rare word; here
/// only the words that could match (those starting as a searched word starts) go through the
/// index's tokenizer, and the scan stops soon after a window holds every searched word.
struct SearchExcerpt {
    /// The words an excerpt shows, as FTS5's snippet was asked for.
    static let windowTokens = 16

    /// A searched word as the index knows it (folded and stemmed), and whether a longer word
    /// matches it too (the last word typed is a prefix, as in `FTS5Query`).
    private struct Term {
        let stem: [UInt8]
        let isPrefix: Bool

        /// False when `word`, as written, cannot stem to a match: the stemmer changes only the
        /// end of a word, and at its second letter at most a `y` into an `i` ("ays" → "ai"), so
        /// the first two letters (ASCII, lower-cased) must already agree. Words this lets through
        /// go through the tokenizer; the rest of the text never does.
        func mayMatch(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
            for index in 0..<min(2, stem.count, word.count) {
                let byte = word[index]
                if byte >= 0x80 || stem[index] >= 0x80 { return true }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if lower != stem[index] && !(index == 1 && lower == 0x79 && stem[index] == 0x69) { return false }
            }
            return true
        }

        func matches(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
            guard isPrefix ? token.count >= stem.count : token.count == stem.count else { return false }
            for index in stem.indices where token[index] != stem[index] { return false }
            return true
        }
    }

    private let terms: [Term]
    private let tokenizer: SearchTokenizer

    /// Nil when `search` has no words (then nothing was searched).
    init?(search: String, tokenizer: SearchTokenizer) {
        let words = FTS5Query.words(in: search)
        var terms: [Term] = []
        for (index, word) in words.enumerated() {
            let isLast = index == words.count - 1
            let stems = tokenizer.tokens(of: String(word), isLast ? .prefixQuery : .query)
            for (stemIndex, stem) in stems.enumerated() where !stem.isEmpty {
                let term = Term(stem: stem, isPrefix: isLast && stemIndex == stems.count - 1)
                if !terms.contains(where: { $0.stem == term.stem && $0.isPrefix == term.isPrefix }) { terms.append(term) }
            }
        }
        guard !terms.isEmpty else { return nil }
        self.terms = terms
        self.tokenizer = tokenizer
    }

    /// The excerpt of `text` around the best window of matches; else of `title` when only it
    /// matches; else the start of `text` (a word FTS5 matched that this scan could not place).
    func excerpt(title: String, text: UnsafeBufferPointer<UInt8>) -> String? {
        if let found = window(in: text) { return found }
        var title = title
        if let found = title.withUTF8({ window(in: $0) }) { return found }
        let tokens = Array(IteratorSequence(WordScanner(text)).prefix(Self.windowTokens + 1))
        return tokens.isEmpty ? nil : Self.render(text, tokens: tokens, from: 0, hits: [])
    }

    private struct Hit {
        let token: Int
        /// The term it matches, as a bit: a window's distinct terms are the bits it holds.
        let termBit: UInt64
    }

    /// The excerpt of the best window of `text`, nil when no word in it matches.
    private func window(in text: UnsafeBufferPointer<UInt8>) -> String? {
        var tokens: [Range<Int>] = []
        tokens.reserveCapacity(4 * Self.windowTokens)
        var hits: [Hit] = []
        var best: (anchor: Int, score: Int)?
        let perfect = min(terms.count, 64) * 1_000 + 1
        var words = WordScanner(text)
        while let span = words.next() {
            tokens.append(span)
            // Once every term is in one window, read on only as far as centring it can reach.
            let settled = best.map { $0.score >= perfect } ?? false
            if settled, let best, tokens.count > best.anchor + 2 * Self.windowTokens { break }
            guard let term = matchingTerm(UnsafeBufferPointer(rebasing: text[span])) else { continue }
            hits.append(Hit(token: tokens.count - 1, termBit: 1 << UInt64(term % 64)))
            guard !settled else { continue }
            // Every window starting at a hit that reaches this one, scored by the distinct terms
            // it holds, then by its hits; the earliest wins a tie.
            var terms: UInt64 = 0, count = 0
            for anchor in hits.reversed() {
                guard anchor.token + Self.windowTokens > tokens.count - 1 else { break }
                terms |= anchor.termBit
                count += 1
                let score = terms.nonzeroBitCount * 1_000 + count
                if let current = best, score < current.score || (score == current.score && anchor.token > current.anchor) { continue }
                best = (anchor.token, score)
            }
        }
        guard let best else { return nil }
        let last = hits.last { $0.token < best.anchor + Self.windowTokens }?.token ?? best.anchor
        // Centre the matches in the window, as FTS5 does, without running past either end.
        var start = max(0, best.anchor - (Self.windowTokens - (last - best.anchor + 1)) / 2)
        let reachedEnd = tokens.last.map { WordScanner.noWord(in: text, after: $0.upperBound) } ?? true
        if reachedEnd { start = max(0, min(start, tokens.count - Self.windowTokens)) }
        return Self.render(text, tokens: tokens, from: start, hits: hits.map(\.token))
    }

    /// The index of the term `token` matches, if any.
    private func matchingTerm(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        guard terms.contains(where: { $0.mayMatch(token) }) else { return nil }
        var found: Int?
        tokenizer.forEachToken(in: token, .document) { stem in
            if found == nil { found = terms.firstIndex { $0.matches(stem) } }
        }
        return found
    }

    /// `windowTokens` words of `text` from token `start`, the tokens in `hits` (ascending) marked,
    /// with `…` where text is left out.
    private static func render(_ text: UnsafeBufferPointer<UInt8>, tokens: [Range<Int>], from start: Int, hits: [Int]) -> String {
        let end = min(tokens.count, start + windowTokens)
        let ellipsis: StaticString = "…"
        let more = end < tokens.count || !WordScanner.noWord(in: text, after: tokens[end - 1].upperBound)
        let body = tokens[start].lowerBound..<tokens[end - 1].upperBound
        var nextHit = hits.firstIndex { $0 >= start } ?? hits.endIndex
        let capacity = (more ? body.upperBound - body.lowerBound : text.count - body.lowerBound) + 2 * (end - start) + 2 * ellipsis.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                _ = UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(from: bytes)
                count += bytes.count
            }
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            if start > 0 { ellipsis.withUTF8Buffer { put($0) } }
            // Between words, a run of white space (a line or paragraph break too) shows as one
            // space: the excerpt is one line of a list.
            func putGap(_ gap: Range<Int>) {
                var spaced = false
                for offset in gap {
                    let byte = text[offset]
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                        if !spaced { put(0x20) }
                        spaced = true
                    } else {
                        put(byte)
                        spaced = false
                    }
                }
            }
            var position = body.lowerBound
            for index in start..<end {
                let span = tokens[index]
                putGap(position..<span.lowerBound)
                let marked = nextHit < hits.endIndex && hits[nextHit] == index
                if marked { put(1) }
                put(UnsafeBufferPointer(rebasing: text[span]))
                if marked { put(2); nextHit += 1 }
                position = span.upperBound
            }
            // Like FTS5's snippet: the rest of the text (its closing punctuation) when no word follows.
            if more { ellipsis.withUTF8Buffer { put($0) } } else { putGap(position..<text.count) }
            return count
        }
    }
}
