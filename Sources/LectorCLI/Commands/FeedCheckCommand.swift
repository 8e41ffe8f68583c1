import FoundationEssentials
import Glibc
import LectorAccounts
import LectorBasics
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorSync

/// `feed check`: the health of every subscription, worst first, and with --fix the repairs.
enum FeedCheckCommand {
    static let check = CommandSpec(
        ["feed", "check"], "check every subscription's health: moved, gone, failing, stale, not a feed, duplicate",
        discussion: "Each feed's address is asked once, politely: conditionally (ETag, Last-Modified), one request per server at a time, and not while its server's Retry-After holds (the last findings are shown, a sync's permanent redirect or web page among them); a check is asked for, so the fetch floor does not hold it back. A 301/308 redirect is a move (a login in its Location is dropped); 404 over three checks a fetch floor (15 minutes) apart, a 410 (the server says the feed was removed) at once, or a host name that no longer resolves, is gone; a web page instead of a feed lists the feeds discovery finds on it; no new entry for the feed.stale-after setting (days) is stale; the same canonical address subscribed twice in one account, in any folders, is a duplicate (the same feed in two accounts, as account copy makes it, is said once in a note). Miniflux accounts add the server's own parsing errors. The table is sorted by severity (error, warning, info, ok), then by account and title (Feed 2 before Feed 10); on a terminal the feed's title gets the width first and the findings wrap under its row. --fix proposes repairs (a moved feed to its new address, a page with one feed to that feed, the later copy of a duplicate in one account and a gone feed unsubscribed) asks about each one and applies the chosen ones after the last answer (Ctrl-C at any question changes nothing), or applies them all at once with --yes; --dry-run only prints them. On FreshRSS and Feedbin, which cannot change an address, a moved feed is re-subscribed: its starred articles are starred again in the new subscription before the old one goes, and the old one stays when one of them is not there. A repair that would carry a feed's login to another origin says so, asks about it in so many words, and is never applied by --yes alone: --move-login-to ORIGIN consents for scripts. Exit 0 when the check ran, whatever it found.",
        options: [
            OptionSpec.account,
            OptionSpec("fix", "propose repairs and apply them after confirmation"),
            OptionSpec("dry-run", short: "n", "with --fix: print the repairs; change nothing"),
            OptionSpec("yes", short: "y", "with --fix: apply the repairs without asking (a feed's login never moves to another origin on --yes alone)"),
            OptionSpec("move-login-to", value: "ORIGIN", "with --fix: let a feed's login move with its feed to ORIGIN (scheme://host[:port]), for scripts; at a terminal you are asked"),
        ]
    ) { invocation, session in
        let consented = try consentedOrigin(invocation)
        let now = Date()
        let staleAfter = try session.preferences().feedStaleAfterDays
        let keyring = session.keyring
        let run = try session.accounts { (manager) throws(AccountsError) in
            try manager.checkFeeds(try manager.accountsToCheck(named: invocation.value("account")), staleAfterDays: staleAfter,
                                   credentials: { FeedLogin.credentials(for: $0, keyring: keyring) }, now: now)
        }
        let (lines, notes, json) = reportText(run, session: session, now: now)
        guard invocation.flag("fix") else {
            // In the plain format stdout is the table alone: the notes and the summary go to stderr.
            if session.tablesArePlain && !invocation.wantsJSON {
                Console.write(lines.dropFirst().map { $0 + "\n" }.joined(), to: STDERR_FILENO)
                return CommandOutput(text: run.report.feeds.isEmpty ? "" : lines[0], json: json)
            }
            // A report longer than the screen pages in the REPL as article list does; --fix asks questions, so it does not.
            let text = lines.joined(separator: "\n")
            return Pager.pageInREPL(text + "\n", json: invocation.wantsJSON, session: session)
                ? CommandOutput(text: "", json: json) : CommandOutput(text: text, json: json)
        }
        // With --fix stdout is the report and its repairs: the notes go to stderr.
        if !notes.isEmpty && !invocation.wantsJSON { Console.write(notes.map { $0 + "\n" }.joined(), to: STDERR_FILENO) }
        return try fix(run, invocation, session, report: lines.filter { !notes.contains($0) }, json: json, consented: consented)
    }

    /// The table, the notes and the summary line of a check (and the notes alone), and its JSON without repairs.
    static func reportText(_ run: FeedCheckRun, session: Session, now: Date) -> (lines: [String], notes: [String], json: CheckJSON) {
        let report = run.report
        let counts = HealthSeverity.allCases.reversed().map { severity in (severity, report.feeds.filter { $0.severity == severity }.count) }
        let summary = "\(report.feeds.count) feed(s) checked, \(report.requests) request(s): "
            + counts.map { "\($0.1) \($0.0.name)" }.joined(separator: ", ") + "."
        let table = table(report.feeds, showAccount: run.accounts.count > 1, now: now, width: session.tablesArePlain ? nil : session.terminalWidth)
        let notes = run.shortfalls.map { shortfall in
            switch shortfall {
            case .withoutServer(let account, let cause):
                "note: '\(account.name)': \(TerminalText.sanitize(CLIError(cause).description)); its repairs and server-side errors are left out"
            case .serverErrorsUnread(let account, let cause):
                "note: '\(account.name)': the server's own feed errors could not be read: \(TerminalText.sanitize(cause.description))"
            }
        }
        // Copies in other accounts are what account copy makes: said once, never a duplicate per feed.
        let copies = report.alsoInAnotherAccount == 0 ? [] : ["note: \(report.alsoInAnotherAccount) feed(s) are also subscribed in another "
                                                               + "account (as account copy makes them): not counted as duplicates"]
        let json = CheckJSON(requests: report.requests, feeds: report.feeds.map { FeedJSON($0) },
                             alsoInAnotherAccount: report.alsoInAnotherAccount, repairs: nil, exitCode: 0)
        return ((report.feeds.isEmpty ? ["No feeds."] : [table]) + notes + copies + [summary], notes + copies, json)
    }

    /// `--fix`: lists the repairs, then prints them (--dry-run), asks about each (at a terminal)
    /// or takes them all (--yes), and applies the chosen ones.
    static func fix(_ run: FeedCheckRun, _ invocation: Invocation, _ session: Session, report: [String], json: CheckJSON,
                    consented: String?) throws(CLIError) -> CommandOutput {
        var lines = report, json = json
        var chosen = run.repairs
        let total = chosen.map(\.plan.steps.count).reduce(0, +)
        guard total > 0 else {
            json.repairs = []
            return CommandOutput(text: (lines + ["Nothing to repair."]).joined(separator: "\n"), json: json)
        }
        lines.append("Repairs:")
        for (account, plan) in chosen {
            lines.append("  \(TerminalText.sanitize(account.name)):")
            for step in plan.steps { lines.append("    " + (try repairLine(step, of: account, in: run))) }
        }
        json.repairs = chosen.map { RepairJSON(account: $0.account.name, steps: PlanOutput.steps($0.plan, nil)) }
        if invocation.flag("dry-run") { return CommandOutput(text: lines.joined(separator: "\n"), json: json) }
        if !invocation.flag("yes") {
            guard Prompter.isInteractive else {
                return CommandOutput(text: lines.joined(separator: "\n"), json: json)
                    .failing(.usage, "feed check --fix: pass --yes to apply the \(total) repair(s) when not at a terminal")
            }
            Console.out(lines.joined(separator: "\n") + "\n")
            lines = []
            chosen = try chosenRepairs(chosen, of: run)
            guard !chosen.isEmpty else { return .message("Nothing changed.") }
        }
        return try applied(chosen, of: run, answered: !invocation.flag("yes"), consented: consented, session: session, lines: lines, json: json)
    }

    /// Applies the chosen repairs and renders their outcomes. A login goes to another origin only
    /// where a person said so: the question a repair that moves one asks at a terminal, or
    /// --move-login-to naming that origin; never --yes alone.
    static func applied(_ chosen: [(account: Account, plan: AdministrationPlan)], of run: FeedCheckRun, answered: Bool, consented: String?,
                        session: Session, lines: [String], json: CheckJSON) throws(CLIError) -> CommandOutput {
        var lines = lines, json = json
        let results = try session.accounts { manager in
            manager.applyRepairs(chosen, of: run, loginMovesConsented: { account, plan in
                Set((answered ? plan.steps.compactMap { run.loginOriginChange($0, of: account)?.to } : []) + (consented.map { [$0] } ?? []))
            }, shouldStop: { Interrupt.isRequested })
        }
        var failures: [FailureJSON] = [], outcomes: [Outcome] = []
        for result in results {
            let (outcomeLines, status) = PlanOutput.outcomeText(result.plan, result.outcomes, account: result.account.name)
            lines += outcomeLines
            outcomes.append(status == .ok ? .ok : (result.outcomes.contains(.done) ? .partial : .failed))
            for case .failed(let error) in result.outcomes { failures.append(FailureJSON(feed: nil, url: nil, error: CLIError(error))) }
        }
        let exit = RunStatus.of(outcomes: outcomes, failures: failures)
        json.repairs = results.map { RepairJSON(account: $0.account.name, steps: PlanOutput.steps($0.plan, $0.outcomes)) }
        json.exitCode = exit.rawValue
        let output = CommandOutput(text: lines.joined(separator: "\n"), json: json)
        return exit == .ok ? output : output.failing(exit, "feed check --fix: \(failures.count) repair(s) failed: run it again to retry them")
    }

    /// The origin `--move-login-to` names, as `HTTPOrigin.name` writes it; refused unless it is one.
    static func consentedOrigin(_ invocation: Invocation) throws(CLIError) -> String? {
        guard let text = invocation.value("move-login-to") else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            throw .usage("--move-login-to takes an origin, scheme://host[:port] (e.g. https://feeds.example:8443), not '\(TerminalText.sanitize(text))'")
        }
        return HTTPOrigin.name(url)
    }

    /// Asks about each repair on its own, and only after the last answer is anything applied:
    /// Ctrl-C at any question changes nothing. A repair that would carry a feed's login to
    /// another origin asks about that in so many words. The accounts with a repair chosen.
    static func chosenRepairs(_ plans: [(account: Account, plan: AdministrationPlan)],
                              of run: FeedCheckRun) throws(CLIError) -> [(account: Account, plan: AdministrationPlan)] {
        var chosen: [(account: Account, plan: AdministrationPlan)] = []
        for (account, plan) in plans {
            var kept = AdministrationPlan()
            for step in plan.steps {
                let line = try repairLine(step, of: account, in: run)
                let question = run.loginOriginChange(step, of: account)
                    .map { "\(line): move it, and send its login to \($0.to)?" } ?? "\(line)?"
                if try Prompter.confirm("\(TerminalText.sanitize(account.name)): \(question)") { kept.steps.append(step) }
            }
            if !kept.isEmpty { chosen.append((account, kept)) }
        }
        return chosen
    }

    static func findingsText(_ health: FeedHealth, now: Date) -> String {
        let parts = findingParts(health, now: now)
        return parts.isEmpty ? "ok" : parts.joined(separator: "; ")
    }

    /// One sentence per finding, outside text sanitised; none for a healthy feed that was asked.
    static func findingParts(_ health: FeedHealth, now: Date) -> [String] {
        let s = TerminalText.sanitize
        var parts = health.findings.map { finding -> String in
            switch finding {
            case .gone(let reason): "gone: \(s(reason.description))"
            case .failing(let reason, let checks):
                "failing (\(checks) in a row\(health.failingSince.map { ", since \(age($0, now: now))" } ?? "")): \(s(reason))"
            case .moved(let url): "moved for good to \(s(url.absoluteString))"
            case .notAFeed(let candidates):
                "a web page, not a feed" + (candidates.isEmpty ? " (no feed found on it)" : "; feeds on it: " + candidates.map { s($0.absoluteString) }.joined(separator: ", "))
            case .stale(let newest): "stale: " + (newest.map { "newest entry \(age($0, now: now))" } ?? "no entries")
            case .duplicate(let others): "also subscribed as " + others.map(s).joined(separator: "; ")
            case .serverReports(let error): "the server reports \(error.count) error(s) in a row: \(s(error.message))"
            case .paused: "paused: not fetched until 'lector feed resume'"
            }
        }
        if !health.requested && parts.isEmpty { parts.append("ok (not asked again yet: its server asked to wait)") }
        return parts
    }

    static func age(_ seconds: Double?, now: Date) -> String {
        guard let seconds else { return "never" }
        let delta = max(0, now.timeIntervalSince1970 - seconds)
        switch delta {
        case ..<60: return "just now"
        case ..<3_600: return "\(Int(delta / 60)) min ago"
        case ..<86_400: return "\(Int(delta / 3_600)) h ago"
        default: return "\(Int(delta / 86_400)) days ago"
        }
    }

    struct FindingJSON: Encodable, Sendable {
        let kind: String
        let severity: String
        let detail: String
        let to: String?
        let candidates: [String]?

        init(_ finding: HealthFinding) {
            kind = finding.kind
            severity = finding.severity.name
            switch finding {
            case .gone(let reason): (detail, to, candidates) = (reason.description, nil, nil)
            case .failing(let reason, let checks): (detail, to, candidates) = ("\(reason) (\(checks) in a row)", nil, nil)
            case .moved(let url): (detail, to, candidates) = ("moved for good", url.absoluteString, nil)
            case .notAFeed(let found): (detail, to, candidates) = ("a web page, not a feed", nil, found.map(\.absoluteString))
            case .stale(let newest): (detail, to, candidates) = (newest.flatMap { JSONOutput.timestamp($0) }.map { "newest entry \($0)" } ?? "no entries", nil, nil)
            case .duplicate(let others): (detail, to, candidates) = (others.joined(separator: "; "), nil, nil)
            case .serverReports(let error): (detail, to, candidates) = ("\(error.message) (\(error.count) in a row)", nil, nil)
            case .paused: (detail, to, candidates) = ("not fetched until resumed", nil, nil)
            }
        }
    }

    struct FeedJSON: Encodable, Sendable {
        let account: String
        let feed: String
        let url: String
        let folder: String?
        let severity: String
        let lastSuccess: String?
        let lastError: String?
        let failingSince: String?
        let requested: Bool
        let findings: [FindingJSON]

        init(_ health: FeedHealth) {
            account = health.account.name
            feed = health.feed.title
            url = health.feed.url
            folder = health.folderName
            severity = health.severity.name
            lastSuccess = JSONOutput.timestamp(health.lastSuccessAt)
            lastError = health.lastError
            failingSince = JSONOutput.timestamp(health.failingSince)
            requested = health.requested
            findings = health.findings.map(FindingJSON.init)
        }

        enum CodingKeys: String, CodingKey {
            case account, feed, url, folder, severity, requested, findings
            case lastSuccess = "last_success"
            case lastError = "last_error"
            case failingSince = "failing_since"
        }
    }

    struct RepairJSON: Encodable, Sendable {
        let account: String
        let steps: [PlanOutput.StepJSON]
    }

    struct CheckJSON: Encodable, Sendable {
        let requests: Int
        let feeds: [FeedJSON]
        let alsoInAnotherAccount: Int
        var repairs: [RepairJSON]?
        var exitCode: Int32

        enum CodingKeys: String, CodingKey {
            case requests, feeds, repairs
            case alsoInAnotherAccount = "also_in_another_account"
            case exitCode = "exit_code"
        }
    }
}
