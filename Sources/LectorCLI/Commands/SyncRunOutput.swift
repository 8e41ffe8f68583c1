import Glibc
import LectorAccounts
import LectorStore
import LectorSync

/// What `lector sync` prints for the core's report: a line per account (JSON: one result line),
/// the exit status, the one error line on stderr, and for timers the sync log.
struct SyncRunOutput {
    let results: [ResultJSON]
    /// Ctrl-C was pressed during the run.
    let interrupted: Bool

    func output(auto: Bool, json: Bool, logPath: String) -> CommandOutput {
        let failures = results.flatMap(\.failures)
        let interrupted = interrupted || results.contains { $0.outcome == .interrupted }
        let exit = interrupted ? .interrupted : RunStatus.of(outcomes: results.map(\.outcome), failures: failures)
        // When the whole run failed for one reason (the only account could not sync at all), that
        // reason is the error line on stderr and is not repeated on stdout: one error, printed once.
        let soleFailure = failures.count == 1 && !interrupted ? results.first { $0.outcome == .failed && $0.failures.first?.feed == nil } : nil
        let text = results.filter { $0.account != soleFailure?.account }.map(\.line).joined(separator: "\n")
        let overall = switch exit {
        case .ok: "ok"
        case .partial: "partial"
        case .interrupted: "interrupted"
        default: "failed"
        }
        var output = CommandOutput(text: text, json: ResultsJSON(outcome: overall, exitCode: exit.rawValue, results: results), endsStream: true)
        if auto {
            // Timers read the log and the exit code; cron mails whatever is printed, so print only failures.
            // The run itself is done: a log that cannot be written is said on stderr (cron mails it,
            // the journal keeps it) without changing the run's exit code.
            do throws(CLIError) {
                try SyncLog(path: logPath).append("\(overall) " + results.map(\.logLine).joined(separator: " | "))
            } catch {
                Console.note(error.description)
            }
            if exit == .ok && isatty(STDOUT_FILENO) == 0 && !json {
                output = CommandOutput(text: "", json: ResultsJSON(outcome: overall, exitCode: 0, results: results), endsStream: true)
            }
        }
        guard exit != .ok else { return output }
        if let soleFailure { return output.failing(exit, "\(soleFailure.account): \(failures[0].cause)") }
        if interrupted { return output.failing(exit, "sync interrupted: what was synced is kept; the rest waits for the next sync") }
        let failedAccounts = results.filter { $0.outcome == .failed }.count
        let summary = "sync: \(failures.count) failure(s)" + (failedAccounts > 0 ? " (\(failedAccounts) account(s) failed)" : "")
            + (exit == .partial ? "; the rest was synced" : "")
        return output.failing(exit, summary)
    }

    /// The last line of `sync --json`.
    struct ResultsJSON: Encodable, Sendable {
        var event = "result"
        /// `ok`, `partial` or `failed` for the whole run.
        let outcome: String
        let exitCode: Int32
        let results: [ResultJSON]

        enum CodingKeys: String, CodingKey {
            case event, outcome, results
            case exitCode = "exit_code"
        }
    }

    struct ResultJSON: Encodable, Sendable {
        let account: String
        let outcome: Outcome
        let detail: String
        let failures: [FailureJSON]
        /// The starred articles a restore kept for this sync, put back by it (absent when none waited).
        let starredRestored: StarredPutBackJSON?

        enum CodingKeys: String, CodingKey {
            case account, outcome, detail, failures
            case starredRestored = "starred_restored"
        }

        /// One account's result; `comparison` is asked only after a full remote sync (see
        /// `SyncCommands.comparedWithRestoredBackup`).
        init(_ report: AccountSyncReport, comparison: () -> [String]) {
            account = report.account.name
            outcome = report.outcome
            failures = report.failures.map(FailureJSON.init)
            detail = Self.detail(report, failures: failures, comparison: comparison) + Self.copies(report.copies) + Self.rules(report.rules, sent: report.rulesSent)
                + (report.rulesPlaced.isEmpty ? "" : "; restored rule(s) put in: " + report.rulesPlaced.map(TerminalText.sanitize).joined(separator: ", "))
                + (report.starredRestored.map(Self.starredPutBack) ?? "")
            starredRestored = report.starredRestored.map(StarredPutBackJSON.init)
        }

        /// "starred from the restore: 2 of 2 put back (0 found again, 2 re-created), 0 not taken",
        /// said once, by the sync that put them back; what no server took is named, what waits
        /// for the next sync is counted with its reason.
        private static func starredPutBack(_ report: StarredRestoreReport) -> String {
            let put = report.matched + report.recreated
            var text = "\n  starred from the restore: \(put) of \(report.wanted) put back (\(report.matched) found, \(report.newlyStarred) newly starred, "
                + "\(report.recreated) re-created), \(report.notTaken.count) not taken"
            if let failure = report.failure {
                text += "; \(report.waitingForNextSync) wait for the next sync: \(TerminalText.sanitize(CLIError(failure).description))"
            }
            return text + report.notTaken.map { article in
                "\n  not taken: '\(TerminalText.sanitize(article.title))' (\(TerminalText.sanitize(article.feedTitle)))"
                    + (article.url.map { " <\(TerminalText.sanitize($0))>" } ?? "") + ": \(TerminalText.sanitize(article.reason))"
            }.joined()
        }

        /// "; duplicates: 2 later copies marked read": what `sync.duplicates` did to what arrived.
        private static func copies(_ handled: AccountManager.HandledCopies?) -> String {
            guard let handled, !handled.acted.isEmpty else { return "" }
            let count = handled.handling == .hide ? handled.acted.count : handled.changed
            return "; duplicates: \(count) later cop\(count == 1 ? "y" : "ies") " + (handled.handling == .hide ? "hidden" : "marked read")
        }

        /// "; rules: crypto read 2 of 3, tides hid 1 (2 change(s) sent to the server)": what the
        /// rules did to what arrived, and whether the server has it already.
        private static func rules(_ outcomes: [RuleOutcome], sent: RulesSent?) -> String {
            let acted = outcomes.filter { !$0.matched.isEmpty }.map { outcome in
                let verb = switch outcome.rule.action {
                case .read: "read"
                case .star: "starred"
                case .hide: "hid"
                case .notify: "notified of"
                case .label(let name): "labelled '\(TerminalText.sanitize(name))'"
                }
                let count = outcome.changed == outcome.matched.count ? "\(outcome.changed)" : "\(outcome.changed) of \(outcome.matched.count)"
                return "\(TerminalText.sanitize(outcome.rule.name)) \(verb) \(count)"
            }
            guard !acted.isEmpty else { return "" }
            let reached = switch sent {
            case .sent(let count)?: " (\(count) change(s) sent to the server)"
            case .waiting(let reason)?: " (not sent yet: \(TerminalText.sanitize(reason)); the next sync sends them)"
            case .nothing?, nil: ""
            }
            return "; rules: " + acted.joined(separator: ", ") + reached
        }

        private static func detail(_ report: AccountSyncReport, failures: [FailureJSON], comparison: () -> [String]) -> String {
            switch report.detail {
            case .fetched(let fetched): fetchedDetail(fetched, failed: failures.count)
            case .nothingToPush: "nothing to push: a local account has no server"
            case .pushed(let pushed): "\(pushed.pushed) change(s) sent"
            case .synced(let synced):
                (["\(synced.pushed) change(s) sent, \(synced.feeds) feed(s), \(synced.newArticles) new article(s), \(synced.stateChanges) state change(s) from the server"]
                    + synced.departed.map(departure) + synced.keptOut.map(TerminalText.sanitize) + comparison()).joined(separator: "\n  ")
            case .recentlySynced(let minutes, let floor): "synced \(minutes) min ago; automatic syncs wait \(floor) min"
            case .alreadySyncing(let pid): SyncError.alreadySyncing(account: report.account.name, pid: pid).description
            case .stopped: "stopped by Ctrl-C"
            case .failed: failures.first?.cause ?? ""
            }
        }

        /// "feed 'Harbour' left the server's list: kept here with its 2 starred article(s) …": what
        /// went and what stayed of a feed the server stopped listing.
        private static func departure(_ feed: DepartedFeed) -> String {
            let name = "feed '\(TerminalText.sanitize(feed.title))' left the server's list"
                + (feed.mayBeHidden ? " (unsubscribed, or hidden there)" : "")
            guard !feed.feedRemoved else { return "\(name): removed with its \(feed.removed) article(s), none starred or waiting to be sent" }
            var kept = ["\(feed.starred) starred"]
            if feed.kept > feed.starred { kept.append("\(feed.kept - feed.starred) labelled or with a change to send") }
            let unsent = feed.unsent > 0 ? "; \(feed.unsent) change(s) not sent yet are kept and go with the next sync" : ""
            return "\(name): kept here with \(kept.joined(separator: " and ")) article(s)\(unsent); \(feed.removed) other article(s) removed"
        }

        /// A local account's feeds: how many were fetched, or how far an interrupted run got.
        private static func fetchedDetail(_ report: LocalFeedSync.Report, failed: Int) -> String {
            var detail = "\(report.fetched) feed(s) updated, \(report.unchanged) unchanged, \(report.newArticles) new article(s)"
            if let interruption = report.interruption {
                detail = "\(interruption.synced) of \(interruption.total) feeds synced, \(report.newArticles) new article(s)"
            }
            if report.skipped > 0 { detail += ", \(report.skipped) waiting (backoff)" }
            if report.restoredMarks > 0 { detail += ", backup marks restored on \(report.restoredMarks) article(s)" }
            if failed > 0 { detail += "; \(failed) failed" }
            return detail
        }

        /// "Home: 3 feed(s) updated …" then one indented line per failure.
        var line: String {
            let head = "\(account): \(outcome == .ok ? "" : outcome.rawValue + ": ")\(detail)"
            let failed = outcome == .failed && failures.count == 1 && failures[0].feed == nil
                ? [] : failures.map { "  failed: \($0.feed ?? account)\($0.url.map { " <\($0)>" } ?? ""): \($0.cause)" }
            return ([head] + failed).joined(separator: "\n")
        }

        /// One log entry: the account, its outcome and its failures, on one line.
        var logLine: String {
            "\(account): \(outcome.rawValue)" + (failures.isEmpty ? "" : " (" + failures.map { "\($0.feed ?? "account") [\($0.kind)]: \($0.cause)" }.joined(separator: "; ") + ")")
        }
    }
}

/// `starred_restored` in a sync's JSON result: what the sync put back of the starred articles a
/// restore kept for it.
struct StarredPutBackJSON: Encodable, Sendable {
    let wanted: Int
    let matched: Int
    let newlyStarred: Int
    let recreated: Int
    let notTaken: Int
    /// Left for the next sync (a failure stopped this one), with why.
    let waiting: Int
    let failure: String?

    init(_ report: StarredRestoreReport) {
        (wanted, matched, newlyStarred, recreated, notTaken) = (report.wanted, report.matched, report.newlyStarred, report.recreated, report.notTaken.count)
        waiting = report.waitingForNextSync
        failure = report.failure.map { CLIError($0).description }
    }

    enum CodingKeys: String, CodingKey {
        case wanted, matched, recreated, waiting, failure
        case newlyStarred = "newly_starred", notTaken = "not_taken"
    }
}
