import FoundationEssentials
import Glibc
import LectorAccounts
import LectorBasics
import LectorHTTP
import LectorReader
import LectorSettings
import LectorStore
import LectorSync
import LectorText

/// Reading in the terminal: `article read`, `article extract`, `article open`.
enum ReaderCommands {
    static let all: [CommandSpec] = [read, extract, open]

    static let noPager = OptionSpec("no-pager", "print straight to the terminal instead of through the pager")

    static let read = CommandSpec(
        ["article", "read"], "read an article in the terminal (through the pager on a terminal); marks it read once shown",
        discussion: "Links are numbered and listed at the end; images appear as [image: alt]. The reader.bionic setting (or --bionic) bolds the start of each word; reader.full-content (or --full) shows the page's full content. On a terminal the article goes through the pager: the reader.pager setting, else $PAGER, else less (with LESS=FRX when LESS is unset, so a short article just prints). In the REPL the line under the article lists the dock's actions as the commands that do them on this article.",
        arguments: [ArgumentSpec("ARTICLE", "a number from the last 'article list', or id:N", source: .articles)],
        options: [
            OptionSpec("full", "show the full content extracted from the article's page"),
            OptionSpec("bionic", value: "MODE", "Bionic Reading for this article: off, F1 (light) … F5 (heavy)",
                       source: .choices(BionicMode.allCases.map { Choice($0.rawValue, "Bionic Reading") })),
            noPager,
        ]
    ) { invocation, session in
        let store = try session.store()
        let id = try session.handles.resolve(invocation.argument("ARTICLE") ?? "")
        guard let article = try CLIError.catching({ try store.articles.article(id) }) else { throw CLIError.notFound("no article with id \(id)") }
        let preferences = try session.preferences()
        let content = try content(of: article, full: invocation.flag("full") || preferences.fullContentByDefault, store: store, session: session)
        let rendered = try render(article, html: content.html, fullContent: content.full, note: content.note, invocation, session: session,
                                  preferences: preferences)
        let text = rendered.text
        let json = ReadJSON(article, account: try session.accountNames()[article.accountID] ?? "", text: rendered.body)
        session.currentArticle = id
        // The dock line names REPL commands, so it is only shown there; the article is read by then.
        let dock = session.inREPL ? DockLine(actions: preferences.dockActionsSetUp, starred: article.starred, read: true)
            .render(width: session.terminalWidth) : ""
        if Pager.pageOnTerminal(text + "\n", invocation, setting: preferences.pager, session: session) {
            try markRead(article, store: store, session: session)
            return CommandOutput(text: dock, json: json)
        }
        // Printed by the runner; marked read only once that happened.
        session.afterShown.append { try markRead(article, store: store, session: session) }
        return CommandOutput(text: dock.isEmpty ? text : text + "\n\n" + dock, json: json)
    }

    /// The HTML to show: the feed's, or with `full` the article page's main content — the feed's
    /// with a note saying why when the page cannot be had.
    static func content(of article: ArticleRow, full: Bool, store: Store, session: Session) throws(CLIError)
        -> (html: String, full: Bool, note: String?) {
        let html = try CLIError.catching { try store.articles.contentHTML(of: article.id) } ?? ""
        guard full else { return (html, false, nil) }
        do throws(CLIError) { return (try fullContent(article, feedHTML: html, store: store, session: session), true, nil) }
        catch { return (html, false, "full content unavailable (\(error.description)); showing the feed's text") }
    }

    /// The article as the terminal shows it: its header (title, feed, author, date, reading
    /// time), then its text in the chosen Bionic mode, after the note when there is one. `columns`:
    /// the screen's width when the caller knows it (the full-screen view), else the terminal's;
    /// `showAddress`: the article's own address under the header (the full-screen reader).
    static func render(_ article: ArticleRow, html: String, fullContent: Bool, note: String?, _ invocation: Invocation,
                       session: Session, preferences: Preferences, columns: Int? = nil, showAddress: Bool = false) throws(CLIError) -> (text: String, body: String) {
        let color = session.usesColor(invocation)
        let bionicName = invocation.value("bionic") ?? preferences.bionicMode.rawValue
        guard let bionic = BionicMode(typed: bionicName) else {
            throw CLIError.usage("--bionic takes off or F1…F5, not '\(bionicName)'")
        }
        let style = RenderStyle(color: color, bionic: bionic)
        let width = min(columns ?? session.terminalWidth, 100)
        let rendered = TerminalRenderer(width: width, style: style).render(html: html, baseURL: article.url.flatMap(URL.init(string:)))
        var header = ArticleHeader(title: article.title, feed: article.feedTitle, author: article.author,
                                   date: article.publishedAt.map { Date(timeIntervalSince1970: $0) },
                                   // The feed's text is what the list measured: the same count gives the same minutes.
                                   wordCount: fullContent || article.wordCount == 0 ? rendered.wordCount : article.wordCount)
        if showAddress { header.address = article.url }
        var text = header.render(width: width, style: style) + "\n\n" + rendered.text
        if let note { text = "note: \(note)\n\n" + text }
        return (text, rendered.body)
    }

    static let extract = CommandSpec(
        ["article", "extract"], "extract the main content of an article's page (or an HTML file), like Readability",
        arguments: [ArgumentSpec("SOURCE", "an article (number or id:N), or an HTML file", source: .files)],
        options: [OptionSpec("url", value: "URL", "the page's address, to resolve relative links of a file")]
    ) { invocation, session in
        let source = invocation.argument("SOURCE") ?? ""
        let extracted: ExtractedArticle
        if FileManager.default.fileExists(atPath: source) {
            let data = try LocalFile.read(source, as: .page)
            let base = try invocation.value("url").map { text throws(CLIError) in try TypedURL.parse(text) } ?? URL(fileURLWithPath: source)
            extracted = try extractContent(data, url: base)
        } else {
            let store = try session.store()
            let id = try session.handles.resolve(source)
            guard let article = try CLIError.catching({ try store.articles.article(id) }) else { throw CLIError.notFound("no article with id \(id)") }
            let page = try fetchPage(article, session: session)
            extracted = try extractContent(page.body, url: page.url)
            let feedHTML = try CLIError.catching { try store.articles.contentHTML(of: id) } ?? ""
            let merged = ContentMerge.richer(feedHTML: feedHTML, extracted: extracted).html
            try session.accounts { (manager) throws(AccountsError) in try manager.keepExtractedHTML(merged, for: id) }
        }
        let words = extracted.textContent.split(whereSeparator: \.isWhitespace).count
        let json = ExtractJSON(title: extracted.title, byline: extracted.byline, excerpt: extracted.excerpt, html: extracted.contentHTML,
                               text: extracted.textContent, words: words, minutes: readingMinutes(wordCount: words))
        let rendered = TerminalRenderer(width: min(session.terminalWidth, 100), style: RenderStyle()).render(html: extracted.contentHTML, baseURL: nil)
        return CommandOutput(text: TerminalSanitizer.clean(extracted.title) + "\n\n" + rendered.text, json: json)
    }

    static let open = CommandSpec(
        ["article", "open"], "open an article in the web browser (xdg-open), or print its address",
        arguments: [ArgumentSpec("ARTICLE", "a number from the last 'article list', or id:N", source: .articles)]
    ) { invocation, session in
        let store = try session.store()
        let id = try session.handles.resolve(invocation.argument("ARTICLE") ?? "")
        guard let article = try CLIError.catching({ try store.articles.article(id) }) else { throw CLIError.notFound("no article with id \(id)") }
        let url = try webAddress(of: article)
        try markRead(article, store: store, session: session)
        return openInBrowser(url, session: session)
    }

    /// The article's web address, when it has one a browser opens.
    static func webAddress(of article: ArticleRow) throws(CLIError) -> String {
        guard let url = article.url, let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
            throw CLIError.notFound("'\(TerminalText.sanitize(article.title))' has no web address")
        }
        return url
    }

    /// Opens `url` in the desktop's browser (xdg-open) when there is a display; else the address
    /// is the output, to open by hand.
    static func openInBrowser(_ url: String, session: Session) -> CommandOutput {
        if session.environment["DISPLAY"] != nil || session.environment["WAYLAND_DISPLAY"] != nil,
           let opener = Subprocess.start("/usr/bin/xdg-open", [url], output: .inherit) {
            opener.reapWhenDone()
            return CommandOutput(text: "Opened \(url)", json: CommandOutput.MessageJSON(ok: true, message: url))
        }
        return CommandOutput(text: url, json: CommandOutput.MessageJSON(ok: true, message: url))
    }

    /// Showing an article marks it read (`AccountManager.mark`): locally, then for a server account
    /// flushed, after the article is on screen, so reading never waits for the network.
    static func markRead(_ article: ArticleRow, store: Store, session: Session) throws(CLIError) {
        guard article.read != .read else { return }
        _ = try session.accounts { (manager) throws(AccountsError) in try manager.mark([article.id], as: .read) }
    }

    static func fullContent(_ article: ArticleRow, feedHTML: String, store: Store, session: Session) throws(CLIError) -> String {
        if let cached = try CLIError.catching({ try store.articles.extractedHTML(of: article.id) }) { return cached }
        let page = try fetchPage(article, session: session)
        let extracted = try extractContent(page.body, url: page.url)
        let merged = ContentMerge.richer(feedHTML: feedHTML, extracted: extracted).html
        try session.accounts { (manager) throws(AccountsError) in try manager.keepExtractedHTML(merged, for: article.id) }
        return merged
    }

    /// The article's page, downloaded with a 5 MB cap.
    static func fetchPage(_ article: ArticleRow, session: Session) throws(CLIError) -> HTTPResponse {
        guard let url = article.url.flatMap(URL.init(string:)) else { throw CLIError.notFound("the article has no web address") }
        var configuration = session.httpConfiguration
        configuration.maxBodyBytes = ContentExtractor.sizeLimit
        let response: HTTPResponse
        do { response = try HTTPClient(configuration: configuration).sendAndWait(.get(url)) } catch { throw CLIError.network(error.message) }
        guard response.isSuccess else { throw CLIError.network("\(url.host ?? "the site") answered HTTP \(response.status)") }
        return response
    }

    static func extractContent(_ data: Data, url: URL) throws(CLIError) -> ExtractedArticle {
        do { return try ContentExtractor.extract(html: data, url: url) } catch { throw CLIError.failure(error.message) }
    }

    struct ReadJSON: Encodable, Sendable {
        let id: Int64
        let account: String
        let title: String
        let feed: String
        let url: String?
        let text: String

        init(_ article: ArticleRow, account: String, text: String) {
            id = article.id
            self.account = account
            title = article.title
            feed = article.feedTitle
            url = article.url
            self.text = text
        }
    }

    struct ExtractJSON: Encodable, Sendable {
        let title: String
        let byline: String?
        let excerpt: String?
        let html: String
        let text: String
        let words: Int
        let minutes: Int
    }
}
