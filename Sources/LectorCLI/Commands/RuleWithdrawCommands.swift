import LectorAccounts

extension RuleCommands {
    static let local = OptionSpec("local", "here only: the lines 'rule push' gave servers stay there")

    static let unpush = CommandSpec(
        ["rule", "unpush"], "take a pushed rule's lines off the servers; it keeps running here",
        discussion: "The lines 'rule push' recorded for this rule go; on a filter of its scope where it has none recorded (a push killed under an older Lector, or made on another machine), every line its text produces that the filter holds goes — there a line typed in by hand that is the same goes too ('rule remove' and 'rule disable' take off only the recorded lines). A line a filter had before a recorded push, or one another pushed rule holds (by its record or its text), stays. 'rule enable' no longer pushes it again.",
        arguments: [name]
    ) { invocation, session in
        let rule = try named(invocation, session)
        let withdrawals = try session.accounts { (manager) throws(AccountsError) in try manager.unpushRule(rule) }
        let lines = withdrawnLines(withdrawals)
        return CommandOutput(text: lines.isEmpty ? "Rule '\(rule.name)' has no lines on a server." : lines.joined(separator: "\n"),
                             json: withdrawals.map(RuleWithdrawalJSON.init))
    }

    /// "- Server: the rule's lines off 'Harbour News'" for each account whose filters lost some.
    static func withdrawnLines(_ withdrawals: [RuleWithdrawal]) -> [String] {
        withdrawals.flatMap { withdrawal -> [String] in
            var lines: [String] = []
            if withdrawal.userFiltersChanged == true { lines.append("- \(withdrawal.account): the rule's lines off the user's filters (every feed)") }
            if !withdrawal.changed.isEmpty {
                let feeds = withdrawal.changed.map { "'\(TerminalText.sanitize($0))'" }.joined(separator: ", ")
                lines.append("- \(withdrawal.account): the rule's lines off the filters of \(feeds)")
            }
            return lines
        }
    }
}

struct RuleWithdrawalJSON: Encodable, Sendable {
    let account: String
    let changed: [String]
    let user_filters_changed: Bool?

    init(_ withdrawal: RuleWithdrawal) {
        (account, changed, user_filters_changed) = (withdrawal.account, withdrawal.changed, withdrawal.userFiltersChanged)
    }
}
