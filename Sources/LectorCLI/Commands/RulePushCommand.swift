import LectorAccounts
import LectorStore
import LectorSync

extension RuleCommands {
    static let push = CommandSpec(
        ["rule", "push"], "hand a rule to the servers that can run it themselves",
        discussion: "Lector records the lines it adds: 'rule remove', 'rule disable' and 'rule unpush' take those off again, and 'rule enable' pushes a pushed rule again. Miniflux takes a hide rule of matches, contains and = tests of title, url, content and author joined by 'or' as its feeds' block filter (under one 'not': keep filter); FreshRSS takes a read rule of contains tests of title, author and url with and, or and not as its feeds' mark-as-read searches. The lines are added to what each feed in the rule's scope has (a rule of a whole Miniflux account: to the user's own filters, for every feed); pushing again changes nothing. Lector keeps running the rule here too; 'rule list' shows what runs where and 'lector help rules' why. Exit 2 when nothing was pushed (no server account in the rule's scope, or none can run it), 7 when some accounts took it and others cannot.",
        arguments: [name]
    ) { invocation, session in
        let rule = try named(invocation, session)
        let pushes = try session.accounts { (manager) throws(AccountsError) in try manager.pushRule(rule) }
        let lines = pushes.isEmpty ? ["No server account in the rule's scope: it runs here only."] : pushedLines(pushes)
        let output = CommandOutput(text: lines.joined(separator: "\n"), json: pushes.map(RulePushJSON.init))
        // A script must see that nothing went to a server: exit 2 as every request a service
        // cannot do; 7 when some accounts took the rule and others cannot run it.
        let refusing = pushes.filter { $0.placement.lines == nil }.map(\.account)
        if refusing.count == pushes.count {
            return output.failing(.usage, "rule push: nothing pushed: no server in the rule's scope can run '\(TerminalText.sanitize(rule.name))'; it runs here only")
        }
        if !refusing.isEmpty {
            return output.failing(.partial, "rule push: \(refusing.count) of \(pushes.count) account(s) cannot run '\(TerminalText.sanitize(rule.name))' on the server: \(refusing.map { "'\(TerminalText.sanitize($0))'" }.joined(separator: ", "))")
        }
        return output
    }

    /// One line per account of what a push did there.
    static func pushedLines(_ pushes: [RulePush]) -> [String] {
        pushes.map { push in
            guard push.placement.lines != nil else { return "= \(push.account): here only: \(reason(push.placement))" }
            if let changed = push.userFiltersChanged {
                return changed ? "~ \(push.account): the user's \(push.placement.name) (every feed)"
                    : "= \(push.account): the user's \(push.placement.name) has it already"
            }
            let feeds = push.changed.map { "'\(TerminalText.sanitize($0))'" }.joined(separator: ", ")
            let had = push.unchanged.isEmpty ? "" : " (\(push.unchanged.count) feed(s) had it already)"
            return push.changed.isEmpty ? "= \(push.account): \(push.placement.name) already on every feed\(had)"
                : "~ \(push.account): \(push.placement.name) of \(feeds)\(had)"
        }
    }

    static func reason(_ placement: ServerRulePlacement) -> String {
        if case .local(let why) = placement { return why }
        return ""
    }

    /// "Office: block filter (pushed); Home: here only" for `rule list`; "-" when no server account is in scope.
    static func servers(_ rule: Rule, _ placements: [(account: Account, placement: ServerRulePlacement)]) -> String {
        let pushed = rule.onServers ? " (pushed)" : ""
        return placements.isEmpty ? "-" : placements.map { account, placement in
            "\(account.name): \(placement.name)" + (placement.lines == nil ? "" : pushed)
        }.joined(separator: "; ")
    }
}

struct RulePushJSON: Encodable, Sendable {
    let account: String
    let form: String
    let lines: [String]?
    let reason: String?
    let changed: [String]
    let unchanged: [String]
    let user_filters_changed: Bool?

    init(_ push: RulePush) {
        (account, form, lines, changed, unchanged) = (push.account, push.placement.name, push.placement.lines, push.changed, push.unchanged)
        reason = push.placement.lines == nil ? RuleCommands.reason(push.placement) : nil
        user_filters_changed = push.userFiltersChanged
    }
}
