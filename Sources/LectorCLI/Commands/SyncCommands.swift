import FoundationEssentials
import Glibc
import LectorAccounts
import LectorFeeds
import LectorSettings
import LectorStore
import LectorSync

enum SyncCommands {
    static let all: [CommandSpec] = [sync]

    static let sync = CommandSpec(
        ["sync"], "sync accounts: push your changes, then fetch what is new",
        discussion: "A sync you ask for always runs. --auto (for timers) declines for an account synced within the interval of the sync settings, never less than 15 minutes. --push-only sends queued changes and nothing else. With --json the output is JSON lines: progress events ({\"event\": \"progress\", …}) as they happen, then one {\"event\": \"result\", \"outcome\", \"exit_code\", \"results\": […]} line; each result has the account's outcome (ok, partial, failed, skipped, interrupted) and its failures (feed, url, cause, kind, exit_code). Exit 0 only when nothing failed; 7 when part failed; the failures' own code when everything that ran failed the same way; 130 when Ctrl-C stopped it (what was synced is kept; feeds not reached are neither failures nor put in backoff).",
        options: [
            OptionSpec.account,
            OptionSpec("push-only", "only send queued changes (reads, stars) to the servers"),
            OptionSpec("auto", "an automatic run: honour the polling floor"),
        ]
    ) { invocation, session in
        let store = try session.store()
        let preferences = try session.preferences()
        let accounts: [Account] = try invocation.value("account").map { [try session.account(named: $0)] }
            ?? CLIError.catching { try store.accounts.all().filter { !$0.isDemo } }
        guard !accounts.isEmpty else {
            if invocation.flag("auto") { return CommandOutput(text: "", json: ResultsJSON(outcome: "ok", exitCode: 0, results: []), endsStream: true) }
            throw CLIError.notFound("no account to sync: add one with 'lector account add'")
        }
        let floor = Double(max(15, preferences.syncIntervalMinutes)) * 60
        let now = Date()
        // Ctrl-C ends the transfers in flight and the run says how far it got (the REPL has
        // this already); without it a one-shot sync would just die mid-feed.
        if !session.inREPL { Interrupt.install() }
        var results: [ResultJSON] = []
        for account in accounts {
            // After Ctrl-C what was committed stays and the next account is not started.
            if Interrupt.isRequested { break }
            let status = try CLIError.catching { try store.sync.status(accountID: account.id) }
            if invocation.flag("auto"), let last = status.lastStartedAt, now.timeIntervalSince1970 - last < floor {
                let minutes = Int((now.timeIntervalSince1970 - last) / 60)
                results.append(ResultJSON(account: account.name, outcome: .skipped,
                                          detail: "synced \(minutes) min ago; automatic syncs wait \(Int(floor / 60)) min", failures: []))
                continue
            }
            do throws(CLIError) {
                let (detail, outcome, failures) = try run(account, store: store, session: session, json: invocation.wantsJSON,
                                                          pushOnly: invocation.flag("push-only"), manual: !invocation.flag("auto"),
                                                          since: since(preferences.syncAgeLimit, now: now))
                results.append(ResultJSON(account: account.name, outcome: outcome, detail: detail, failures: failures))
            } catch where Interrupt.isRequested {
                // The transfers were cancelled under the provider: the run was stopped, it did not fail.
                results.append(ResultJSON(account: account.name, outcome: .interrupted, detail: "stopped by Ctrl-C", failures: []))
            } catch .alreadySyncing(let message) where invocation.flag("auto") {
                // A timer run that finds another sync of the account under way has nothing to add.
                results.append(ResultJSON(account: account.name, outcome: .skipped, detail: message, failures: []))
            } catch {
                results.append(ResultJSON(account: account.name, outcome: .failed, detail: TerminalText.sanitize(error.description),
                                          failures: [FailureJSON(feed: nil, url: nil, error: error)]))
            }
        }
        let failures = results.flatMap(\.failures)
        let interrupted = Interrupt.isRequested || results.contains { $0.outcome == .interrupted }
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
        if invocation.flag("auto") {
            // Timers read the log and the exit code; cron mails whatever is printed, so print only failures.
            // The run itself is done: a log that cannot be written is said on stderr (cron mails it,
            // the journal keeps it) without changing the run's exit code.
            do throws(CLIError) {
                try SyncLog(path: session.directories.syncLogPath).append("\(overall) " + results.map(\.logLine).joined(separator: " | "))
            } catch {
                Console.note(error.description)
            }
            if exit == .ok && isatty(STDOUT_FILENO) == 0 && !invocation.wantsJSON {
                output = CommandOutput(text: "", json: ResultsJSON(outcome: overall, exitCode: 0, results: results), endsStream: true)
            }
        }
        guard exit != .ok else { return output }
        let failedAccounts = results.filter { $0.outcome == .failed }.count
        if let soleFailure { return output.failing(exit, "\(soleFailure.account): \(failures[0].cause)") }
        if interrupted { return output.failing(exit, "sync interrupted: what was synced is kept; the rest waits for the next sync") }
        let summary = "sync: \(failures.count) failure(s)" + (failedAccounts > 0 ? " (\(failedAccounts) account(s) failed)" : "")
            + (exit == .partial ? "; the rest was synced" : "")
        return output.failing(exit, summary)
    }

    /// Runs one account: its one-line detail, its outcome and what failed.
    private static func run(_ account: Account, store: Store, session: Session, json: Bool, pushOnly: Bool, manual: Bool,
                            since: Date?) throws(CLIError) -> (String, Outcome, [FailureJSON]) {
        let progress = ProgressLine(account: account.name, json: json)
        defer { progress.finish() }
        if account.kind == .local {
            guard !pushOnly else { return ("nothing to push: a local account has no server", .ok, []) }
            let keyring = session.keyring
            let sync = LocalFeedSync(store: store, account: account, fetcher: FeedFetcher(http: session.http),
                                     credentials: { FeedLogin.credentials(for: $0, keyring: keyring) }, progress: progress.update)
            let report = try remote { () throws(SyncError) in try sync.run(manual: manual) }
            var detail = "\(report.fetched) feed(s) updated, \(report.unchanged) unchanged, \(report.newArticles) new article(s)"
            if let interruption = report.interruption {
                detail = "\(interruption.synced) of \(interruption.total) feeds synced, \(report.newArticles) new article(s)"
            }
            if report.skipped > 0 { detail += ", \(report.skipped) waiting (backoff)" }
            if report.restoredMarks > 0 { detail += ", backup marks restored on \(report.restoredMarks) article(s)" }
            let failures = report.feedFailures.map(FailureJSON.init)
            if !failures.isEmpty { detail += "; \(failures.count) failed" }
            let outcome = report.interruption != nil ? .interrupted
                : Outcome.of(succeeded: report.fetched + report.unchanged + report.skipped, failures: failures.count)
            return (detail, outcome, failures)
        }
        let engine = SyncEngine(store: store, account: account, provider: try session.provider(for: account), progress: progress.update)
        if pushOnly {
            let report = try remote { () throws(SyncError) in try engine.push() }
            return ("\(report.pushed) change(s) sent", .ok, [])
        }
        let report = try remote { () throws(SyncError) in try engine.run(since: since) }
        let summary = "\(report.pushed) change(s) sent, \(report.feeds) feed(s), \(report.newArticles) new article(s), \(report.stateChanges) state change(s) from the server"
        return (([summary] + comparedWithRestoredBackup(account, store: store, session: session)).joined(separator: "\n  "), .ok, [])
    }

    /// After the first sync of a restored remote account: how the server's subscriptions compare
    /// with the backup's (the server's are kept; this only shows the difference).
    /// A store that cannot be read now leaves the comparison for the next sync: read as "the
    /// server has none of your feeds", it would tell the user their subscriptions were lost.
    static func comparedWithRestoredBackup(_ account: Account, store: Store, session: Session) -> [String] {
        let restored = RestoredSubscriptions(directories: session.directories)
        guard restored.isWaiting(accountID: account.id) else { return [] }
        let server: BackupSubscriptions?
        do {
            server = try BackupSnapshot(store: store, preferences: .defaults, profiles: []).subscriptions()[account.name]
        } catch {
            return ["not compared with the backup yet (\(CLIError.from(error).description)); the next sync compares"]
        }
        guard let backup = restored.take(accountID: account.id) else { return [] }
        return RestoredSubscriptions.differences(backup: backup, server: server ?? BackupSubscriptions(folders: [], feeds: []),
                                                 account: account.name)
    }

    /// The article-age limit as the earliest date to pull.
    static func since(_ limit: AgeLimit, now: Date) -> Date? {
        switch limit {
        case .day: now.addingTimeInterval(-86_400)
        case .week: now.addingTimeInterval(-7 * 86_400)
        case .month: now.addingTimeInterval(-30 * 86_400)
        case .all: nil
        }
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

/// Progress: a one-line display on stderr when it is a terminal; with --json, one JSON line per
/// event on stdout.
final class ProgressLine {
    let account: String
    let json: Bool
    let enabled = isatty(STDERR_FILENO) == 1

    init(account: String, json: Bool) {
        self.account = account
        self.json = json
    }

    struct EventJSON: Encodable {
        var event = "progress"
        let account: String
        let stage: String
        let count: Int?
        let folder: String?
    }

    func update(_ progress: SyncProgress) {
        if json {
            let event: EventJSON = switch progress {
            case .pushing(let count): EventJSON(account: account, stage: "push", count: count, folder: nil)
            case .structure: EventJSON(account: account, stage: "structure", count: nil, folder: nil)
            case .entries(let stored, let folder): EventJSON(account: account, stage: "entries", count: stored, folder: folder)
            case .state: EventJSON(account: account, stage: "state", count: nil, folder: nil)
            }
            Console.out(JSONOutput.line(event) + "\n")
            return
        }
        guard enabled else { return }
        let text: String = switch progress {
        case .pushing(let count): "sending \(count) change(s)…"
        case .structure: "reading feeds and folders…"
        case .entries(let stored, let folder): "\(stored) stored\(folder.map { " (\($0))" } ?? "")…"
        case .state: "reading unread and starred…"
        }
        Console.status("\(account): \(text)")
    }

    func finish() {
        guard enabled && !json else { return }
        Console.clearStatus()
    }
}
