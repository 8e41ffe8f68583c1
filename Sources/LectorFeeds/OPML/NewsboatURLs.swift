/// newsboat's `urls` file as a subscription list: one feed per line, `URL "tag" "~Title"`.
/// The first plain tag becomes the feed's folder (Lector files a feed in one folder); `~` gives
/// the title, `!` (hidden) is ignored, and `query:`, `exec:` and `filter:` lines, comments and
/// blank lines are skipped.
public enum NewsboatURLs {
    /// Whether the bytes look like a urls file rather than XML.
    public static func looksLikeURLs(_ text: String) -> Bool {
        guard let first = text.first(where: { !$0.isWhitespace }) else { return false }
        return first != "<"
    }

    /// Whether a text read as a urls file is one: some line names a feed by an http(s) address,
    /// or no line names anything (a file of comments lists no feeds). Prose is neither.
    public static func namesFeeds(_ document: OPMLDocument) -> Bool {
        document.feeds.isEmpty || document.feeds.contains { entry in
            ["http://", "https://"].contains { entry.xmlURL.lowercased().hasPrefix($0) }
        }
    }

    /// A line `parse` leaves out that names a feed newsboat makes itself: a query feed over its
    /// articles, or a feed made by running a command (`exec:`, `filter:`). Lector subscribes to
    /// neither, and says which lines it left out rather than let them vanish.
    public struct SkippedLine: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable { case query, exec, filter }
        /// Counted from 1, blank lines included, as an editor numbers them.
        public let number: Int
        public let kind: Kind
        public let text: String
    }

    public static func skippedLines(_ text: String) -> [SkippedLine] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().compactMap { index, rawLine in
            guard let first = split(String(rawLine)).first?.lowercased(),
                  let kind = SkippedLine.Kind.allCases.first(where: { first.hasPrefix($0.rawValue + ":") }) else { return nil }
            let trimmed = rawLine.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
            return SkippedLine(number: index + 1, kind: kind, text: String(trimmed))
        }
    }

    public static func parse(_ text: String) -> OPMLDocument {
        var feeds: [OPMLDocument.Feed] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let words = split(String(rawLine))
            guard let url = words.first, !url.hasPrefix("#"),
                  !["query:", "exec:", "filter:"].contains(where: { url.lowercased().hasPrefix($0) }) else { continue }
            var title: String?
            var folder: String?
            for tag in words.dropFirst() {
                if tag.hasPrefix("~") { title = String(tag.dropFirst()) } else if !tag.hasPrefix("!"), folder == nil, !tag.isEmpty { folder = tag }
            }
            feeds.append(OPMLDocument.Feed(title: title ?? "", xmlURL: url, folder: folder))
        }
        return OPMLDocument(title: "newsboat urls", feeds: feeds)
    }

    /// Words separated by blanks, a double-quoted word kept whole (`"Tech news"`), `#` outside quotes ending the line.
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false, started = false
        for character in line {
            if character == "\"" { quoted.toggle(); started = true; continue }
            if !quoted && character == "#" && !started && current.isEmpty { break }
            if !quoted && character.isWhitespace {
                if started || !current.isEmpty { words.append(current) }
                current = ""; started = false
                continue
            }
            current.append(character)
            started = true
        }
        if started || !current.isEmpty { words.append(current) }
        return words
    }
}
