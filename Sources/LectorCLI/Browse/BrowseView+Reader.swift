import LectorBasics
import LectorSettings

extension BrowseView {
    /// Shows the selected article as `article read` renders it (`full`: with its page's full
    /// content, fetched once and kept), and marks it read, as reading it does everywhere.
    func openReader(full: Bool? = nil, bionic: Bool = false) throws(CLIError) {
        guard let article = browser.current else { return }
        let full = full ?? preferences.fullContentByDefault
        if full {
            // The page may take a moment: say so before the request.
            status = "Fetching the page…"
            draw()
            status = nil
        }
        let store = try session.store()
        let content = try ReaderCommands.content(of: article, full: full, store: store, session: session)
        let source = ReaderScreen.Source(article: article, html: content.html, note: content.note)
        let width = ReaderScreen.width(for: terminal.size().columns)
        let lines = try readerLines(source, full: content.full, bionic: bionic, width: width)
        try core { try browser.markCurrentRead() }
        session.currentArticle = article.id
        let reader = ReaderScreen(source: source, lines: lines, width: width, full: content.full, bionic: bionic)
        // Opened anew (not this article shown another way: full content, Bionic), it opens where it was left.
        mode = .reader(openArticle?.articleID == article.id ? reader : try atRememberedPosition(reader))
    }

    /// The open article wrapped again to a screen of `columns` when it was wrapped to another
    /// width (after a resize), or always when `force` (Ctrl-L).
    func rewrapReader(columns: Int, rows: Int, force: Bool = false) throws(CLIError) {
        guard case .reader(let reader) = mode else { return }
        let width = ReaderScreen.width(for: columns)
        guard force || width != reader.width else { return }
        let lines = try readerLines(reader.source, full: reader.full, bionic: reader.bionic, width: width)
        mode = .reader(reader.rewrapped(lines, width: width, rows: rows))
    }

    /// An article's lines as `article read` renders them, wrapped to `width`.
    private func readerLines(_ source: ReaderScreen.Source, full: Bool, bionic: Bool, width: Int) throws(CLIError) -> [String] {
        var options = ["color": [color ? "always" : "never"]]
        if bionic { options["bionic"] = [preferences.bionicMode == .off ? BionicMode.f3.rawValue : preferences.bionicMode.rawValue] }
        let rendered = try ReaderCommands.render(source.article, html: source.html, fullContent: full, note: source.note,
                                                 Invocation(spec: ReaderCommands.read, arguments: [], options: options),
                                                 session: session, preferences: preferences, columns: width, showAddress: true)
        return rendered.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Leaves the full screen for work that writes as it goes (a sync, a summary: the account
    /// core's verbs, rendered as their commands render them), shows its result, waits for a key
    /// and comes back to a list read again.
    func runOutside(_ work: () throws(CLIError) -> CommandOutput) throws(CLIError) {
        flush()
        terminal.leave()
        do throws(CLIError) {
            let output = try work()
            Console.out(output.rendered(asJSON: false, compact: false))
            if output.status != .ok { Console.error(output.failureLine ?? output.status.meaning) }
        } catch {
            Console.error(error.description)
        }
        Console.out("\nPress a key to go back to lector browse.\n")
        terminal.waitForKey()
        _ = terminal.enter()
        try core { try browser.reload() }
    }
}
