import LectorBasics
import LectorAccounts
import LectorStore
import LectorSync

/// Prints an administration plan like a diff (`+` adds, `~` changes, `-` removes) and its
/// outcome per step; shared by `feed apply` and `account copy`.
enum PlanOutput {
    /// One line per step, outside text sanitised.
    static func line(_ step: PlanStep) -> String {
        let s = TerminalText.sanitize
        let body: String = switch step {
        case .createFolder(let name): "folder \(s(name))"
        case .subscribe(let feed):
            "feed \(s(feed.url.absoluteString))\(feed.title.flatMap { $0.isEmpty ? nil : " '\(s($0))'" } ?? "")\(feed.folder.map { " in \(s($0))" } ?? "")"
        case .rename(let feed, let title): "feed '\(s(feed.title))' <\(s(feed.url))>: rename to '\(s(title))'"
        case .move(let feed, let from, let to): "feed '\(s(feed.title))': move from \(from.map(s) ?? "no folder") to \(s(to))"
        case .changeAddress(let feed, let url): "feed '\(s(feed.title))': change address from \(s(feed.url)) to \(s(url.absoluteString))"
        case .changeSettings(_, let title, let differences): "feed '\(s(title))': \(settingsText(differences))"
        case .unsubscribe(let feed): "feed '\(s(feed.title))' <\(s(feed.url))>"
        case .deleteFolder(let folder): "folder \(s(folder.name))"
        }
        return "\(step.sign) \(body)"
    }

    /// `user-agent "a" → "b", paused (unset) → "on"`; a secret's values are never shown.
    static func settingsText(_ differences: [SettingDifference]) -> String {
        func shown(_ key: FeedSettingKey, _ value: String?) -> String {
            guard let value else { return "(unset)" }
            return key.holdsSecret ? "(secret)" : "\"\(TerminalText.sanitize(key.storable(value).replacingAll("\n", with: " | ")))\""
        }
        return differences.map { "\($0.key.rawValue) \(shown($0.key, $0.from)) → \(shown($0.key, $0.to))" }.joined(separator: ", ")
    }

    /// The plan's lines, then a line per setting left out and per refusal.
    static func planText(_ plan: AdministrationPlan, emptyMessage: String) -> [String] {
        var lines = plan.steps.map(line)
        if lines.isEmpty { lines.append(emptyMessage) }
        lines += plan.notCarried.map { "  not carried: \(TerminalText.sanitize($0))" }
        lines += plan.refusals.map { "! \(TerminalText.sanitize($0))" }
        return lines
    }

    /// The outcome of an applied plan: failures under their step, a summary line, the exit status.
    static func outcomeText(_ plan: AdministrationPlan, _ outcomes: [StepOutcome], account: String) -> (lines: [String], status: ExitStatus) {
        var lines: [String] = []
        var failures: [FailureJSON] = []
        for (step, outcome) in zip(plan.steps, outcomes) {
            switch outcome {
            case .failed(let error):
                let cliError = CLIError(error)
                failures.append(FailureJSON(feed: nil, url: nil, error: cliError))
                lines.append("  failed: \(line(step)): \(TerminalText.sanitize(cliError.description))")
            case .notRun: lines.append("  not run: \(line(step))")
            case .done: break
            }
        }
        let done = outcomes.filter { $0 == .done }.count
        let notRun = outcomes.filter { $0 == .notRun }.count
        var summary = "Applied \(done) of \(plan.steps.count) step(s) to '\(TerminalText.sanitize(account))'"
        if !failures.isEmpty { summary += "; \(failures.count) failed" }
        if notRun > 0 { summary += "; \(notRun) not run: run the same command again to finish them" }
        lines.append(summary + ".")
        let runOutcomes: [Outcome] = outcomes.map {
            switch $0 {
            case .done: .ok
            case .failed: .failed
            case .notRun: .skipped
            }
        }
        return (lines, RunStatus.of(outcomes: runOutcomes, failures: failures))
    }

    /// The plan and, once applied, each step's outcome, for `--json`.
    struct StepJSON: Encodable, Sendable {
        let op: String
        let sign: String
        let title: String?
        let url: String?
        let folder: String?
        let from: String?
        let to: String?
        /// `planned` (dry run), `done`, `failed` or `not-run`.
        let outcome: String
        let error: FailureJSON?

        init(_ step: PlanStep, outcome: StepOutcome?) {
            op = step.operation
            sign = String(step.sign)
            switch step {
            case .createFolder(let name): (title, url, folder, from, to) = (nil, nil, name, nil, nil)
            case .subscribe(let feed): (title, url, folder, from, to) = (feed.title, feed.url.absoluteString, feed.folder, nil, nil)
            case .rename(let feed, let new): (title, url, folder, from, to) = (feed.title, feed.url, nil, feed.title, new)
            case .move(let feed, let old, let new): (title, url, folder, from, to) = (feed.title, feed.url, nil, old, new)
            case .changeAddress(let feed, let new): (title, url, folder, from, to) = (feed.title, feed.url, nil, feed.url, new.absoluteString)
            case .changeSettings(let address, let name, let differences):
                (title, url, folder, from, to) = (name, address.absoluteString, nil, nil, PlanOutput.settingsText(differences))
            case .unsubscribe(let feed): (title, url, folder, from, to) = (feed.title, feed.url, nil, nil, nil)
            case .deleteFolder(let old): (title, url, folder, from, to) = (nil, nil, old.name, nil, nil)
            }
            self.outcome = outcome?.name ?? "planned"
            if case .failed(let cause)? = outcome { error = FailureJSON(feed: title, url: url, error: CLIError(cause)) } else { error = nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(op, forKey: .op)
            try container.encode(sign, forKey: .sign)
            try container.encode(title, forKey: .title)
            try container.encode(url, forKey: .url)
            try container.encode(folder, forKey: .folder)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(error, forKey: .error)
        }

        enum CodingKeys: String, CodingKey { case op, sign, title, url, folder, from, to, outcome, error }
    }

    static func steps(_ plan: AdministrationPlan, _ outcomes: [StepOutcome]?) -> [StepJSON] {
        plan.steps.enumerated().map { StepJSON($1, outcome: outcomes?[$0]) }
    }
}
