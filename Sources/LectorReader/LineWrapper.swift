import LectorText

/// Greedy word wrapping by visible (display) width; words are split only when longer than a whole
/// line, and then only between grapheme clusters — URLs are never split, they overflow instead.
enum LineWrapper {
    /// Wraps runs into lines of words; `firstWidth` applies to the first line, `restWidth` to the others.
    static func wrap(_ runs: [InlineRun], firstWidth: Int, restWidth: Int) -> [[WrappedWord]] {
        var lines: [[WrappedWord]] = []
        var line: [WrappedWord] = []
        var lineWidth = 0
        func available() -> Int { max(1, lines.isEmpty ? firstWidth : restWidth) }
        func endLine() { lines.append(line); line = []; lineWidth = 0 }

        for token in tokenize(runs) {
            guard case .word(let word) = token else { endLine(); continue }
            let gap = line.isEmpty ? 0 : 1
            if lineWidth + gap + word.width <= available() {
                line.append(word)
                lineWidth += gap + word.width
                continue
            }
            if !line.isEmpty { endLine() }
            if word.width <= available() || word.isURL {
                line.append(word)
                lineWidth = word.width
                continue
            }
            var chunks = split(word, first: available(), rest: max(1, restWidth))
            let last = chunks.removeLast()
            for chunk in chunks { line.append(chunk); endLine() }
            line.append(last)
            lineWidth = last.width
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    private enum Token { case word(WrappedWord), hardBreak }

    /// Splits on spaces and hard breaks; a word may span runs ("foo<b>bar</b>" stays one word).
    private static func tokenize(_ runs: [InlineRun]) -> [Token] {
        var tokens: [Token] = []
        var pieces: [InlineRun] = []
        var width = 0
        func finishWord() {
            guard !pieces.isEmpty else { return }
            let text = pieces.map(\.text).joined()
            let isURL = looksLikeURL(text)
            tokens.append(.word(WrappedWord(pieces: pieces, width: width, isURL: isURL)))
            pieces = []
            width = 0
        }
        for run in runs {
            var current = ""
            for character in run.text {
                if character == " " || character == "\n" {
                    if !current.isEmpty { pieces.append(InlineRun(text: current, style: run.style)); current = "" }
                    finishWord()
                    if character == "\n" { tokens.append(.hardBreak) }
                } else {
                    // A no-break space binds words here and is printed as a plain space.
                    current.append(character == "\u{A0}" ? " " : character)
                    width += DisplayWidth.of(character)
                }
            }
            if !current.isEmpty { pieces.append(InlineRun(text: current, style: run.style)) }
        }
        finishWord()
        return tokens
    }

    /// "scheme://…" or "www.…" anywhere in the word (byte scan: this runs once per word).
    static func looksLikeURL(_ text: String) -> Bool {
        if text.hasPrefix("www.") { return true }
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if previous == (UInt8(ascii: ":"), UInt8(ascii: "/")) && byte == UInt8(ascii: "/") { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// Cuts an over-long word into line-sized chunks at grapheme-cluster boundaries.
    private static func split(_ word: WrappedWord, first: Int, rest: Int) -> [WrappedWord] {
        var chunks: [WrappedWord] = []
        var pieces: [InlineRun] = []
        var current = ""
        var width = 0
        var limit = first
        for piece in word.pieces {
            for character in piece.text {
                let w = DisplayWidth.of(character)
                if width + w > limit, width > 0 {
                    if !current.isEmpty { pieces.append(InlineRun(text: current, style: piece.style)) }
                    chunks.append(WrappedWord(pieces: pieces, width: width, isURL: false))
                    pieces = []; current = ""; width = 0; limit = rest
                }
                current.append(character)
                width += w
            }
            if !current.isEmpty { pieces.append(InlineRun(text: current, style: piece.style)); current = "" }
        }
        chunks.append(WrappedWord(pieces: pieces, width: width, isURL: false))
        return chunks
    }
}
