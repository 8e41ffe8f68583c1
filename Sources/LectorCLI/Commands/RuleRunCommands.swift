import FoundationEssentials
import LectorAccounts
import LectorStore

extension RuleCommands {
    static let test = CommandSpec(
        ["rule", "test"], "try a filter or a rule on the stored articles, changing nothing",
        discussion: "Prints how many stored articles match and the first page of them, newest first (hidden ones too). EXPR is a rule's name or a filter.",
        arguments: [ArgumentSpec("EXPR", "a rule's name, or a filter", source: .filter)],
        options: [OptionSpec.account, OptionSpec("feed", value: "FEED", "only this feed", source: .feeds),
                  OptionSpec("folder", short: "f", value: "FOLDER", "only feeds in this folder", source: .folders),
                  OptionSpec("limit", short: "n", value: "N", "show at most N articles (default 20)")]
    ) { invocation, session in
        let store = try session.store()
        let typed = invocation.argument("EXPR") ?? ""
        let rule = try CLIError.catching { try store.rules.named(typed) }
        let filter = try FilterText.parse(rule?.expression ?? typed)
        let scope = try rule?.scope ?? RuleScopeOption.scope(invocation, session: session)
        let limit = try invocation.intValue("limit", range: 1...100_000) ?? 20
        let found = try CLIError.catching { try store.ruleEngine.test(filter, scope: scope, limit: limit, now: Date().timeIntervalSince1970) }
        session.handles.remember(found.page.map(\.id))
        let names = try session.accountNames()
        let rows = found.page.map { "  \(TerminalText.sanitize($0.title)) (\(TerminalText.sanitize($0.feedTitle)))" }
        let more = found.count > found.page.count ? ["  … and \(found.count - found.page.count) more"] : []
        let text = (["\(found.count) stored article(s) match\(rule.map { " rule '\($0.name)'" } ?? "")."] + rows + more).joined(separator: "\n")
        let json = RuleTestJSON(count: found.count, articles: found.page.enumerated().map {
            ArticleCommands.ArticleJSON($1, account: names[$1.accountID] ?? "", handle: $0 + 1)
        })
        return CommandOutput(text: text, json: json)
    }

    static let apply = CommandSpec(
        ["rule", "apply"], "run a rule over the articles stored already",
        discussion: "Prints the plan (one line per article the rule matches and has not acted on before), then acts, as a sync would; --dry-run only prints it. Reads and stars reach the server right after (3-second deadline) or at the next sync.",
        arguments: [name],
        options: [OptionSpec("dry-run", "only print what the rule would do")]
    ) { invocation, session in
        let rule = try named(invocation, session)
        let store = try session.store()
        let dryRun = invocation.flag("dry-run")
        let applied = try session.accounts { (manager) throws(AccountsError) in try manager.applyRule(rule, dryRun: dryRun) }
        let outcome = applied.outcome, sent = applied.sent
        let shown = try outcome.matched.prefix(planLines).map { id throws(CLIError) in try CLIError.catching { try store.articles.article(id) } }
        var lines = shown.compactMap { $0 }.map { "~ \(rule.action.rawValue) '\(TerminalText.sanitize($0.title))' (\(TerminalText.sanitize($0.feedTitle)))" }
        if outcome.matched.count > planLines { lines.append("  … and \(outcome.matched.count - planLines) more") }
        if outcome.matched.isEmpty { lines.append("Nothing to do: rule '\(rule.name)' matches no article it has not acted on.") }
        if !dryRun && !outcome.matched.isEmpty {
            lines.append("Applied rule '\(rule.name)' to \(outcome.matched.count) article(s): \(outcome.changed) changed\(MarkFlush.ending(sent))")
        }
        return CommandOutput(text: lines.joined(separator: "\n"),
                             json: RuleApplyJSON(rule: rule.name, action: rule.action.rawValue, dry_run: dryRun, articles: outcome.matched,
                                                 changed: outcome.changed, sent: sent))
    }

    /// How many of a plan's articles are printed one by one.
    static let planLines = 20

    struct RuleTestJSON: Encodable, Sendable {
        let count: Int
        let articles: [ArticleCommands.ArticleJSON]
    }

    struct RuleApplyJSON: Encodable, Sendable {
        let rule: String
        let action: String
        let dry_run: Bool
        let articles: [Int64]
        let changed: Int
        let sent: Bool?
    }
}

/// The `--account`, `--feed`, `--folder` of `rule add` and `rule test` as a rule's scope.
enum RuleScopeOption {
    static func scope(_ invocation: Invocation, session: Session) throws(CLIError) -> RuleScope {
        let store = try session.store()
        let account = try session.accountFilter(invocation)
        var scope = RuleScope(accountID: account?.id)
        switch (invocation.value("feed"), invocation.value("folder")) {
        case (let feed?, nil):
            let found = try Lookup.feed(titled: feed, accountID: account?.id, in: store)
            (scope.accountID, scope.feedID) = (found.accountID, found.id)
        case (nil, let folder?):
            let found = try Lookup.folder(named: folder, accountID: account?.id, in: store)
            (scope.accountID, scope.folderID) = (found.accountID, found.id)
        case (nil, nil): break
        case (_?, _?): throw CLIError.usage("a rule looks in a feed or in a folder: give --feed or --folder, not both")
        }
        return scope
    }
}

/// A rule in words, for its one-line summary and its scope column.
enum RuleText {
    static func scope(_ rule: Rule) -> String {
        let s = TerminalText.sanitize
        if let feed = rule.feedTitle { return "feed '\(s(feed))' (\(s(rule.accountName ?? "")))" }
        if let folder = rule.folderName { return "folder '\(s(folder))' (\(s(rule.accountName ?? "")))" }
        return rule.accountName.map { "account '\(s($0))'" } ?? "every account"
    }

    static func summary(_ rule: Rule) -> String {
        "\(TerminalText.sanitize(rule.expression)) → \(rule.action.rawValue), in \(scope(rule))\(rule.enabled ? "" : " (off)")"
    }
}

struct RuleJSON: Encodable, Sendable {
    let name: String
    let filter: String
    let action: String
    let account: String?
    let feed: String?
    let folder: String?
    let enabled: Bool
    let acted_on: Int
    /// Whether `rule push` handed it to servers (and `rule unpush` did not take it back).
    let pushed: Bool

    init(_ rule: Rule, hits: Int) {
        (name, filter, action, enabled, acted_on, pushed) = (rule.name, rule.expression, rule.action.rawValue, rule.enabled, hits, rule.onServers)
        (account, feed, folder) = (rule.accountName, rule.feedURL, rule.folderName)
    }
}
