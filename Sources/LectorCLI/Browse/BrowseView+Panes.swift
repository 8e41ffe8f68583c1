import LectorAccounts
import LectorSettings
import LectorStore
import LectorText

/// The panes beside the list in `lector browse`: the feed and folder pane at its left, the
/// preview pane below it (beside it on a wide terminal).
struct BrowsePanes {
    /// The feed pane; nil while closed.
    var feeds: FeedPane?
    /// Keys go to the feed pane (on a narrow terminal it then takes the list's place).
    var feedFocus = false
    /// The preview pane is shown.
    var preview = false
    var previewPane = PreviewPane()
    /// The list's first line after Enter in the feed pane narrowed it ("lector browse · feed X").
    var scopeTitle: String?
    /// The list's unread and starred counts when the feed pane's counts were last read: a mark
    /// moves them, and only then are the feeds' counters read again (1,000 feeds cost a key its
    /// frame time otherwise). Nil after an undo or a sync, which may change any feed.
    var countsSeen: [Int]?
    /// What the view was opened on: "All" widens the list back to its account (or every account).
    let startQuery: ArticleQuery

    /// From this width the feed pane stands at the list's left; below it, the pane takes the
    /// list's place while it has the keys, as newsboat's feed list does.
    static let feedPaneBesideFrom = 100
    /// From this width the preview stands at the list's right; below it, under the list.
    static let previewBesideFrom = 160

    static func feedPaneWidth(columns: Int) -> Int { min(40, max(24, columns / 4)) }
}

extension BrowseView {
    /// Opens the panes the settings ask for at the start (`list.feed-pane`, `list.preview-pane`).
    func openPanesAtStart() throws(CLIError) {
        panes.preview = preferences.previewPaneAtStart
        if preferences.feedPaneAtStart { try openFeedPane() }
    }

    /// The feed pane key on the list: opens the pane with the keys, or gives it the keys when it
    /// stands open beside the list.
    func toggleFeedPane() throws(CLIError) {
        if panes.feeds == nil { try openFeedPane() } else { panes.feedFocus = true }
    }

    func togglePreviewPane() {
        panes.preview.toggle()
        status = panes.preview ? "Preview shown (\(keys.label(.previewPane)) hides it)." : "Preview hidden."
    }

    private func openFeedPane() throws(CLIError) {
        let query = browser.query
        var pane = FeedPane(accountID: baseAccountID, byAccount: list.accountColumn, showFolders: preferences.showFolders,
                            showCounts: preferences.showUnreadCount)
        try CLIError.catching { try pane.load(try session.store()) }
        // The list's scope highlighted: the feed or folder it shows, else the account, else All.
        let scope: FeedPane.Scope? = if let feedID = query.feedID {
            pane.entries.first { if case .feed(feedID, _) = $0.scope { true } else { false } }?.scope
        } else if let folderID = query.folderID {
            pane.entries.first { if case .folder(folderID, _) = $0.scope { true } else { false } }?.scope
        } else if let accountID = query.accountID, accountID != baseAccountID {
            .account(accountID)
        } else {
            .all
        }
        if let scope { pane.highlight(scope) }
        panes.feeds = pane
        panes.feedFocus = true
        panes.countsSeen = [browser.counts.unread, browser.counts.starred]
    }

    /// The account the view was opened on (`--account`), which "All" widens back to.
    private var baseAccountID: Int64? { panes.startQuery.accountID }

    /// A key while the feed pane has the keys: the moving keys move its highlight, Enter narrows
    /// the list to the entry, the pane key or back closes it; the others wait for the list.
    func handleFeedPane(_ action: BrowseAction) throws(CLIError) {
        guard var pane = panes.feeds else { return }
        let page = max(1, terminal.size().rows - 3)
        switch action {
        case .down, .up, .pageDown, .pageUp:
            pane.move(by: [.down: 1, .up: -1, .pageDown: page, .pageUp: -page][action] ?? 0)
        case .top: pane.move(by: -pane.entries.count)
        case .bottom: pane.move(by: pane.entries.count)
        case .nextUnread, .previousUnread:
            if !pane.moveToUnread(forward: action == .nextUnread) { status = "No other feed or folder has unread articles." }
        case .read:
            panes.feeds = pane
            return try narrow(to: pane.highlighted)
        case .back, .feedPane:
            panes.feeds = nil
            panes.feedFocus = false
            return
        case .help, .quit, .suspend, .redraw, .sync, .undo, .previewPane:
            return try perform(action)
        default:
            status = "The feed pane has the keys: Enter shows a feed or folder, \(keys.label(.feedPane)) closes the pane."
        }
        panes.feeds = pane
    }

    /// Enter in the feed pane: the list shows the entry's articles from its first, and has the keys.
    private func narrow(to entry: FeedPane.Entry?) throws(CLIError) {
        guard let entry else { return }
        let base = panes.startQuery.accountID
        // A list narrowed from the pane is a new list: `q` leaves it, not back to one before a search.
        keptSearch = nil
        switch entry.scope {
        case .all: try core { try browser.rescope(accountID: base, folderID: nil, feedID: nil) }
        case .account(let id): try core { try browser.rescope(accountID: id, folderID: nil, feedID: nil) }
        case .folder(let id, _): try core { try browser.rescope(accountID: base, folderID: id, feedID: nil) }
        case .feed(let id, _): try core { try browser.rescope(accountID: base, folderID: nil, feedID: id) }
        }
        panes.scopeTitle = switch entry.scope {
        case .all: nil
        case .account: "lector browse · account " + entry.name
        case .folder: "lector browse · folder " + entry.name
        case .feed: "lector browse · feed " + entry.name
        }
        top = 0
        panes.feedFocus = false
    }

    /// The list screen with the panes that are open, laid out for `columns` × `rows`.
    func listWithPanes(bottom: String, columns: Int, rows: Int) -> BrowseFrame {
        let title = panes.scopeTitle ?? self.title
        let paneShown = panes.feeds != nil && (panes.feedFocus || columns >= BrowsePanes.feedPaneBesideFrom)
        if paneShown && panes.countsSeen != [browser.counts.unread, browser.counts.starred] {
            reloadFeedPane()
            panes.countsSeen = [browser.counts.unread, browser.counts.starred]
        }
        let bottom = paneShown && panes.feedFocus && status == nil ? feedPaneHelp() : bottom
        let bottomLine = BrowseFrame.line(bottom, columns: columns)
        if paneShown && columns < BrowsePanes.feedPaneBesideFrom {
            // Narrow: the pane in the list's place, as newsboat's feed list.
            let laid: (lines: [String], highlighted: Int?) = panes.feeds?.lines(width: columns, height: rows - 1) ?? ([""], nil)
            var lines = laid.lines
            lines[0] = BrowseFrame.padded(BrowseFrame.line(title + " · feeds and folders", columns: columns), to: columns)
            let body = Array(lines.prefix(rows - 1)) + Array(repeating: "", count: max(0, rows - 1 - lines.count)) + [bottomLine]
            return BrowseFrame(lines: body, highlighted: laid.highlighted.map { [$0] } ?? [])
        }
        guard paneShown || panes.preview else {
            return list.frame(browser, top: &top, title: title, bottom: bottom, columns: columns, rows: rows)
        }
        let paneWidth = paneShown ? BrowsePanes.feedPaneWidth(columns: columns) : 0
        let rest = columns - (paneShown ? paneWidth + 1 : 0)
        let previewBeside = panes.preview && columns >= BrowsePanes.previewBesideFrom
        let previewBelow = panes.preview && !previewBeside && rows >= 12
        let previewWidth = previewBeside ? rest * 2 / 5 : 0
        let listWidth = rest - (previewBeside ? previewWidth + 1 : 0)
        let previewHeight = previewBelow ? max(5, (rows - 1) * 2 / 5) : 0
        let listRows = rows - 1 - previewHeight
        let listFrame = list.frame(browser, top: &top, title: title, bottom: "", columns: listWidth, rows: listRows + 1)
        let feedLines = paneShown ? panes.feeds?.lines(width: paneWidth, height: listRows) : nil
        // A frame is drawn whatever the store says: without it the preview is left out this once.
        let store = try? session.store()
        let accountName = list.accountColumn ? browser.current.flatMap { list.accountNames[$0.accountID] } : nil
        let preview: [String] = if panes.preview, let store {
            panes.previewPane.lines(browser.current, accountName: accountName, store: store,
                                    width: previewBeside ? previewWidth : columns, height: previewBeside ? listRows - 1 : previewHeight - 1)
        } else { [] }
        var lines: [String] = [], overlays: [BrowseFrame.Overlay] = []
        let listFocused = !(paneShown && panes.feedFocus)
        for row in 0..<listRows {
            var line = ""
            if let feedLines {
                let cell = Self.fit(row < feedLines.lines.count ? feedLines.lines[row] : "", to: paneWidth)
                if row == feedLines.highlighted && !listFocused { overlays.append(.init(line: row, column: 0, text: cell)) }
                line += cell + "│"
            }
            let listCell = Self.fit(row < listFrame.lines.count ? listFrame.lines[row] : "", to: listWidth)
            if listFrame.highlighted.contains(row) && listFocused {
                overlays.append(.init(line: row, column: paneShown ? paneWidth + 1 : 0, text: listCell))
            }
            line += listCell
            if previewBeside {
                line += "│" + (row == 0 ? BrowseFrame.padded("Preview", to: previewWidth)
                                : Self.fit(row - 1 < preview.count ? preview[row - 1] : "", to: previewWidth))
            }
            lines.append(line)
        }
        if previewBelow {
            lines.append(String(repeating: "─", count: columns))
            lines += (0..<(previewHeight - 1)).map { $0 < preview.count ? preview[$0] : "" }
        }
        lines.append(bottomLine)
        return BrowseFrame(lines: lines, overlays: overlays, rowsShown: listFrame.rowsShown)
    }

    /// The feed pane's counts read again (a mark in the list moved them).
    private func reloadFeedPane() {
        guard var pane = panes.feeds, let store = try? session.store() else { return }
        do throws(StoreError) { try pane.load(store) } catch { status = CLIError.from(error).description }
        panes.feeds = pane
    }

    /// The bottom line while the feed pane has the keys (help and the way back first).
    private func feedPaneHelp() -> String {
        let label = keys.label
        return "\(label(.help)) help · \(label(.back)) close · \(label(.down))/\(label(.up)) move · Enter show · \(label(.nextUnread))/\(label(.previousUnread)) unread · \(label(.previewPane)) preview"
    }

    /// A line (which may hold Lector's own styles) in exactly `cells` cells: padded, or cut —
    /// its styles dropped then, since a cut could leave one open.
    static func fit(_ line: String, to cells: Int) -> String {
        let plain = Self.unstyled(line)
        let width = DisplayWidth.of(plain)
        if width <= cells { return line + String(repeating: " ", count: cells - width) }
        return BrowseFrame.padded(plain, to: cells)
    }

    /// `line` without its escape sequences (Lector's styles: ESC [ … m).
    static func unstyled(_ line: String) -> String {
        guard line.contains("\u{1b}") else { return line }
        var out = "", inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1b}" {
                inEscape = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
