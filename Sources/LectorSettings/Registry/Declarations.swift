import LectorBasics

// Every setting, declared once. Validation, completion, the backup schema, the Markdown reference
// and the typed `Preferences` are all derived from this list; change a setting here and only here.

extension SettingsRegistry {
    static let declarations: [Setting] = sync + list + reader + appearance + dock + swipe + keys + summary + network + feed + mcp

    private static let sync: [Setting] = [
        .bool("sync.on-launch", true, "Sync when Lector starts (after showing what is already stored)."),
        .bool("sync.background", false, "Allow unattended syncs (`sync --auto` from a timer or cron)."),
        .integer("sync.interval", 15...1440, "minutes", 30,
                 "Least time between automatic syncs; 15 minutes is a floor, not a suggestion."),
        .choice("sync.age-limit", AgeLimit.month, "Fetch only articles newer than this (day, week, month, or all)."),
        .bool("sync.mark-read-on-scroll", false, "Mark articles read once they have scrolled past."),
        .choice("sync.duplicates", DuplicatesAction.off,
                "At each sync, later copies of a story stored already (same address, guid, or long title within two days), in any feed or account: off, mark-read, or hide. A starred copy is left alone."),
        .text("sync.notify-folders", 0...2000, "",
              "Folders whose new articles a sync tells you of in one desktop notification (names, comma-separated; empty: none)."),
    ]

    private static let list: [Setting] = [
        .choice("list.sort", SortOrder.newestFirst, "Order of articles in a list."),
        .choice("list.density", ListDensity.comfortable, "How tightly article rows are packed."),
        .integer("list.cell-padding", 0...4, "columns", 1, "Blank columns on each side of an article row."),
        .integer("list.preview-length", 0...5, "lines", 2, "Lines of article preview under each title (0 hides it)."),
        .bool("list.show-separators", true, "Draw a separator between article rows."),
        .bool("list.show-favicons", true, "Show each feed's icon next to its articles."),
        .bool("list.show-reading-time", true, "Show the estimated reading time (220 words a minute)."),
        .bool("list.show-read-indicator", true, "Mark unread articles with an indicator."),
        .bool("list.show-folders", true, "Group feeds into their folders (off: one flat list of feeds)."),
        .bool("list.show-unread-count", true, "Show unread counters on feeds and folders."),
        .bool("list.show-starred-count", true, "Show starred counters on feeds and folders."),
        .bool("list.hide-read", false, "Hide articles already read."),
        .bool("list.starred-only", false, "Show only starred articles (with hide-read: starred and unread)."),
        .bool("list.feed-pane", false, "`browse` opens with the feed and folder pane shown (its key: keys.feed-pane)."),
        .bool("list.preview-pane", false, "`browse` opens with the preview pane shown (its key: keys.preview-pane)."),
        .bool("list.confirm-mark-all-read", true, "Ask before marking a whole feed or folder read."),
        .integer("list.undo-steps", 1...1000, "steps", 50,
                 "How many recent changes to read, starred and labels `lector undo` keeps to put back (the oldest are forgotten)."),
    ]

    private static let reader: [Setting] = [
        .choice("reader.font", ReaderFont.system, "Font family of article text."),
        .integer("reader.font-size", 12...32, "pt", 17, "Size of article text."),
        .choice("reader.font-weight", FontWeight.regular, "Weight of article text."),
        .choice("reader.line-spacing", LineSpacing.normal, "Space between lines of article text."),
        .choice("reader.title-alignment", TitleAlignment.leading, "Alignment of the article title."),
        .choice("reader.compactness", TextCompactness.normal, "Space between paragraphs and blocks."),
        .choice("reader.bionic", BionicMode.off, "Bionic Reading: bold the start of each word (F1 light … F5 heavy)."),
        .bool("reader.full-content", false, "Extract the full article from its web page when opening it."),
        .bool("reader.remember-position", true, "Reopen each article where you stopped reading."),
        .choice("reader.open-links", LinkBehavior.inApp, "Open links in Lector or in the external browser."),
        .command("reader.pager", 0...200, "",
              "Pager for `article read` and `article list` on a terminal (a shell command); empty means $PAGER, else `less` with LESS=FRX; `cat` never pages."),
        .bool("reader.share-osc52", false,
              "`share` copies the article's link to the clipboard with an OSC 52 escape (the terminal must allow it) instead of printing it."),
    ]

    private static let appearance: [Setting] = [
        .choice("appearance.theme", Theme.system,
                "Colour theme; pure-dark is black for OLED screens, midnight-dark a softer dark."),
    ]

    private static let dock: [Setting] = [
        .actions("dock.actions", DockAction.self, noun: "dock action", max: DockAction.allCases.count,
                 [.previousArticle, .toggleRead, .toggleStar, .fullContent, .bionic, .summary, .share, .nextArticle],
                 "The reader dock's actions, in order."),
    ]

    private static let swipe: [Setting] = [
        .actions("swipe.leading", SwipeAction.self, noun: "swipe action", max: 2, [.toggleRead],
                 "Actions revealed by swiping an article row from the leading edge; a full swipe runs the first."),
        .actions("swipe.trailing", SwipeAction.self, noun: "swipe action", max: 2, [.toggleStar, .readingList],
                 "Actions revealed by swiping an article row from the trailing edge; a full swipe runs the first."),
    ]

    /// `lector browse`'s keys; the arrows, Enter, PageUp/PageDown and the dock's digits are fixed.
    private static let keys: [Setting] = [
        .key("keys.down", "j", "`browse`: move down one article (also the down arrow); in the reader, scroll down."),
        .key("keys.up", "k", "`browse`: move up one article (also the up arrow); in the reader, scroll up."),
        .key("keys.top", "g", "`browse`: go to the first article (the reader: its top)."),
        .key("keys.bottom", "G", "`browse`: go to the last article (the reader: its end)."),
        .key("keys.back", "q", "`browse`: leave the reader for the list, or the list for the shell or REPL."),
        .key("keys.next-unread", "n", "`browse`: the next unread article, across feeds and folders."),
        .key("keys.previous-unread", "p", "`browse`: the previous unread article, across feeds and folders."),
        .key("keys.toggle-read", "r", "`browse`: mark the article read, or unread again."),
        .key("keys.toggle-star", "s", "`browse`: star the article, or remove its star."),
        .key("keys.mark-shown-read", "A", "`browse`: mark every article the list shows read (as `article mark-all-read`)."),
        .key("keys.undo", "u", "`browse`: undo the last change to read, starred or labels (as `lector undo`)."),
        .key("keys.search", "/", "`browse`: search the list's articles (full text)."),
        .key("keys.open-link", "o", "`browse`: open the article's link (as `article open`)."),
        .key("keys.full-content", "f", "`browse`: read the article with the full content of its page."),
        .key("keys.sync", "R", "`browse`: sync, then show the list again."),
        .key("keys.swipe-leading", "h", "`browse`: the first leading swipe action (also the left arrow)."),
        .key("keys.swipe-trailing", "l", "`browse`: the first trailing swipe action (also the right arrow)."),
        .key("keys.leading-menu", "H", "`browse`: a menu of the leading swipe actions."),
        .key("keys.trailing-menu", "L", "`browse`: a menu of the trailing swipe actions."),
        .key("keys.help", "?", "`browse`: the screen of every key."),
        .key("keys.feed-pane", "F", "`browse`: show the feed and folder pane with unread counts (Enter narrows the list to one); again, hide it."),
        .key("keys.preview-pane", "P", "`browse`: show or hide the preview of the selected article, under the list (beside it from 160 columns)."),
    ]

    private static let summary: [Setting] = [
        .choice("summary.provider", SummaryProvider.none, "Who writes AI summaries (none disables them)."),
        .url("summary.endpoint", "",
             "Base URL of an OpenAI-compatible or Ollama server; empty means the provider's standard one."),
        .text("summary.model", 0...200, "", "Model name; empty means the provider's default model."),
        .text("summary.prompt", 1...4000,
              "Summarise this article in its own language: first a short overview, then the key points as a list.",
              "Instructions sent with the article text (its first 12,000 characters)."),
    ]

    private static let network: [Setting] = [
        .integer("network.timeout", 5...600, "seconds", 60,
                 "Longest one request may take in all: connecting, redirects and the whole body."),
        .integer("network.connect-timeout", 1...120, "seconds", 15,
                 "Longest wait for a connection (and its TLS handshake) to a server."),
        .integer("network.idle-timeout", 1...600, "seconds", 20,
                 "Longest a server may stay silent during a request before it is given up."),
    ]

    private static let feed: [Setting] = [
        .integer("feed.stale-after", 7...3650, "days", 182,
                 "`feed check` calls a feed stale when its newest entry is older than this (182 days: about 6 months)."),
    ]

    private static let mcp: [Setting] = [
        .permission("mcp.allow-write",
                    "Let `lector mcp` offer an agent the tools that change things (marks, labels, mark-all-read, feeds, sync), as `--allow-write` does; `--read-only` overrides it for one run. Never travels in a profile or backup.",
                    // Backups before 1.5 have no mcp group: they restore as they did.
                    since: FormatVersion(major: 1, minor: 5)),
    ]
}
