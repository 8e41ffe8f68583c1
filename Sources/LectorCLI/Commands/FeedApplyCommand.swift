import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorAccounts
import LectorStore
import LectorSync

/// `feed apply`: an OPML or newsboat urls file as the desired state of an account's subscriptions.
enum FeedApplyCommand {
    static let apply = CommandSpec(
        ["feed", "apply"], "make an account's subscriptions match an OPML or newsboat urls file (a plan, then the changes)",
        discussion: "Feeds in the file and not subscribed are added, feeds in another folder or with another title are moved or renamed, missing folders are created; with --prune, feeds not in the file are unsubscribed and folders left empty are deleted. The plan is printed like a diff (+ add, ~ change, - remove). A feed at the file's top level keeps its folder. Server settings in the file (opml export's lector: attributes, FreshRSS's frss: ones) are planned per feed (~ feed 'X': user-agent \"a\" → \"b\") and applied with feed set; a key the account's kind cannot keep is listed as not carried, one line per key. Applying the same file again changes nothing; after a failure half-way, running the same command again finishes the remaining steps.",
        arguments: [ArgumentSpec("FILE", "an OPML file or a newsboat urls file", source: .files)],
        options: [
            OptionSpec.account,
            OptionSpec("dry-run", short: "n", "print the plan; change nothing"),
            OptionSpec("prune", "also unsubscribe feeds not in the file and delete folders left empty"),
            OptionSpec("yes", short: "y", "unsubscribe without asking (needed off a terminal when the plan unsubscribes feeds)"),
        ]
    ) { invocation, session in
        let path = invocation.argument("FILE") ?? ""
        let desired = try desiredFeeds(try DesiredStateFile.read(path), path: path)
        let account = try session.accountForNewData(invocation)
        let planned = try session.accounts { (manager) throws(AccountsError) in
            try manager.planFeedApply(desired, prune: invocation.flag("prune"), in: account)
        }
        return try run(planned, session, dryRun: invocation.flag("dry-run"), emptyMessage: "Nothing to change: '\(account.name)' matches \(path).",
                       unsubscribing: invocation.flag("yes") ? .agreed : .ask)
    }

    /// Whether a plan that unsubscribes feeds (their articles, starred ones too, go with them)
    /// may go ahead: agreed (`--yes`, or nothing to agree to), or asked at a terminal.
    enum Consent { case agreed, ask }

    /// Prints the plan; unless a dry run, applies it and prints the outcome. `account copy` prints its plan the same way (PlanOutput).
    static func run(_ planned: FeedApplyRun, _ session: Session, dryRun: Bool, emptyMessage: String,
                    unsubscribing consent: Consent) throws(CLIError) -> CommandOutput {
        let account = planned.account.name, plan = planned.plan
        var lines = PlanOutput.planText(plan, emptyMessage: emptyMessage)
        let unsubscribes = plan.steps.filter { if case .unsubscribe = $0 { true } else { false } }.count
        if consent == .ask, unsubscribes > 0, !dryRun, plan.refusals.isEmpty {
            let refusal = "the plan unsubscribes \(unsubscribes) feed(s) of '\(account)' and deletes their articles: pass --yes to apply it (--dry-run only prints it)"
            guard Prompter.isInteractive else {
                let json = ApplyJSON(account: account, dryRun: false, refusals: [], plan: plan, outcomes: nil, exitCode: ExitStatus.usage.rawValue)
                return CommandOutput(text: lines.joined(separator: "\n"), json: json).failing(.usage, refusal)
            }
            Console.out(lines.joined(separator: "\n") + "\n")
            guard try Prompter.confirm("Unsubscribe \(unsubscribes) feed(s) of '\(account)' and delete their articles?") else {
                return .message("Nothing changed.")
            }
            lines = []
        }
        if !plan.refusals.isEmpty {
            let json = ApplyJSON(account: account, dryRun: dryRun, refusals: plan.refusals, plan: plan, outcomes: nil,
                                 exitCode: ExitStatus.usage.rawValue)
            return CommandOutput(text: lines.joined(separator: "\n"), json: json)
                .failing(.usage, "the plan has steps '\(account)' cannot do: nothing was changed")
        }
        if dryRun || plan.isEmpty {
            let json = ApplyJSON(account: account, dryRun: dryRun, refusals: [], plan: plan, outcomes: nil, exitCode: 0)
            return CommandOutput(text: lines.joined(separator: "\n"), json: json)
        }
        let outcomes = try session.accountManager().applyPlan(planned, shouldStop: { Interrupt.isRequested })
        let (outcomeLines, status) = PlanOutput.outcomeText(plan, outcomes, account: account)
        lines += outcomeLines
        let json = ApplyJSON(account: account, dryRun: false, refusals: [], plan: plan, outcomes: outcomes,
                             exitCode: status.rawValue)
        let output = CommandOutput(text: lines.joined(separator: "\n"), json: json)
        let failed = outcomes.filter { $0 != .done }.count
        // Running again finishes what was not run or failed for a passing cause (the network); a
        // step the server refused on its merits (no feed at that address) is refused again.
        let retryHelps = outcomes.contains { outcome in
            switch outcome {
            case .notRun: true
            case .failed(let error): if case .server(let cause) = error { cause.isTransient } else { error.stopsTheRun }
            case .done: false
            }
        }
        return status == .ok ? output : output.failing(status, "\(failed) of \(plan.steps.count) step(s) not done"
                                                       + (retryHelps ? ": run the same command again to finish them" : " (see above)"))
    }

    /// The file's feeds as desired state; an address that is not a web address, or carries a
    /// login, refuses the whole file before anything changes.
    static func desiredFeeds(_ document: OPMLDocument, path: String) throws(CLIError) -> [DesiredFeed] {
        var desired: [DesiredFeed] = []
        for entry in document.feeds {
            guard let url = URL(string: entry.xmlURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
                throw .usage("\(path): '\(TerminalText.sanitize(entry.xmlURL))' is not a web address; nothing was changed")
            }
            guard url.user == nil && url.password == nil else {
                throw .usage("\(path): the address of '\(TerminalText.sanitize(entry.title))' carries a login; add it with 'lector feed add ADDRESS --login USER'; nothing was changed")
            }
            desired.append(DesiredFeed(url: url, title: entry.givenTitle, folder: entry.folder, siteURL: entry.htmlURL,
                                       settings: FeedSettingsOPML.settings(entry.extensions)))
        }
        return desired
    }

    struct ApplyJSON: Encodable, Sendable {
        let account: String
        let dryRun: Bool
        let refusals: [String]
        let steps: [PlanOutput.StepJSON]
        /// The plan's settings the account's kind cannot keep, one line per key, as the text prints them.
        let notCarried: [String]
        let exitCode: Int32

        init(account: String, dryRun: Bool, refusals: [String], plan: AdministrationPlan, outcomes: [StepOutcome]?, exitCode: Int32) {
            (self.account, self.dryRun, self.refusals, self.exitCode) = (account, dryRun, refusals, exitCode)
            steps = PlanOutput.steps(plan, outcomes)
            notCarried = plan.notCarried
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(account, forKey: .account)
            try container.encode(dryRun, forKey: .dryRun)
            try container.encode(refusals, forKey: .refusals)
            try container.encode(steps, forKey: .steps)
            try container.encode(notCarried, forKey: .notCarried)
            try container.encode(exitCode, forKey: .exitCode)
        }

        enum CodingKeys: String, CodingKey {
            case account, refusals, steps
            case dryRun = "dry_run"
            case notCarried = "not_carried"
            case exitCode = "exit_code"
        }
    }
}

/// A file of feeds: OPML, or a newsboat urls file (told apart by content).
enum DesiredStateFile {
    static func read(_ path: String) throws(CLIError) -> OPMLDocument {
        let data = try LocalFile.read(path, as: .opml)
        if let text = String(data: data, encoding: .utf8), NewsboatURLs.looksLikeURLs(text) {
            let document = NewsboatURLs.parse(text)
            guard NewsboatURLs.namesFeeds(document) else {
                throw CLIError.failure("\(path) is neither OPML nor a newsboat urls file: no line starts with a feed's http(s) address")
            }
            for line in NewsboatURLs.skippedLines(text) { Console.note(skippedNote(line)) }
            return document
        }
        do throws(OPMLError) { return try OPMLDocument.parse(data) } catch { throw CLIError.failure("\(path): \(error)") }
    }

    /// The note for a urls line newsboat makes a feed of itself, which Lector leaves out.
    static func skippedNote(_ line: NewsboatURLs.SkippedLine) -> String {
        let why = switch line.kind {
        case .query: "a newsboat query feed; Lector keeps such filters as saved searches ('search save NAME EXPR')"
        case .exec: "a feed made by running a command (exec:); Lector runs no command from a feed list"
        case .filter: "a feed passed through a command (filter:); Lector runs no command from a feed list"
        }
        return "line \(line.number) skipped: \(TerminalText.sanitize(line.text)) — \(why)"
    }
}
