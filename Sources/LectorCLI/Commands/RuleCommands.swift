import FoundationEssentials
import LectorAccounts
import LectorStore

/// `rule …`: filters that act on articles (docs/rules.md). The store keeps and runs them; a
/// command parses, asks, calls one store operation and renders.
enum RuleCommands {
    static let all: [CommandSpec] = [add, list, show, remove, enable, disable, test, apply, push, unpush]

    static let name = ArgumentSpec("NAME", "the rule", source: .rules)

    static let add = CommandSpec(
        ["rule", "add"], "add a rule: what the filter matches in each sync gets the action",
        discussion: "The filter is the language of 'lector help rules' (quote it as one word). Each sync runs the enabled rules over the articles it brought in; 'rule apply' runs one over what is stored already. A rule acts on an article once, never unstars and never marks unread.",
        arguments: [ArgumentSpec("NAME", "a name of your choice"), ArgumentSpec("EXPR", "the filter", source: .filter)],
        options: [
            OptionSpec("then", value: "ACTION", "what to do with what it matches: read, star, hide or label:NAME",
                       source: .choices(RuleAction.allCases.map { Choice($0.rawValue, $0.help) } + [Choice("label:", RuleAction.label("").help)])),
            OptionSpec.account,
            OptionSpec("feed", value: "FEED", "only articles of this feed", source: .feeds),
            OptionSpec("folder", short: "f", value: "FOLDER", "only articles of feeds in this folder", source: .folders),
        ]
    ) { invocation, session in
        let ruleName = invocation.argument("NAME") ?? ""
        guard !ruleName.trimmingWhitespace.isEmpty else { throw CLIError.usage("the rule's name is empty") }
        let expression = invocation.argument("EXPR") ?? ""
        _ = try FilterText.parse(expression)
        let action = try action(invocation.value("then"))
        let scope = try RuleScopeOption.scope(invocation, session: session)
        let rule = try session.accounts { (manager) throws(AccountsError) in
            try manager.addRule(name: ruleName, expression: expression, action: action, scope: scope)
        }
        return CommandOutput(text: "Added rule '\(rule.name)': \(RuleText.summary(rule)).", json: RuleJSON(rule, hits: 0))
    }

    static func action(_ typed: String?) throws(CLIError) -> RuleAction {
        let names = RuleAction.allCases.map(\.rawValue) + ["label:NAME"]
        guard let typed else { throw CLIError.usage("say what the rule does: --then \(names.joined(separator: "|"))") }
        // A label's name keeps its case; the word before it does not matter.
        let spelled = typed.lowercased().hasPrefix("label:") ? "label:" + typed.dropFirst(6) : typed.lowercased()
        guard let action = RuleAction(rawValue: spelled) else {
            throw CLIError.usage("unknown action '\(typed)': --then takes \(names.joined(separator: ", "))" + Suggestion.hint(for: typed, in: names))
        }
        return action
    }

    static let list = CommandSpec(["rule", "list"], "list rules: filter, action, scope, whether on, articles acted on, what servers can run") { _, session in
        let listings = try session.accounts { (manager) throws(AccountsError) in try manager.ruleListings() }
        var table = TextTable(["RULE", "ACTION", "SCOPE", "ON", "ACTED ON", "ON SERVERS", "FILTER"], flexibleColumn: 6)
        let rows = listings.map { listing in
            let rule = listing.rule
            return [rule.name, rule.action.rawValue, RuleText.scope(rule), PlainColumns.yesNo(rule.enabled), String(listing.hits),
                    servers(rule, listing.placements), rule.expression]
        }
        for row in rows { table.add(row) }
        let text = session.tablesArePlain ? PlainColumns.ruleList.render(rows)
            : listings.isEmpty ? "No rules. Add one with: lector rule add NAME 'EXPR' --then read" : table.render(for: session)
        return CommandOutput(text: text, json: listings.map { RuleJSON($0.rule, hits: $0.hits) })
    }

    static let show = CommandSpec(["rule", "show"], "show one rule", arguments: [name]) { invocation, session in
        let name = try named(invocation, session).name
        let listing = try session.accounts { (manager) throws(AccountsError) in try manager.ruleListing(named: name) }
        let (rule, hits, placements) = (listing.rule, listing.hits, listing.placements)
        let lines = ["Rule:     \(rule.name)", "Filter:   \(rule.expression)", "Action:   \(rule.action.rawValue)",
                     "Scope:    \(RuleText.scope(rule))", "Enabled:  \(rule.enabled ? "yes" : "no")",
                     "Acted on: \(hits) article(s)"]
        // Each server line on its own row, exactly as it is sent (a line may itself hold " | ").
        let servers = placements.map { account, placement in
            "  \(account.name): " + (placement.lines.map { lines in
                "\(placement.name), as the server runs it (one line each, any one matching):"
                    + lines.map { "\n    " + TerminalText.sanitize($0) }.joined()
            } ?? "here only: \(reason(placement))")
        }
        let heading = rule.onServers ? "On servers (pushed; rule unpush takes it back):" : "On servers (rule push):"
        return CommandOutput(text: (lines + (servers.isEmpty ? [] : [heading] + servers)).joined(separator: "\n"),
                             json: RuleJSON(rule, hits: hits))
    }

    static let remove = CommandSpec(
        ["rule", "remove"], "remove a rule (what it hid shows again); a pushed rule's lines come off the servers first",
        arguments: [name], options: [local]
    ) { invocation, session in
        let rule = try named(invocation, session)
        let local = invocation.flag("local")
        let withdrawals = try session.accounts { (manager) throws(AccountsError) in try manager.removeRule(rule, local: local) }
        return .message((withdrawnLines(withdrawals) + ["Removed rule '\(rule.name)'."]).joined(separator: "\n"))
    }

    static let enable = CommandSpec(["rule", "enable"], "turn a rule on: syncs run it again, and a pushed rule goes back to the servers",
                                    arguments: [name]) { invocation, session in
        let rule = try named(invocation, session)
        let (changed, pushes) = try session.accounts { (manager) throws(AccountsError) in try manager.enableRule(rule) }
        return .message((pushedLines(pushes) + ["Rule '\(rule.name)' is on\(changed ? "" : " already")."]).joined(separator: "\n"))
    }

    static let disable = CommandSpec(["rule", "disable"], "turn a rule off: syncs skip it, and a pushed rule's lines come off the servers",
                                     arguments: [name], options: [local]) { invocation, session in
        let rule = try named(invocation, session)
        let local = invocation.flag("local")
        let (changed, withdrawals) = try session.accounts { (manager) throws(AccountsError) in try manager.disableRule(rule, local: local) }
        return .message((withdrawnLines(withdrawals) + ["Rule '\(rule.name)' is off\(changed ? "" : " already")."]).joined(separator: "\n"))
    }

    /// The rule the NAME argument names.
    static func named(_ invocation: Invocation, _ session: Session) throws(CLIError) -> Rule {
        let typed = invocation.argument("NAME") ?? ""
        let store = try session.store()
        if let rule = try CLIError.catching({ try store.rules.named(typed) }) { return rule }
        let names = try CLIError.catching { try store.rules.all().map(\.name) }
        throw CLIError.notFound("no rule named '\(typed)'" + Suggestion.hint(for: typed, in: names))
    }
}
