import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore
import LectorSync

/// `account copy`: subscriptions, folders, starred articles and the reading list from one account
/// into another, through the destination's API.
enum AccountCopyCommand {
    static let copy = CommandSpec(
        ["account", "copy"], "copy subscriptions, folders, starred articles and the reading list into another account",
        discussion: "With no part named, all four are copied. Feeds and folders go through DEST's API (a plan first, printed like 'feed apply'); then DEST is synced, and SOURCE's starred articles are found among DEST's by canonical article address (and guid, between local accounts) and starred there. The ones DEST's feeds do not carry (any more) are listed and written to a JSON file whose path is printed. The reading list is copied by address. Running it again changes nothing new; a kind that cannot do a part (Fever cannot add feeds) says so in the plan.",
        arguments: [ArgumentSpec("SOURCE", "the account to copy from", source: .accounts),
                    ArgumentSpec("DEST", "the account to copy into", source: .accounts)],
        options: [
            OptionSpec("feeds", "copy the subscriptions"),
            OptionSpec("folders", "copy the folders, and file copied feeds in them"),
            OptionSpec("starred", "star in DEST the articles starred in SOURCE"),
            OptionSpec("reading-list", "copy the reading list"),
            OptionSpec("dry-run", short: "n", "print the plan; change nothing"),
        ]
    ) { invocation, session in
        let source = try session.account(named: invocation.argument("SOURCE") ?? "")
        let dest = try session.account(named: invocation.argument("DEST") ?? "")
        guard source.id != dest.id else { throw CLIError.usage("SOURCE and DEST are the same account '\(source.name)'") }
        guard !dest.isDemo else { throw CLIError.usage("the demo library cannot be a destination: copy into an account of your own") }
        let named = ["feeds", "folders", "starred", "reading-list"].filter { invocation.flag($0) }
        let parts = Set(named.isEmpty ? ["feeds", "folders", "starred", "reading-list"] : named)
        let dryRun = invocation.flag("dry-run")
        let store = try session.store()
        let administrator = try session.administrator(for: dest)

        // Subscriptions and folders: a plan against DEST, as `feed apply` makes one.
        let sourceFeeds = try CLIError.catching { try store.feeds.list(accountID: source.id) }
        let desired: [DesiredFeed] = parts.contains("feeds") ? sourceFeeds.compactMap { listing in
            URL(string: listing.feed.url).map {
                // A title Lector made up is no opinion: the server names the feed itself.
                DesiredFeed(url: $0, title: listing.feed.titleIsPlaceholder ? nil : listing.feed.title,
                            folder: parts.contains("folders") ? listing.folderName : nil, siteURL: listing.feed.siteURL)
            }
        } : []
        let folders = parts.contains("folders") ? try CLIError.catching { try store.folders.list(accountID: source.id) }.map(\.folder.name) : []
        let plan = try administering { () throws(AdministrationError) in
            if administrator.canEditStructure && !parts.isDisjoint(with: ["feeds", "folders"]) { try administrator.refreshFromServer() }
            return try SubscriptionPlanner(administrator: administrator).plan(desired, folders: folders, prune: false)
        }
        var lines = PlanOutput.planText(plan, emptyMessage: parts.isDisjoint(with: ["feeds", "folders"]) ? "" : "Feeds and folders: nothing to change.")
            .filter { !$0.isEmpty }
        var failures: [FailureJSON] = []
        var outcomes: [StepOutcome]?
        var statuses: [Outcome] = []
        if !dryRun && plan.refusals.isEmpty && !plan.isEmpty {
            let applied = administrator.apply(plan, shouldStop: { Interrupt.isRequested })
            let (outcomeLines, status) = PlanOutput.outcomeText(plan, applied, account: dest.name)
            lines += outcomeLines
            outcomes = applied
            statuses.append(status == .ok ? .ok : (applied.contains(.done) ? .partial : .failed))
            for case .failed(let error) in applied { failures.append(FailureJSON(feed: nil, url: nil, error: CLIError(error))) }
        }
        if !plan.refusals.isEmpty {
            statuses.append(.failed)
            failures.append(FailureJSON(feed: nil, url: nil, cause: plan.refusals.joined(separator: "; "), status: .usage))
        }

        // Starred articles: found in DEST once it has fetched the feeds.
        let copy = AccountCopy(from: source, into: administrator)
        var starred: StarredJSON?
        if parts.contains("starred") {
            if dryRun {
                let wanted = try administering { () throws(AdministrationError) in try copy.starredInSource() }
                lines.append("* star in '\(dest.name)' the matches of \(wanted.count) starred article(s) of '\(source.name)', once it has fetched its feeds")
                starred = StarredJSON(wanted: wanted.count, matched: nil, newlyStarred: nil, unmatched: nil, unmatchedFile: nil)
            } else {
                do throws(CLIError) {
                    let sync = try syncing(dest, session: session, store: store)
                    let result = try administering { () throws(AdministrationError) in try copy.copyStarred(fetch: sync) }
                    let file = result.unmatched.isEmpty ? nil : try writeUnmatched(result.unmatched, source: source, dest: dest, session: session)
                    lines += starredLines(result, dest: dest, file: file)
                    starred = StarredJSON(wanted: result.wanted, matched: result.matched, newlyStarred: result.newlyStarred,
                                          unmatched: result.unmatched.map(UnmatchedJSON.init), unmatchedFile: file)
                    statuses.append(.ok)
                } catch {
                    lines.append("  starring failed: \(TerminalText.sanitize(error.description))")
                    failures.append(FailureJSON(feed: nil, url: nil, error: error))
                    statuses.append(.failed)
                }
            }
        }

        // The reading list: kept by address, so it needs no match.
        var readingList: ReadingListJSON?
        if parts.contains("reading-list") {
            let (items, missing) = try administering { () throws(AdministrationError) in try copy.readingListMissing() }
            if dryRun {
                lines.append("* add \(missing.count) reading-list item(s) of '\(source.name)' to '\(dest.name)'")
                readingList = ReadingListJSON(items: items, added: nil)
            } else {
                let added = try administering { () throws(AdministrationError) in try copy.copyReadingList() }
                lines.append("* added \(added) reading-list item(s) to '\(dest.name)'")
                readingList = ReadingListJSON(items: items, added: added)
                statuses.append(.ok)
            }
        }

        let exit = RunStatus.of(outcomes: statuses, failures: failures)
        let json = CopyJSON(source: source.name, destination: dest.name, dryRun: dryRun, refusals: plan.refusals,
                            steps: PlanOutput.steps(plan, outcomes), starred: starred, readingList: readingList, exitCode: exit.rawValue)
        let output = CommandOutput(text: lines.joined(separator: "\n"), json: json)
        return exit == .ok ? output : output.failing(exit, "account copy: \(failures.count) part(s) not done: \(failures.map(\.cause).joined(separator: "; "))")
    }

    static func starredLines(_ result: AccountCopy.StarredResult, dest: Account, file: String?) -> [String] {
        var lines = ["* starred \(result.newlyStarred) article(s) in '\(dest.name)' (\(result.matched) of \(result.wanted) found, \(result.matched - result.newlyStarred) already starred)"]
        for item in result.unmatched.prefix(20) {
            lines.append("  not found: '\(TerminalText.sanitize(item.title))' (\(TerminalText.sanitize(item.feedTitle)))\(item.url.map { " <\(TerminalText.sanitize($0))>" } ?? "")")
        }
        if result.unmatched.count > 20 { lines.append("  … and \(result.unmatched.count - 20) more") }
        if let file {
            lines.append("  \(result.unmatched.count) not found (DEST's feeds do not go back that far, or the server has not fetched them yet: run again later): listed in \(file)")
        }
        return lines
    }

    /// How to sync DEST so the feeds just subscribed have their articles: a local account
    /// fetches them itself, a remote one asks its server.
    static func syncing(_ account: Account, session: Session, store: Store) throws(CLIError) -> () throws(SyncError) -> Void {
        if account.kind == .local {
            let keyring = session.keyring
            let sync = LocalFeedSync(store: store, account: account, fetcher: FeedFetcher(http: session.http),
                                     credentials: { FeedLogin.credentials(for: $0, keyring: keyring) })
            return { () throws(SyncError) in _ = try sync.run(manual: true) }
        }
        let since = SyncCommands.since(try session.preferences().syncAgeLimit, now: Date())
        let engine = SyncEngine(store: store, account: account, provider: try session.provider(for: account))
        return { () throws(SyncError) in _ = try engine.run(since: since) }
    }

    /// Writes the unmatched articles where the user can keep them; returns the path.
    static func writeUnmatched(_ items: [WantedArticle], source: Account, dest: Account, session: Session) throws(CLIError) -> String {
        let directory = session.directories.data + "/copies"
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .failure("cannot create \(directory): \(ErrorText.describe(error))")
        }
        let safe = { (name: String) in String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" }) }
        let path = directory + "/unmatched-\(safe(source.name))-to-\(safe(dest.name)).json"
        let document = UnmatchedFileJSON(source: source.name, destination: dest.name, articles: items.map(UnmatchedJSON.init))
        try BackupCommands.writePrivately(Data((JSONOutput.encode(document) + "\n").utf8), to: path)
        return path
    }
}
