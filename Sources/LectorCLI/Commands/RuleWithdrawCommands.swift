import LectorAccounts

extension RuleCommands {
    static let local = OptionSpec("local", "here only: the lines 'rule push' gave servers stay there")

    static let unpush = CommandSpec(
        ["rule", "unpush"], "take a pushed rule's lines off the servers; it keeps running here",
        discussion: "Every line the rule's text produces goes from the filters of the feeds in its scope that hold it: the lines 'rule push' recorded, and those a push killed under an older Lector (or made on another machine) left unrecorded; a line another pushed rule holds too (by its record or its text) stays. A line typed into a filter by hand that is the same as one the rule produces goes too: 'rule remove' and 'rule disable' take off only the recorded lines. 'rule enable' no longer pushes it again.",
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
