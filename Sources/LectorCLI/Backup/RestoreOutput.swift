import LectorAccounts
import LectorSettings

/// What `backup restore` prints and answers in JSON: the plan, and after it is applied what waits
/// for the user (secrets, consents not kept, marks for articles not fetched yet, comparisons at
/// the next sync).
struct RestoreOutput {
    let restore: PlannedRestore
    /// The accounts as the file has them, consents included, for the plain-http notes.
    let fileAccounts: [BackupAccount]
    let warnings: [String]
    /// The consents a real restore would ask about (dry runs only).
    let awaiting: [PlainHTTPConsent]
    let dropped: [PlainHTTPConsent]
    /// The backup file as typed, for the commands the output suggests.
    let filePath: String
    /// The commands (reader.pager) a real restore would ask about (dry runs only), and those not kept.
    var awaitingCommands: [CarriedCommand] = []
    var droppedCommands: [CarriedCommand] = []

    var plan: BackupPlan { restore.plan }

    var notes: [String] {
        warnings.map { "warning: \($0)" } + plan.missingSections.map { "note: the file has no \($0.rawValue) section" }
            + PlainHTTPRestoreNote.awaiting(awaiting) + CarriedCommandNote.awaiting(awaitingCommands)
    }

    private var json: [String: JSONValue] {
        var json = plan.json.objectValue ?? [:]
        json["warnings"] = .array(warnings.map(JSONValue.string))
        json["consents_not_kept"] = PlainHTTPRestoreNote.json(dropped)
        json["commands_not_kept"] = CarriedCommandNote.json(droppedCommands)
        return json
    }

    /// A dry run, or a file this machine already matches.
    var unapplied: CommandOutput {
        var json = json
        json["applied"] = .bool(false)
        let text = plan.isEmpty ? "Nothing to restore: this machine already matches the file." : plan.lines.map(TerminalText.sanitize).joined(separator: "\n")
        return CommandOutput(text: (notes + [text] + PlainHTTPRestoreNote.dropped(dropped) + CarriedCommandNote.dropped(droppedCommands))
                                .joined(separator: "\n"), json: JSONValue.object(json))
    }

    func applied(_ outcome: RestoreOutcome) -> CommandOutput {
        var json = json
        json["applied"] = .bool(true)
        json["needs_password"] = .array(outcome.needingPassword.map(JSONValue.string))
        json["feeds_need_password"] = .array(outcome.feedsNeedingPassword.map { account, feed in
            .object(["account": .string(account), "feed": .string(feed.title)])
        })
        let waiting = outcome.marksWaiting
        json["marks_waiting"] = .object(["read": .int(waiting.read.count), "starred": .int(waiting.starred.count)])
        json["starred"] = StarredRestoreOutput.json(outcome.starred)
        json["starred_waiting_for_secret"] = .object(Dictionary(uniqueKeysWithValues: outcome.starredWaiting.map { ($0.account, JSONValue.int($0.count)) }))
        let output = CommandOutput(text: (notes + ["Restored: \(plan.changes.count) change(s) applied."] + followUp(outcome)).joined(separator: "\n"),
                                   json: JSONValue.object(json))
        // The store failed while starred articles went back (a full disk): what was done is
        // said above, and the command ends as any store failure does.
        guard let stopped = outcome.starred.first(where: \.stopsRestore), let failure = stopped.failure else { return output }
        let error = CLIError(failure)
        return output.failing(error.exitStatus, "starred articles of '\(stopped.account)': \(error.description)")
    }

    /// What the user has to do, or will see, after the restore.
    private func followUp(_ outcome: RestoreOutcome) -> [String] {
        var follow = StarredRestoreOutput.lines(outcome.starred)
        follow += outcome.secretsRefused.map { account, error in
            "Account '\(account)': the secret given was not taken (\(CLIError(error).description))."
        }
        follow += outcome.needingPassword.map { name in
            let starred = outcome.starredWaiting.first { $0.account == name }?.count ?? 0
            return "Account '\(name)' needs its secret: run 'lector account password \(name)'"
                + (starred == 0 ? "." : "; its first sync after that puts back its \(starred) starred article(s).")
        }
        follow += outcome.feedsNeedingPassword.map { account, feed in
            "Feed '\(feed.title)' of '\(account)' needs its password: run 'lector feed password \(ShellWords.quoted(feed.title)) --account \(ShellWords.quoted(account))'."
        }
        if restore.sections.contains(.accounts) { follow += PlainHTTPRestoreNote.lines(for: fileAccounts) }
        follow += PlainHTTPRestoreNote.dropped(dropped) + CarriedCommandNote.dropped(droppedCommands)
        let waiting = outcome.marksWaiting
        if !waiting.isEmpty {
            follow.append("Marks for articles not fetched here yet (\(waiting.read.count) read, \(waiting.starred.count) starred) wait for their feeds' next fetch: 'lector sync' applies them.")
        }
        follow += plan.waitingRules.map { "Rule '\(TerminalText.sanitize($0.name))' left out: \(TerminalText.sanitize($0.reason))." }
        follow += plan.comparedAtSync.map { "Subscriptions of '\($0)' are kept by its server: the next 'lector sync' compares them with the backup and shows any difference." }
        return follow
    }
}
