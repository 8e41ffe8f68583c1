import FoundationEssentials
import Glibc
import LectorAccounts
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
        try run(account: invocation.value("account"), auto: invocation.flag("auto"), pushOnly: invocation.flag("push-only"),
                json: invocation.wantsJSON, session: session)
    }

    /// A sync run through the account core (`AccountManager.sync`), its progress shown as it goes
    /// and its report rendered: the sync command's, and `browse`'s sync key's.
    static func run(account: String?, auto: Bool, pushOnly: Bool, json: Bool, session: Session) throws(CLIError) -> CommandOutput {
        let preferences = try session.preferences()
        let request = SyncRequest(accountName: account,
                                  trigger: auto ? .automatic(intervalMinutes: preferences.syncIntervalMinutes) : .manual,
                                  pushOnly: pushOnly, ageLimit: preferences.syncAgeLimit)
        // Ctrl-C ends the transfers in flight and the run says how far it got (the REPL has
        // this already); without it a one-shot sync would just die mid-feed.
        if !session.inREPL { Interrupt.install() }
        let progress = ProgressLine(json: json)
        let report = try session.accounts { (manager) throws(AccountsError) in
            try manager.sync(request, events: progress.show, isInterrupted: { Interrupt.isRequested })
        }
        // Only a timer's run with no account to sync comes back empty and not interrupted.
        if report.accounts.isEmpty && !Interrupt.isRequested {
            return CommandOutput(text: "", json: SyncRunOutput.ResultsJSON(outcome: "ok", exitCode: 0, results: []), endsStream: true)
        }
        let store = try session.store()
        let results = report.accounts.map { synced in
            SyncRunOutput.ResultJSON(synced) { comparedWithRestoredBackup(synced.account, store: store, session: session) }
        }
        let output = SyncRunOutput(results: results, interrupted: Interrupt.isRequested)
            .output(auto: auto, json: json, logPath: session.directories.syncLogPath)
        guard let notice = SyncNotice(report, store: store) else { return output }
        return tell(notice, output, session: session)
    }

    /// The sync's one notice: a line after the output in the REPL, the status line in browse,
    /// else a desktop notification — or, with no one to take it (no session bus, no notification
    /// server), one line in the sync log and nothing on screen.
    static func tell(_ notice: SyncNotice, _ output: CommandOutput, session: Session) -> CommandOutput {
        if session.noticesInline {
            session.inlineNotice = notice.statusLine
            return output
        }
        if session.inREPL {
            var told = CommandOutput(text: output.text + (output.text.isEmpty ? "" : "\n") + notice.statusLine, json: output.json, endsStream: true)
            told.status = output.status
            told.failureLine = output.failureLine
            return told
        }
        if case .notShown(let reason) = notice.deliver(environment: session.environment) {
            do throws(CLIError) {
                try SyncLog(path: session.directories.syncLogPath).append("notification not shown (\(reason)): \(notice.summary)")
            } catch {
                Console.note(error.description)
            }
        }
        return output
    }

    /// After the first sync of a restored remote account: how the server's subscriptions compare
    /// with the backup's (the server's are kept; this only shows the difference).
    /// A store that cannot be read now leaves the comparison for the next sync: read as "the
    /// server has none of your feeds", it would tell the user their subscriptions were lost.
    static func comparedWithRestoredBackup(_ account: Account, store: Store, session: Session) -> [String] {
        let restored = RestoredSubscriptions(directories: session.directories)
        guard restored.isWaiting(accountID: account.id) else { return [] }
        // A kind whose sync does not read feed settings has them read now, in one call (FreshRSS's export).
        var settingsUnread: String?
        if !account.kind.service.capabilities.readsFeedSettingsInSync {
            do {
                if try !session.accounts({ (manager) throws(AccountsError) in try manager.refreshEveryFeedSettings(of: account) }) {
                    settingsUnread = "a \(account.kind.rawValue) account's server keeps none Lector can read"
                }
            } catch {
                settingsUnread = "reading them failed: \(CLIError.from(error).description)"
            }
        }
        let server: BackupSubscriptions?
        do {
            server = try BackupSnapshot(store: store, preferences: .defaults, profiles: []).subscriptions()[account.name]
        } catch {
            return ["not compared with the backup yet (\(CLIError.from(error).description)); the next sync compares"]
        }
        guard let backup = restored.take(accountID: account.id) else { return [] }
        return RestoredSubscriptions.differences(backup: backup, server: server ?? BackupSubscriptions(folders: [], feeds: []),
                                                 account: account.name, settingsUnread: settingsUnread)
    }

    /// The article-age limit as the earliest date to pull (account copy asks; the rule is the core's).
    static func since(_ limit: AgeLimit, now: Date) -> Date? {
        limit.earliest(from: now)
    }
}

/// Progress: a one-line display on stderr when it is a terminal; with --json, one JSON line per
/// event on stdout.
final class ProgressLine {
    let json: Bool
    let enabled = isatty(STDERR_FILENO) == 1

    init(json: Bool) {
        self.json = json
    }

    struct EventJSON: Encodable {
        var event = "progress"
        let account: String
        let stage: String
        let count: Int?
        let folder: String?
    }

    func show(_ event: SyncRunEvent) {
        switch event {
        case .progress(let account, let progress): update(progress, account: account.name)
        case .ended: finish()
        }
    }

    private func update(_ progress: SyncProgress, account: String) {
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

    private func finish() {
        guard enabled && !json else { return }
        Console.clearStatus()
    }
}
