// The closed value sets of enum settings. The registry takes its allowed values from these,
// so a typed accessor and the validator can never disagree.

/// How far back a sync fetches articles.
public enum AgeLimit: String, CaseIterable, Sendable { case day, week, month, all }

/// What a sync does to a later copy of a story stored already (`sync.duplicates`).
public enum DuplicatesAction: String, CaseIterable, Sendable { case off, markRead = "mark-read", hide }

/// Article list order.
public enum SortOrder: String, CaseIterable, Sendable { case newestFirst = "newest-first", oldestFirst = "oldest-first" }

/// How tightly article rows are packed.
public enum ListDensity: String, CaseIterable, Sendable { case compact, comfortable, spacious }

/// The reader's font family.
public enum ReaderFont: String, CaseIterable, Sendable { case system, news, classic, sans }

/// The reader's font weight.
public enum FontWeight: String, CaseIterable, Sendable { case light, regular, medium, semibold, bold }

/// Space between lines of article text.
public enum LineSpacing: String, CaseIterable, Sendable { case tight, normal, relaxed }

/// Alignment of the article title in the reader.
public enum TitleAlignment: String, CaseIterable, Sendable { case leading, center }

/// How much vertical space paragraphs and blocks take in the reader.
public enum TextCompactness: String, CaseIterable, Sendable { case normal, compact, dense }

/// Where links open.
public enum LinkBehavior: String, CaseIterable, Sendable { case inApp = "in-app", browser }

/// Colour theme; pure-dark is black (OLED), midnight-dark a lower-contrast dark grey.
public enum Theme: String, CaseIterable, Sendable {
    case system, light, dark, pureDark = "pure-dark", midnightDark = "midnight-dark"
}

/// Who writes AI summaries.
public enum SummaryProvider: String, CaseIterable, Sendable { case none, openai, ollama }

/// An action of the reader dock.
public enum DockAction: String, CaseIterable, Sendable {
    case previousArticle = "previous-article", nextArticle = "next-article"
    case toggleRead = "toggle-read", toggleStar = "toggle-star"
    case fullContent = "full-content", bionic
    case readingList = "reading-list", openInBrowser = "open-in-browser"
    case share, summary

    /// The action's short words: what the REPL's dock line shows and what the REPL takes to do
    /// it (a toggle has one per way it goes, the first for "not yet"). Dock and swipe edits take
    /// them for the action's name, so the word a user sees is a word they can type.
    public var words: [String] {
        switch self {
        case .previousArticle: ["prev"]
        case .nextArticle: ["next"]
        case .toggleRead: ["read", "unread"]
        case .toggleStar: ["star", "unstar"]
        case .fullContent: ["full"]
        case .bionic: ["bionic"]
        case .summary: ["summarize"]
        case .openInBrowser: ["open"]
        case .share: ["share"]
        case .readingList: ["later"]
        }
    }
}

/// An action on a swipe edge of an article row.
public enum SwipeAction: String, CaseIterable, Sendable {
    case toggleRead = "toggle-read", toggleStar = "toggle-star"
    case readingList = "reading-list", openInBrowser = "open-in-browser", share
}
