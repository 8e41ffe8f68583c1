import FoundationEssentials
import LectorText

/// The block printed above an article: title, then one line of feed · author · date · reading time.
public struct ArticleHeader: Sendable, Equatable {
    /// Article title.
    public var title: String
    /// Feed (or site) name.
    public var feed: String?
    /// Author line.
    public var author: String?
    /// Publication date.
    public var date: Date?
    /// Words in the article, for the reading-time estimate.
    public var wordCount: Int
    /// The article's own web address, shown on a line of its own under the others when set.
    public var address: String?

    /// Creates a header; every text is sanitized when rendered.
    public init(title: String, feed: String? = nil, author: String? = nil, date: Date? = nil, wordCount: Int) {
        self.title = title
        self.feed = feed
        self.author = author
        self.date = date
        self.wordCount = wordCount
    }

    /// The header wrapped to `width`, bold title when `style.color` is on; dates are shown as
    /// YYYY-MM-DD in UTC so that output is the same on every machine.
    public func render(width: Int, style: RenderStyle) -> String {
        var parts: [String] = []
        for value in [feed, author] {
            let cleaned = value.map(Self.oneLine) ?? ""
            if !cleaned.isEmpty { parts.append(cleaned) }
        }
        if let date {
            parts.append(date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()))
        }
        parts.append("\(readingMinutes(wordCount: wordCount)) min read")
        let titleText = Self.oneLine(title)
        let plain = RenderStyle(color: style.color, bionic: .off)
        let titleRuns = [InlineRun(text: titleText.isEmpty ? "Untitled" : titleText, style: .bold)]
        let metaRuns = [InlineRun(text: parts.joined(separator: " · "), style: .literal)]
        var lines: [String] = []
        for runs in [titleRuns, metaRuns] {
            for line in LineWrapper.wrap(runs, firstWidth: max(20, width), restWidth: max(20, width)) {
                lines.append(line.map { word in
                    word.pieces.map { LineStyler.render($0, style: plain, isURL: word.isURL) }.joined()
                }.joined(separator: " "))
            }
        }
        if let address = address.map(Self.oneLine), !address.isEmpty {
            // Cut into lines of the width rather than overflowing: the whole address stays on screen.
            var line = ""
            for character in address {
                if DisplayWidth.of(line) + DisplayWidth.of(character) > max(20, width) {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func oneLine(_ text: String) -> String {
        TerminalSanitizer.clean(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
