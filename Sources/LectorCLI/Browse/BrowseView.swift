import LectorAccounts
import LectorSettings
import LectorStore

/// `lector browse` on a terminal: the event loop. It reads keys, asks the key map what they do,
/// has the browser (the core's list model) or the commands do it, and draws the frame. Marks are
/// pushed when no key came for a moment, and on the way out.
final class BrowseView {
    enum Mode {
        case list
        case reader(ReaderScreen)
        case help(previous: Box)
        case menu(leading: Bool, previous: Box)
        case search(SearchMode)
        case confirmMarkAll(String)
    }

    /// A mode kept while the help or a menu is over it.
    final class Box {
        let mode: Mode
        init(_ mode: Mode) { self.mode = mode }
    }

    let session: Session
    let browser: ArticleBrowser
    let terminal: RawTerminal
    let keys: KeyMap
    let preferences: Preferences
    let title: String
    let list: ListScreen
    let color: Bool
    var mode: Mode = .list
    var status: String?
    var top = 0
    /// The list as it was before a search kept with Enter, and its first row on screen: `q` or
    /// Escape on the kept search's list puts it back before a second one leaves.
    var keptSearch: (before: ArticleBrowser.Shown, top: Int)?
    /// How many articles the list showed whole in the last frame drawn (0: none drawn yet).
    var rowsShown = 0
    var finished = false
    /// Left with Ctrl-C.
    var interrupted = false
    /// The account the sync key syncs (a list of one account's articles); nil: every account.
    var syncAccount: String?
    /// The feed and preview panes (BrowseView+Panes.swift).
    lazy var panes = BrowsePanes(startQuery: browser.query)

    init(session: Session, browser: ArticleBrowser, terminal: RawTerminal, keys: KeyMap, preferences: Preferences, title: String,
         color: Bool) throws(CLIError) {
        self.session = session
        self.browser = browser
        self.terminal = terminal
        self.keys = keys
        self.preferences = preferences
        self.title = title
        self.color = color
        list = ListScreen(preferences: preferences, palette: Palette(theme: preferences.theme, color: color),
                          accountNames: try session.accountNames(),
                          accountColumn: try ListScreen.spansAccounts(browser.query, store: try session.store()))
    }

    /// Runs until `q` on the list, Ctrl-C, or the terminal goes away. The terminal is given back
    /// and the marks pushed whatever happens.
    func run() {
        draw()
        while !finished {
            switch terminal.next(timeout: browser.unflushed.isEmpty ? -1 : 400) {
            case .keys(let pressed):
                for key in pressed where !finished { handle(key) }
                if !finished { draw(clear: pressed.contains { keys.action(for: $0) == .redraw }) }
            case .resized, .resumed:
                draw()
            case .stopRequested:
                terminal.suspend()
                draw()
            case .interrupted:
                finished = true
                interrupted = true
            case .terminated:
                finished = true
            case .idle:
                if !browser.unflushed.isEmpty {
                    flush()
                    draw()
                }
            }
        }
        rememberPosition(leaving: openArticle, closing: true)
        flush()
    }

    /// Draws the screen at its size now; an open article is wrapped again first when the width
    /// changed. `clear` (Ctrl-L) wipes the screen and wraps the article again whatever its width.
    func draw(clear: Bool = false) {
        let (columns, rows) = terminal.size()
        do throws(CLIError) { try rewrapReader(columns: columns, rows: rows, force: clear) } catch { status = error.description }
        let drawn = frame(columns: columns, rows: rows)
        if drawn.rowsShown > 0 { rowsShown = drawn.rowsShown }
        terminal.draw(drawn, columns: columns, rows: rows, clear: clear)
    }

    /// What the screen shows now (the tests draw it without a terminal).
    func frame(columns: Int, rows: Int) -> BrowseFrame {
        switch mode {
        case .list, .search, .confirmMarkAll:
            return listWithPanes(bottom: bottomLine(), columns: columns, rows: rows)
        case .reader(let reader):
            let article = browser.current
            let dock = ReaderScreen.dockLine(preferences.dockActionsSetUp, starred: article?.starred ?? false,
                                             read: article?.read == .read)
            return reader.frame(dock: dock, bottom: bottomLine(), columns: columns, rows: rows)
        case .help:
            return HelpScreen(keys: keys, dock: preferences.dockActionsSetUp).frame(columns: columns, rows: rows)
        case .menu(let leading, let previous):
            // The menu is the bottom line over the screen it was opened from.
            mode = previous.mode
            var frame = self.frame(columns: columns, rows: rows).fitted(rows: rows)
            mode = .menu(leading: leading, previous: previous)
            let actions = leading ? preferences.swipeLeading : preferences.swipeTrailing
            let words = actions.enumerated().map { "\($0 + 1) \($1.rawValue)" }.joined(separator: "  ")
            frame.lines[rows - 1] = BrowseFrame.line(
                "\(leading ? "leading" : "trailing") swipe: \(words.isEmpty ? "none set (lector swipe set)" : words) · Esc cancels", columns: columns)
            frame.highlighted.remove(rows - 1)
            return frame
        }
    }

    /// The status message, a prompt, or the one-line help.
    private func bottomLine() -> String {
        switch mode {
        case .search(let search): return search.prompt(matches: !browser.rows.isEmpty)
        case .confirmMarkAll(let question): return question
        default: break
        }
        if let status { return status }
        let label = keys.label
        switch mode {
        // Help and the way out come first: a narrow screen cuts the line from its end.
        case .reader:
            return "\(label(.help)) help · \(label(.back)) list · \(label(.down))/\(label(.up)) scroll · \(label(.nextUnread))/\(label(.previousUnread)) unread · \(label(.toggleStar)) star · digits: dock"
        default:
            return "\(label(.help)) help · \(label(.back)) \(keptSearch == nil ? "quit" : "all") · \(label(.down))/\(label(.up)) move · Enter read · \(label(.nextUnread))/\(label(.previousUnread)) unread · \(label(.toggleRead)) read · \(label(.toggleStar)) star · \(label(.markShownRead)) all read · \(label(.undo)) undo · ←/→ swipe · \(label(.feedPane)) feeds · \(label(.previewPane)) preview"
        }
    }

    /// Pushes the marks made since the last push and says how it went when a server was involved.
    func flush() {
        do throws(AccountsError) {
            switch try browser.flush() {
            case true?: status = "Sent to the server."
            case false?: status = "Saved; sent at the next sync (the server could not be reached)."
            case nil: break
            }
        } catch {
            status = CLIError(error).description
        }
    }
}
