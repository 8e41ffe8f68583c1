import FoundationEssentials
import Glibc
import LectorSettings
import LectorStore

/// The reader dock in a terminal: after `article read` in the REPL, one word does each dock
/// action on the article just shown ("the current article"), and the line under the article
/// lists those words in the user's dock order.
enum DockCommands {
    static let all: [CommandSpec] = [next, prev, read, unread, star, unstar, full, bionic, summarize, open, share, later]

    /// The word for each dock action; toggles show the way they would go.
    static func word(for action: DockAction, starred: Bool, read: Bool) -> String {
        let done = action == .toggleRead ? read : action == .toggleStar ? starred : false
        return action.words[done ? 1 : 0]
    }

    static let next = step("next", "read the next article of the last list (the first when none was read yet)", by: 1)
    static let prev = step("prev", "read the previous article of the last list", by: -1)
    static let read = mark("read", "mark the current article read")
    static let unread = mark("unread", "mark the current article unread")
    static let star = mark("star", "star the current article")
    static let unstar = mark("unstar", "remove the current article's star")

    static let full = CommandSpec(["full"], "show the current article again with the full content of its page",
                                  options: [ReaderCommands.noPager], availability: .replOnly) { invocation, session in
        try show(current(session), options: ["full": [""]], passing: invocation, session)
    }

    static let bionic = CommandSpec(
        ["bionic"], "show the current article again with Bionic Reading (MODE: off, F1 … F5; default F3 or the setting)",
        arguments: [ArgumentSpec("MODE", "off, F1 (light) … F5 (heavy)",
                                 source: .choices(BionicMode.allCases.map { Choice($0.rawValue, "Bionic Reading") }), optional: true)],
        options: [ReaderCommands.noPager], availability: .replOnly
    ) { invocation, session in
        let setting = try session.preferences().bionicMode
        let mode = invocation.argument("MODE") ?? (setting == .off ? BionicMode.f3.rawValue : setting.rawValue)
        return try show(current(session), options: ["bionic": [mode]], passing: invocation, session)
    }

    static let summarize = CommandSpec(["summarize"], "summarize the current article with the AI provider (article summarize)",
                                       availability: .replOnly) { invocation, session in
        try forward(SummaryCommands.summarize, current(session), passing: invocation, session)
    }

    static let open = CommandSpec(["open"], "open the current article in the web browser (article open)",
                                  availability: .replOnly) { invocation, session in
        try forward(ReaderCommands.open, current(session), passing: invocation, session)
    }

    static let later = CommandSpec(["later"], "save the current article on the reading list",
                                   availability: .replOnly) { invocation, session in
        try forward(ReadingListCommands.add, current(session), passing: invocation, session)
    }

    static let share = CommandSpec(
        ["share"], "print the current article's link (or copy it with OSC 52 when reader.share-osc52 is on)",
        availability: .replOnly
    ) { _, session in
        let id = try current(session)
        guard let article = try CLIError.catching({ try session.store().articles.article(id) }) else {
            throw CLIError.notFound("the current article has no web address")
        }
        return try shareLink(of: article, session: session)
    }

    /// Shares an article's link: copied to the clipboard with OSC 52 when reader.share-osc52 is on
    /// and stdout is a terminal, else printed. The share word's, and `browse`'s share action's.
    static func shareLink(of article: ArticleSummary, session: Session) throws(CLIError) -> CommandOutput {
        guard let url = article.url, !url.isEmpty else { throw CLIError.notFound("the current article has no web address") }
        let link = TerminalText.sanitize(url)
        if try session.preferences().shareWithOSC52, isatty(STDOUT_FILENO) == 1 {
            // The terminal puts it on the clipboard; nothing is shown.
            Console.out("\u{1b}]52;c;" + Data(link.utf8).base64EncodedString() + "\u{07}")
            return CommandOutput(text: "Link copied to the clipboard (OSC 52): \(link)", json: CommandOutput.MessageJSON(ok: true, message: link))
        }
        return CommandOutput(text: link, json: CommandOutput.MessageJSON(ok: true, message: link))
    }

    private static func current(_ session: Session) throws(CLIError) -> Int64 {
        guard let id = session.currentArticle else {
            throw .usage("no current article: read one first ('article list', then 'article read N')")
        }
        return id
    }

    private static func step(_ word: String, _ summary: String, by offset: Int) -> CommandSpec {
        CommandSpec([word], summary, options: [ReaderCommands.noPager], availability: .replOnly) { invocation, session in
            let ids = session.handles.ids
            guard !ids.isEmpty else { throw CLIError.usage("no list to move in: run 'article list' first") }
            let target: Int
            if let id = session.currentArticle, let index = ids.firstIndex(of: id) {
                target = index + offset
            } else {
                target = offset > 0 ? 0 : ids.count - 1
            }
            guard ids.indices.contains(target) else {
                throw CLIError.notFound(offset > 0 ? "that was the last article of the list" : "that was the first article of the list")
            }
            return try show(ids[target], options: [:], passing: invocation, session)
        }
    }

    private static func mark(_ action: String, _ summary: String) -> CommandSpec {
        CommandSpec([action], summary, availability: .replOnly) { invocation, session in
            let id = try current(session)
            let arguments = [action, "id:\(id)"]
            return try ArticleCommands.mark.run(Invocation(spec: ArticleCommands.mark, arguments: arguments, options: common(invocation)), session)
        }
    }

    /// `article read` on `id`, with extra options and the caller's --no-pager, --json, --color.
    private static func show(_ id: Int64, options: [String: [String]], passing invocation: Invocation,
                             _ session: Session) throws(CLIError) -> CommandOutput {
        var all = common(invocation).merging(options) { _, new in new }
        if invocation.flag("no-pager") { all["no-pager"] = [""] }
        do {
            return try ReaderCommands.read.run(Invocation(spec: ReaderCommands.read, arguments: ["id:\(id)"], options: all), session)
        } catch { throw CLIError.from(error) }
    }

    private static func forward(_ spec: CommandSpec, _ id: Int64, passing invocation: Invocation,
                                _ session: Session) throws(CLIError) -> CommandOutput {
        do { return try spec.run(Invocation(spec: spec, arguments: ["id:\(id)"], options: common(invocation)), session) }
        catch { throw CLIError.from(error) }
    }

    private static func common(_ invocation: Invocation) -> [String: [String]] {
        invocation.options.filter { ["json", "color", "plain"].contains($0.key) }
    }
}

/// The line under an article in the REPL: the dock's actions as the words that do them.
struct DockLine {
    let actions: [DockAction]
    let starred: Bool
    let read: Bool

    /// "dock: prev · unread · star …", wrapped to `width`, ending with a newline.
    func render(width: Int) -> String {
        let words = actions.map { DockCommands.word(for: $0, starred: starred, read: read) }
        guard !words.isEmpty else { return "" }
        var lines: [String] = []
        var line = "dock:"
        for (index, word) in words.enumerated() {
            let piece = (index == 0 ? " " : " · ") + word
            if line.count + piece.count > width, line != "dock:" {
                lines.append(line)
                line = "     " + word
            } else {
                line += piece
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
