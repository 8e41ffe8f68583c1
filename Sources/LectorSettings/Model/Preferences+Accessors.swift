import FoundationEssentials
import LectorBasics

extension Preferences {
    // sync
    /// Sync when Lector starts.
    public var syncOnLaunch: Bool { bool("sync.on-launch") }
    /// Unattended (`sync --auto`) runs are allowed.
    public var syncInBackground: Bool { bool("sync.background") }
    /// Least minutes between automatic syncs (never below 15).
    public var syncIntervalMinutes: Int { int("sync.interval") }
    /// How far back a sync fetches.
    public var syncAgeLimit: AgeLimit { choice("sync.age-limit") }
    /// Mark articles read once scrolled past.
    public var markReadOnScroll: Bool { bool("sync.mark-read-on-scroll") }
    /// What a sync does to later copies of a story.
    public var duplicates: DuplicatesAction { choice("sync.duplicates") }
    /// The folders whose new articles a sync notifies of, as typed (trimmed, empty names left out).
    public var notifyFolders: [String] {
        text("sync.notify-folders").split(separator: ",").map { String($0).trimmingBlanksAndNewlines }.filter { !$0.isEmpty }
    }

    // feed
    /// Days without a new entry after which `feed check` calls a feed stale.
    public var feedStaleAfterDays: Int { int("feed.stale-after") }

    // network
    /// Longest one request may take in all, in seconds.
    public var networkTimeoutSeconds: Int { int("network.timeout") }
    /// Longest wait for a connection, in seconds.
    public var networkConnectTimeoutSeconds: Int { int("network.connect-timeout") }
    /// Longest silence from a server during a request, in seconds.
    public var networkIdleTimeoutSeconds: Int { int("network.idle-timeout") }

    // list
    /// Article order.
    public var listSort: SortOrder { choice("list.sort") }
    /// Row density.
    public var listDensity: ListDensity { choice("list.density") }
    /// Blank columns either side of a row.
    public var listCellPadding: Int { int("list.cell-padding") }
    /// Preview lines under each title.
    public var listPreviewLines: Int { int("list.preview-length") }
    /// Separators between rows.
    public var showSeparators: Bool { bool("list.show-separators") }
    /// Feed icons beside articles.
    public var showFavicons: Bool { bool("list.show-favicons") }
    /// Estimated reading time.
    public var showReadingTime: Bool { bool("list.show-reading-time") }
    /// Unread indicator.
    public var showReadIndicator: Bool { bool("list.show-read-indicator") }
    /// Feeds grouped into folders.
    public var showFolders: Bool { bool("list.show-folders") }
    /// Unread counters.
    public var showUnreadCount: Bool { bool("list.show-unread-count") }
    /// Starred counters.
    public var showStarredCount: Bool { bool("list.show-starred-count") }
    /// `browse` opens with the feed pane.
    public var feedPaneAtStart: Bool { bool("list.feed-pane") }
    /// `browse` opens with the preview pane.
    public var previewPaneAtStart: Bool { bool("list.preview-pane") }
    /// Hide read articles.
    public var hideRead: Bool { bool("list.hide-read") }
    /// Only starred articles.
    public var starredOnly: Bool { bool("list.starred-only") }
    /// Ask before mark-all-read.
    public var confirmMarkAllRead: Bool { bool("list.confirm-mark-all-read") }

    // reader
    /// Font family.
    public var readerFont: ReaderFont { choice("reader.font") }
    /// Font size in points.
    public var readerFontSize: Int { int("reader.font-size") }
    /// Font weight.
    public var readerFontWeight: FontWeight { choice("reader.font-weight") }
    /// Line spacing.
    public var lineSpacing: LineSpacing { choice("reader.line-spacing") }
    /// Title alignment.
    public var titleAlignment: TitleAlignment { choice("reader.title-alignment") }
    /// Paragraph spacing.
    public var textCompactness: TextCompactness { choice("reader.compactness") }
    /// Bionic Reading mode.
    public var bionicMode: BionicMode { choice("reader.bionic") }
    /// Extract full content when opening an article.
    public var fullContentByDefault: Bool { bool("reader.full-content") }
    /// Reopen articles at the last position.
    public var rememberReadingPosition: Bool { bool("reader.remember-position") }
    /// Where links open.
    public var linkBehavior: LinkBehavior { choice("reader.open-links") }
    /// The pager command; nil means $PAGER, else less.
    public var pager: String? { text("reader.pager").isEmpty ? nil : text("reader.pager") }
    /// Whether `share` copies with OSC 52 instead of printing the link.
    public var shareWithOSC52: Bool { bool("reader.share-osc52") }

    // appearance
    /// Colour theme.
    public var theme: Theme { choice("appearance.theme") }

    // dock and swipe
    /// Reader dock actions, in order.
    public var dockActions: [DockAction] { actions("dock.actions") }
    /// The dock actions that can be done as things are set up: summaries need a provider.
    public var dockActionsSetUp: [DockAction] { dockActions.filter { $0 != .summary || summaryProvider != .none } }
    /// Leading swipe actions, first = full swipe.
    public var swipeLeading: [SwipeAction] { actions("swipe.leading") }
    /// Trailing swipe actions, first = full swipe.
    public var swipeTrailing: [SwipeAction] { actions("swipe.trailing") }

    // keys
    /// The key a `keys.*` setting binds (one character).
    public func boundKey(_ key: String) -> Character { text(key).first ?? " " }

    // summary
    /// Summary provider.
    public var summaryProvider: SummaryProvider { choice("summary.provider") }
    /// Custom endpoint; nil means the provider's standard one.
    public var summaryEndpoint: URL? { text("summary.endpoint").isEmpty ? nil : URL(string: text("summary.endpoint")) }
    /// Model name; nil means the provider's default.
    public var summaryModel: String? { text("summary.model").isEmpty ? nil : text("summary.model") }
    /// Prompt template sent with the article.
    public var summaryPrompt: String { text("summary.prompt") }

    // mcp
    /// `lector mcp` offers its write tools without `--allow-write` (the user's permission, never travelled).
    public var mcpAllowWrite: Bool { bool("mcp.allow-write") }
}
