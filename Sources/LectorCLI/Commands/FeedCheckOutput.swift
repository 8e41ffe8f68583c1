import FoundationEssentials
import LectorAccounts
import LectorStore
import LectorSync

/// How `feed check` shows its report and its repairs.
extension FeedCheckCommand {
    /// The report as a table. On a terminal (`width`) the feed's title gets the width first and
    /// each finding wraps under its row; for a pipe (nil) one whole row per feed, findings in a
    /// column, tab-separated like every table.
    static func table(_ feeds: [FeedHealth], showAccount: Bool, now: Date, width: Int?) -> String {
        guard let width else {
            return PlainColumns.feedCheck.render(feeds.map { health in
                [health.severity.name, health.account.name, health.feed.title, findingsText(health, now: now), lastOK(health, now: now)]
            })
        }
        let lead = ["SEVERITY"] + (showAccount ? ["ACCOUNT"] : [])
        func start(_ health: FeedHealth) -> [String] { [health.severity.name] + (showAccount ? [health.account.name] : []) + [health.feed.title] }
        var table = TextTable(lead + ["FEED", "LAST OK"], flexibleColumn: lead.count)
        for health in feeds { table.add(start(health) + [lastOK(health, now: now)]) }
        let rendered = table.render(width: width).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var lines = Array(rendered.prefix(1))
        for (row, health) in zip(rendered.dropFirst(), feeds) {
            lines.append(row)
            lines += findingParts(health, now: now).map { HelpWrapping.fit("    " + $0, width: width) }
        }
        return lines.joined(separator: "\n")
    }

    /// When Lector last fetched the feed fine; a remote account's feed that only its server has
    /// fetched is not "never" (the server's fetches are not Lector's to date).
    static func lastOK(_ health: FeedHealth, now: Date) -> String {
        health.lastSuccessAt == nil && health.account.kind.hasServer ? "—" : age(health.lastSuccessAt, now: now)
    }

    /// A repair as the plan lists it and its question asks it: what re-subscribing leaves behind
    /// on a service that cannot change an address, and where a login would go.
    static func repairLine(_ step: PlanStep, of account: Account, in run: FeedCheckRun) throws(CLIError) -> String {
        guard case .changeAddress(let feed, let url) = step else { return PlanOutput.line(step) }
        let change: AddressChange?
        do { change = try run.addressChange(feed) } catch { throw CLIError(error) }
        guard let change else { return PlanOutput.line(step) }
        let s = TerminalText.sanitize
        var line: String
        switch change {
        case .inPlace:
            line = PlanOutput.line(step)
        case .resubscribe(let articles, let starred):
            line = "~ feed '\(s(feed.title))': re-subscribe at \(s(url.absoluteString)): a \(account.kind.rawValue) account cannot change an address; "
                + "its \(articles) article(s)\(starred > 0 ? ", \(starred) starred," : "") go with the old subscription"
                + (starred > 0 ? " (the starred ones are starred again in the new one first; if one is not there, the old subscription stays)" : "")
        }
        if let change = run.loginOriginChange(step, of: account) {
            line += "; its login (\(s(feed.loginUser ?? ""))) would go from \(change.from) to \(change.to)"
        }
        return line
    }

}
