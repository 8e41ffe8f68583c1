import FoundationEssentials
import LectorAccounts
import LectorStore

/// `undo`: puts back a recent change to read, starred or labels — a mark, a mark-all-read, a
/// label, a rule's actions (`AccountManager.undo`); `undo --list` shows the steps kept.
enum UndoCommands {
    static let all: [CommandSpec] = [undo]

    static let undo = CommandSpec(
        ["undo"], "put back the last change to read, starred or labels (or step N)",
        discussion: "Every mark, range of marks, mark-all-read, label change, 'rule apply' and the rules' actions in a sync is one step, kept with the state each article had before it; the newest list.undo-steps steps are kept, across restarts (a backup does not carry them). 'lector undo' puts back the newest step not undone yet, 'lector undo N' step N of 'lector undo --list'. An article changed again since the step keeps its state; the output says how many were put back and how many kept. For a server account the inverse is queued like a mark and sent right after, with a 3-second deadline, or at the next sync when the server cannot be reached. A mark-all-read that reached unread articles on a server that Lector never stored cannot put those back: it says so.",
        arguments: [ArgumentSpec("STEP", "the step's number in 'undo --list' (default: the newest not undone)", optional: true)],
        options: [OptionSpec("list", short: "l", "list the steps kept, newest first, instead of undoing one")]
    ) { invocation, session in
        if invocation.flag("list") {
            guard invocation.argument("STEP") == nil else { throw CLIError.usage("undo --list takes no STEP") }
            return try list(session)
        }
        let stepID = try invocation.argument("STEP").map { text throws(CLIError) -> Int64 in
            guard let number = Int64(text), number > 0 else {
                throw CLIError.usage("STEP is a step's number from 'lector undo --list', not '\(TerminalText.sanitize(text))'")
            }
            return number
        }
        guard let result = try session.accounts({ (manager) throws(AccountsError) in try manager.undo(stepID: stepID) }) else {
            return CommandOutput(text: "Nothing to undo.", json: CommandOutput.MessageJSON(ok: true, message: "nothing to undo"))
        }
        return CommandOutput(text: text(result), json: UndoJSON(result))
    }

    /// One line: what was undone, how many articles were put back and kept, where it goes.
    static func text(_ result: AccountManager.UndoResult) -> String {
        let outcome = result.outcome
        var line = "Undid step \(outcome.step.id) (\(TerminalText.sanitize(outcome.step.summary))): \(outcome.reverted) article(s) put back"
        if outcome.kept > 0 { line += ", \(outcome.kept) kept (changed since)" }
        if outcome.reverted > 0 { line += MarkFlush.ending(result.sent) } else { line += "." }
        if outcome.step.reachedServerScope {
            line += "\nAny unread articles on the server that Lector never stored were marked read too: those cannot be put back."
        }
        return line
    }

    static func list(_ session: Session) throws(CLIError) -> CommandOutput {
        let steps = try session.accounts { (manager) throws(AccountsError) in try manager.undoSteps() }
        guard !steps.isEmpty else {
            return CommandOutput(text: "No changes to undo: marks, labels and rules' actions are kept here as they are made.",
                                 json: [UndoStepJSON]())
        }
        let now = Date()
        var table = TextTable(["STEP", "WHEN", "CHANGE", "ARTICLES", "STATE"], flexibleColumn: 2)
        for step in steps {
            table.add([String(step.id), FeedCheckCommand.age(step.madeAt, now: now), TerminalText.sanitize(step.summary), String(step.articles),
                       step.undoneAt == nil ? "" : "undone"])
        }
        return CommandOutput(text: table.render(for: session), json: steps.map(UndoStepJSON.init))
    }

    struct UndoStepJSON: Encodable, Sendable {
        let step: Int64
        let made_at: String?
        let change: String
        let articles: Int
        let server_entries_not_restorable: Bool
        let undone_at: String?

        init(_ step: UndoStep) {
            self.step = step.id
            made_at = JSONOutput.timestamp(step.madeAt)
            change = step.summary
            articles = step.articles
            server_entries_not_restorable = step.reachedServerScope
            undone_at = JSONOutput.timestamp(step.undoneAt)
        }
    }

    struct UndoJSON: Encodable, Sendable {
        let undone: UndoStepJSON
        let reverted: Int
        let kept: Int
        let sent: Bool?

        init(_ result: AccountManager.UndoResult) {
            undone = UndoStepJSON(result.outcome.step)
            reverted = result.outcome.reverted
            kept = result.outcome.kept
            sent = result.sent
        }
    }
}
