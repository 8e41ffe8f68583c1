import FoundationEssentials
import LectorAccounts
import LectorStore

/// `article duplicates`: the stories stored more than once, across feeds, folders and accounts.
enum ArticleDuplicatesCommand {
    static let command = CommandSpec(
        ["article", "duplicates"], "list the stories stored more than once, and handle the later copies",
        discussion: "Two articles are one story when their addresses are the same once the scheme, the host's case, a trailing slash, the fragment and tracking parameters (utm_*, fbclid, …) are set aside, when a local feed gives them the same guid, or when their titles are the same (case and punctuation aside) and they arrived within two days of each other — titles of five words and 24 letters or more only, so that short ones like 'Links' never match. Each group lists the first copy stored and the later ones; without --dry-run, the later copies are handled as sync.duplicates says (mark-read: read, on the server too; hide: kept out of lists here; off: nothing changes). A starred copy is never marked or hidden, and the first copy keeps its stars and labels. The numbers are handles for 'article read N'.",
        options: [
            OptionSpec("account", short: "a", value: "NAME", "only groups with a later copy in this account", source: .accounts),
            OptionSpec("since", value: "WHEN", "only later copies that arrived since WHEN: a date (2024-05-01), or an age (36h, 7d, 2w)"),
            OptionSpec("dry-run", "only list the groups; change nothing"),
        ]
    ) { invocation, session in
        let since = try invocation.value("since").map { text throws(CLIError) in try TimeExpression.parse(text) }
        let dryRun = invocation.flag("dry-run")
        let run = try session.accounts { (manager) throws(AccountsError) in
            try manager.duplicates(accountName: invocation.value("account"), since: since, dryRun: dryRun)
        }
        let store = try session.store()
        let names = try session.accountNames()
        var handles: [Int64] = []
        var lines: [String] = []
        var json: [GroupJSON] = []
        func describe(_ id: Int64) throws(CLIError) -> (line: String, article: ArticleJSON)? {
            guard let article = try CLIError.catching({ try store.articles.article(id) }) else { return nil }
            handles.append(id)
            let s = TerminalText.sanitize
            let flags = [article.starred ? "starred" : nil, article.read == .read ? "read" : nil].compactMap { $0 }
            let line = "\(handles.count). '\(s(article.title))' — \(s(article.feedTitle)) (\(s(names[article.accountID] ?? "")))"
                + (flags.isEmpty ? "" : " [\(flags.joined(separator: ", "))]")
            return (line, ArticleJSON(id: id, handle: handles.count, account: names[article.accountID] ?? "", feed: article.feedTitle,
                                      title: article.title, url: article.url, starred: article.starred, read: article.read == .read, matched_by: nil))
        }
        for group in run.groups {
            guard var first = try describe(group.first) else { continue }
            lines.append(first.line)
            var later: [ArticleJSON] = []
            for copy in group.later {
                guard var shown = try describe(copy.id) else { continue }
                lines.append("   = \(shown.line), same \(copy.matchedBy)")
                shown.article.matched_by = copy.matchedBy
                later.append(shown.article)
            }
            first.article.matched_by = nil
            json.append(GroupJSON(first: first.article, later: later))
        }
        session.handles.remember(handles)
        let copies = run.groups.reduce(0) { $0 + $1.later.count }
        var summary = run.groups.isEmpty ? ["No story is stored more than once."]
            : ["\(run.groups.count) stor\(run.groups.count == 1 ? "y" : "ies") stored more than once, \(copies) later cop\(copies == 1 ? "y" : "ies")."]
        if !run.groups.isEmpty { summary.append(handledLine(run, copies: copies, dryRun: dryRun)) }
        return CommandOutput(text: (lines + summary).joined(separator: "\n"),
                             json: DuplicatesJSON(groups: json, dry_run: dryRun, handling: run.handled?.handling.rawValue ?? "off",
                                                  acted: run.handled?.acted ?? [], changed: run.handled?.changed ?? 0, sent: run.sent))
    }

    /// What became of the later copies: handled (and sent), or why nothing changed.
    static func handledLine(_ run: AccountManager.DuplicatesRun, copies: Int, dryRun: Bool) -> String {
        if dryRun { return "Dry run: nothing changed." }
        guard let handled = run.handled else {
            return "sync.duplicates is off: nothing changed ('lector settings set sync.duplicates mark-read' or 'hide' handles later copies)."
        }
        let left = copies - handled.acted.count
        let leftText = left > 0 ? " (\(left) starred or handled before, left alone)" : ""
        switch handled.handling {
        case .hide: return "\(handled.acted.count) later cop\(handled.acted.count == 1 ? "y" : "ies") hidden\(leftText)."
        default: return "\(handled.changed) later cop\(handled.changed == 1 ? "y" : "ies") marked read\(leftText)\(MarkFlush.ending(run.sent))"
        }
    }

    struct ArticleJSON: Encodable, Sendable {
        let id: Int64
        let handle: Int
        let account: String
        let feed: String
        let title: String
        let url: String?
        let starred: Bool
        let read: Bool
        /// The key that told a later copy is one (`address`, `guid`, `title`); absent for the first.
        var matched_by: String?
    }

    struct GroupJSON: Encodable, Sendable {
        let first: ArticleJSON
        let later: [ArticleJSON]
    }

    struct DuplicatesJSON: Encodable, Sendable {
        let groups: [GroupJSON]
        let dry_run: Bool
        let handling: String
        let acted: [Int64]
        let changed: Int
        let sent: Bool?
    }
}
