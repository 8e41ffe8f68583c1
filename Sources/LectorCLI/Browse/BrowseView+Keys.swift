import LectorAccounts
import LectorSettings

extension BrowseView {
    /// Does what `key` means in the current mode; a failure becomes the status line.
    func handle(_ key: BrowseKey) {
        let reading = openArticle
        defer { rememberPosition(leaving: reading) }
        do throws(CLIError) {
            switch mode {
            case .search(let search): try typeSearch(key, search)
            case .confirmMarkAll: try answerMarkAll(key)
            case .help(let previous): mode = previous.mode
            case .menu(let leading, let previous): try pick(key, leading: leading, previous: previous)
            case .list, .reader:
                status = nil
                if case .reader = mode, case .character(let digit) = key,
                   let action = ReaderScreen.dockAction(digit, in: preferences.dockActionsSetUp) {
                    return try dock(action)
                }
                guard let action = keys.action(for: key) else { return }
                if case .list = mode, panes.feedFocus { return try handleFeedPane(action) }
                try perform(action)
            }
        } catch {
            status = error.description
        }
    }

    func perform(_ action: BrowseAction) throws(CLIError) {
        let rows = terminal.size().rows
        if action == .undo || action == .sync { panes.countsSeen = nil }
        switch action {
        case .down, .up, .pageDown, .pageUp: try step(action, rows: rows)
        case .top, .bottom:
            if case .reader(var reader) = mode {
                reader.scroll(by: action == .top ? -reader.lines.count : reader.lines.count, rows: rows)
                mode = .reader(reader)
            } else {
                try core { action == .top ? try browser.moveToTop() : try browser.moveToBottom() }
            }
        case .back:
            if case .reader = mode {
                mode = .list
            } else if let kept = keptSearch {
                keptSearch = nil
                top = kept.top
                try core { try browser.show(kept.before) }
            } else {
                finished = true
            }
        case .quit:
            finished = true
            interrupted = true
        case .suspend: terminal.suspend()
        case .redraw: break
        case .read: if case .list = mode { try openReader() }
        case .nextUnread, .previousUnread: try unread(forward: action == .nextUnread)
        case .toggleRead: try dock(.toggleRead)
        case .toggleStar: try dock(.toggleStar)
        case .markShownRead: try askMarkShownRead()
        case .undo: try undoLastStep()
        case .search: startSearch()
        case .openLink: try dock(.openInBrowser)
        case .fullContent: try openReader(full: true)
        case .sync:
            try runOutside { [session, syncAccount] () throws(CLIError) in
                try SyncCommands.run(account: syncAccount, auto: false, pushOnly: false, json: false, session: session)
            }
            if let notice = session.inlineNotice {
                status = notice
                session.inlineNotice = nil
            }
        case .swipeLeading, .swipeTrailing:
            guard let first = (action == .swipeLeading ? preferences.swipeLeading : preferences.swipeTrailing).first else {
                status = "No \(action == .swipeLeading ? "leading" : "trailing") swipe action is set (lector swipe set)."
                return
            }
            try swipe(first)
        case .leadingMenu, .trailingMenu: mode = .menu(leading: action == .leadingMenu, previous: Box(mode))
        case .help: mode = .help(previous: Box(mode))
        case .feedPane: if case .list = mode { try toggleFeedPane() }
        case .previewPane: togglePreviewPane()
        }
    }

    /// j/k and the page keys: the cursor in the list, the scroll position in the reader.
    private func step(_ action: BrowseAction, rows: Int) throws(CLIError) {
        if case .reader(var reader) = mode {
            let page = ReaderScreen.textRows(rows) - 1
            reader.scroll(by: [.down: 1, .up: -1, .pageDown: page, .pageUp: -page][action] ?? 0, rows: rows)
            mode = .reader(reader)
            return
        }
        // A page is the articles the list showed whole: fewer with the preview pane below it,
        // more when their previews are short.
        let page = max(1, rowsShown > 0 ? rowsShown : (rows - 3) / (1 + preferences.listPreviewLines))
        let offset = [.down: 1, .up: -1, .pageDown: page, .pageUp: -page][action] ?? 0
        try core { try browser.move(by: offset) }
    }

    private func unread(forward: Bool) throws(CLIError) {
        guard try core({ try browser.moveToUnread(forward: forward) }) else {
            status = forward ? "No unread article after this one." : "No unread article before this one."
            return
        }
        if case .reader = mode { try openReader() }
    }

    /// A swipe action is the dock action of the same name, on the selected article.
    func swipe(_ action: SwipeAction) throws(CLIError) {
        guard let same = DockAction(rawValue: action.rawValue) else { return }
        try dock(same)
    }

    /// A dock action (or a swipe action, or r, s, o) on the selected article.
    func dock(_ action: DockAction) throws(CLIError) {
        guard let article = browser.current else { return }
        let reader: ReaderScreen? = if case .reader(let open) = mode { open } else { nil }
        switch action {
        case .previousArticle, .nextArticle:
            try core { try browser.move(by: action == .nextArticle ? 1 : -1) }
            if reader != nil { try openReader() }
        case .toggleRead:
            let state = try core { try browser.toggleRead() }
            status = state == .read ? "Marked read." : "Marked unread."
        case .toggleStar:
            let starred = try core { try browser.toggleStar() }
            status = starred == true ? "Starred." : "Star removed."
        case .fullContent: try openReader(full: !(reader?.full ?? false), bionic: reader?.bionic ?? false)
        case .bionic: try openReader(full: reader?.full ?? false, bionic: !(reader?.bionic ?? false))
        case .readingList:
            let saved = try core { try browser.manager.addToReadingList([article.id]) }
            status = "Saved \(saved) article(s) for later."
        case .openInBrowser:
            let url = try ReaderCommands.webAddress(of: article)
            try core { try browser.markCurrentRead() }
            show(ReaderCommands.openInBrowser(url, session: session))
        case .share:
            session.currentArticle = article.id
            show(try DockCommands.shareLink(of: article, session: session))
        case .summary:
            try runOutside { [session] () throws(CLIError) in try SummaryCommands.summary(of: article.id, refresh: false, json: false, session: session) }
        }
    }

    private func pick(_ key: BrowseKey, leading: Bool, previous: Box) throws(CLIError) {
        mode = previous.mode
        let actions = leading ? preferences.swipeLeading : preferences.swipeTrailing
        guard case .character(let digit) = key, let number = digit.wholeNumberValue, actions.indices.contains(number - 1) else { return }
        try swipe(actions[number - 1])
    }

    private func askMarkShownRead() throws(CLIError) {
        if case .reader = mode { mode = .list }
        guard preferences.confirmMarkAllRead else { return try markShownRead() }
        let server = try core { try browser.markShownReadReachesServer }
        let what = browser.query.search != nil ? "the \(browser.rows.count) article(s) found" : "everything shown"
        mode = .confirmMarkAll("Mark \(what) read\(server ? ", on the server too" : "")? y/n")
    }

    private func answerMarkAll(_ key: BrowseKey) throws(CLIError) {
        mode = .list
        guard key == .character("y") || key == .character("Y") else {
            status = "Nothing changed."
            return
        }
        try markShownRead()
    }

    private func markShownRead() throws(CLIError) {
        let changed = try core { try browser.markShownRead() }
        status = "\(changed) article(s) marked read."
    }

    /// `u`: the account core's undo of the newest step, its one line in the status.
    private func undoLastStep() throws(CLIError) {
        let result = try session.accounts { (manager) throws(AccountsError) in try manager.undo() }
        status = result.map { UndoCommands.text($0).split(separator: "\n").first.map(String.init) ?? "" } ?? "Nothing to undo."
        try core { try browser.reload() }
    }

    /// What an action on the selected article gave, its first line in the status.
    private func show(_ output: CommandOutput) {
        status = output.text.split(separator: "\n").first.map(String.init)
    }

    /// The account core's failures in the CLI's words.
    func core<T>(_ body: () throws -> T) throws(CLIError) -> T {
        do { return try body() } catch let error as AccountsError { throw CLIError(error) } catch { throw CLIError.from(error) }
    }
}
