import LectorAccounts
import LectorStore
import LectorSync

extension AccountCopyCommand {
    /// What `account copy` prints and answers in JSON, part by part, with the exit status its
    /// parts' outcomes make.
    struct CopyOutput {
        let report: AccountCopyReport
        private(set) var lines: [String] = []
        private(set) var failures: [FailureJSON] = []
        private(set) var statuses: [Outcome] = []

        init(report: AccountCopyReport) { self.report = report }

        consuming func render(session: Session) -> CommandOutput {
            renderStructure()
            let starred = renderStarred(session: session)
            let readingList = renderReadingList()
            let exit = RunStatus.of(outcomes: statuses, failures: failures)
            let json = CopyJSON(source: report.source.name, destination: report.destination.name, dryRun: report.dryRun,
                                refusals: report.plan.refusals, steps: PlanOutput.steps(report.plan, report.applied),
                                notCarried: report.plan.notCarried, starred: starred, readingList: readingList, exitCode: exit.rawValue)
            let output = CommandOutput(text: lines.joined(separator: "\n"), json: json)
            return exit == .ok ? output : output.failing(exit, "account copy: \(failures.count) part(s) not done: \(failures.map(\.cause).joined(separator: "; "))")
        }

        /// Subscriptions and folders: the plan, and how its steps went.
        private mutating func renderStructure() {
            let plan = report.plan
            lines = PlanOutput.planText(plan, emptyMessage: report.parts.isDisjoint(with: [.feeds, .folders]) ? "" : "Feeds and folders: nothing to change.")
                .filter { !$0.isEmpty }
            if let applied = report.applied {
                let (outcomeLines, status) = PlanOutput.outcomeText(plan, applied, account: report.destination.name)
                lines += outcomeLines
                statuses.append(status == .ok ? .ok : (applied.contains(.done) ? .partial : .failed))
                for case .failed(let error) in applied { failures.append(FailureJSON(feed: nil, url: nil, error: CLIError(error))) }
            }
            if !plan.refusals.isEmpty {
                statuses.append(.failed)
                failures.append(FailureJSON(feed: nil, url: nil, cause: plan.refusals.joined(separator: "; "), status: .usage))
            }
        }

        /// Starred articles: those not found are also written to a file the user can keep.
        private mutating func renderStarred(session: Session) -> StarredJSON? {
            let (source, dest) = (report.source, report.destination)
            switch report.starred {
            case nil:
                return nil
            case .planned(let wanted):
                lines.append("* star in '\(dest.name)' the matches of \(wanted) starred article(s) of '\(source.name)', once it has fetched its feeds")
                return StarredJSON(wanted: wanted, matched: nil, newlyStarred: nil, recreated: nil, labelled: nil, unmatched: nil, unmatchedFile: nil)
            case .done(let result):
                do throws(CLIError) {
                    let file = result.unmatched.isEmpty ? nil : try writeUnmatched(result.unmatched, source: source, dest: dest, session: session)
                    lines += starredLines(result, dest: dest, file: file)
                    statuses.append(.ok)
                    if result.labelled > 0 { lines.append("  labelled \(result.labelled) of them as in '\(source.name)'") }
                    return StarredJSON(wanted: result.wanted, matched: result.matched, newlyStarred: result.newlyStarred,
                                       recreated: result.recreated, labelled: result.labelled, unmatched: result.unmatched.map(UnmatchedJSON.init),
                                       unmatchedFile: file)
                } catch {
                    starringFailed(error)
                    return nil
                }
            case .failed(let error):
                starringFailed(CLIError(error))
                return nil
            }
        }

        private mutating func starringFailed(_ error: CLIError) {
            lines.append("  starring failed: \(TerminalText.sanitize(error.description))")
            failures.append(FailureJSON(feed: nil, url: nil, error: error))
            statuses.append(.failed)
        }

        /// The reading list: kept by address, so it needs no match.
        private mutating func renderReadingList() -> ReadingListJSON? {
            switch report.readingList {
            case nil:
                return nil
            case .planned(let items, let missing):
                lines.append("* add \(missing) reading-list item(s) of '\(report.source.name)' to '\(report.destination.name)'")
                return ReadingListJSON(items: items, added: nil)
            case .copied(let items, let added):
                lines.append("* added \(added) reading-list item(s) to '\(report.destination.name)'")
                statuses.append(.ok)
                return ReadingListJSON(items: items, added: added)
            }
        }
    }
}
