import Foundation
import LectorFeeds
import LectorSettings
import LectorStore
import LectorSync

enum SyncCommands {
    static let all: [CommandSpec] = [sync]

    static let sync = CommandSpec(
        ["sync"], "sync accounts: push your changes, then fetch what is new",
        discussion: "A sync you ask for always runs. --auto (for timers) declines for an account synced within the interval of the sync settings, never less than 15 minutes. --push-only sends queued changes and nothing else. With --json the output is JSON lines: progress events ({\"event\": \"progress\", …}) as they happen, then one {\"event\": \"result\", \"results\": […]} line.",
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
            if invocation.flag("auto") { return CommandOutput(text: "", json: ResultsJSON(results: []), endsStream: true) }
            throw CLIError.notFound("no account to sync: add one with 'lector account add'")
        }
        let floor = Double(max(15, preferences.syncIntervalMinutes)) * 60
        let now = Date()
        var results: [ResultJSON] = []
        var firstError: CLIError?
        for account in accounts {
            let status = try CLIError.catching { try store.sync.status(accountID: account.id) }
            if invocation.flag("auto"), let last = status.lastStartedAt, now.timeIntervalSince1970 - last < floor {
                let minutes = Int((now.timeIntervalSince1970 - last) / 60)
                results.append(ResultJSON(account: account.name, outcome: "skipped",
                                          detail: "synced \(minutes) min ago; automatic syncs wait \(Int(floor / 60)) min"))
                continue
            }
            do throws(CLIError) {
                let detail = try run(account, store: store, session: session, json: invocation.wantsJSON, pushOnly: invocation.flag("push-only"),
                                     manual: !invocation.flag("auto"), since: since(preferences.syncAgeLimit, now: now))
                results.append(ResultJSON(account: account.name, outcome: "ok", detail: detail))
            } catch {
                results.append(ResultJSON(account: account.name, outcome: "failed", detail: error.description))
                firstError = firstError ?? error
            }
        }
        let text = results.map { "\($0.account): \($0.outcome == "ok" ? "" : $0.outcome + ": ")\($0.detail)" }.joined(separator: "\n")
        if invocation.flag("auto") {
            // Timers read the log and the exit code; cron mails whatever is printed, so print only failures.
            SyncLog(path: session.directories.syncLogPath).append((firstError == nil ? "ok " : "failed ") + text)
            if let firstError {
                if !invocation.wantsJSON { Console.out(text + "\n") }
                throw firstError
            }
            if isatty(STDOUT_FILENO) == 0 && !invocation.wantsJSON { return CommandOutput(text: "", json: ResultsJSON(results: results), endsStream: true) }
        }
        if let firstError, results.allSatisfy({ $0.outcome != "ok" }) || accounts.count == 1 {
            // Every account failed (or the only one did): the exit code says why.
            if !invocation.wantsJSON { Console.out(text + "\n") }
            throw firstError
        }
        return CommandOutput(text: text, json: ResultsJSON(results: results), endsStream: true)
    }

    private static func run(_ account: Account, store: Store, session: Session, json: Bool, pushOnly: Bool, manual: Bool,
                            since: Date?) throws(CLIError) -> String {
        let progress = ProgressLine(account: account.name, json: json)
        defer { progress.finish() }
        if account.kind == .local {
            guard !pushOnly else { return "nothing to push: a local account has no server" }
            let keyring = session.keyring
            let sync = LocalFeedSync(store: store, account: account, fetcher: FeedFetcher(http: session.http),
                                     credentials: { FeedLogin.credentials(for: $0, keyring: keyring) }, progress: progress.update)
            let report = try remote { () throws(SyncError) in try sync.run(manual: manual) }
            var detail = "\(report.fetched) feed(s) updated, \(report.unchanged) unchanged, \(report.newArticles) new article(s)"
            if report.skipped > 0 { detail += ", \(report.skipped) waiting (backoff)" }
            if !report.failures.isEmpty { detail += "; \(report.failures.count) failed: " + report.failures.joined(separator: "; ") }
            return detail
        }
        let engine = SyncEngine(store: store, account: account, provider: try session.provider(for: account), progress: progress.update)
        if pushOnly {
            let report = try remote { () throws(SyncError) in try engine.push() }
            return "\(report.pushed) change(s) sent"
        }
        let report = try remote { () throws(SyncError) in try engine.run(since: since) }
        return "\(report.pushed) change(s) sent, \(report.feeds) feed(s), \(report.newArticles) new article(s), \(report.stateChanges) state change(s) from the server"
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
        let results: [ResultJSON]
    }

    struct ResultJSON: Encodable, Sendable {
        let account: String
        let outcome: String
        let detail: String
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
