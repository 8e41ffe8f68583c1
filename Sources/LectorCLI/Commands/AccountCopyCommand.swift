import Foundation
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
                DesiredFeed(url: $0, title: listing.feed.title, folder: parts.contains("folders") ? listing.folderName : nil, siteURL: listing.feed.siteURL)
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
            let applied = administrator.apply(plan)
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
        var starred: StarredJSON?
        if parts.contains("starred") {
            let wanted = try CLIError.catching { try ArticleMatcher(store: store).starred(in: source) }
            if dryRun {
                lines.append("* star in '\(dest.name)' the matches of \(wanted.count) starred article(s) of '\(source.name)', once it has fetched its feeds")
                starred = StarredJSON(wanted: wanted.count, matched: nil, newlyStarred: nil, unmatched: nil, unmatchedFile: nil)
            } else {
                do throws(CLIError) {
                    if !wanted.isEmpty { try fetch(dest, session: session, store: store) }
                    let matches = try CLIError.catching { try ArticleMatcher(store: store).match(wanted, in: dest) }
                    let newly = try administering { () throws(AdministrationError) in try administrator.star(matches.matched.map(\.article)) }
                    var file: String?
                    if !matches.unmatched.isEmpty { file = try writeUnmatched(matches.unmatched, source: source, dest: dest, session: session) }
                    lines.append("* starred \(newly) article(s) in '\(dest.name)' (\(matches.matched.count) of \(wanted.count) found, \(matches.matched.count - newly) already starred)")
                    for item in matches.unmatched.prefix(20) {
                        lines.append("  not found: '\(TerminalText.sanitize(item.title))' (\(TerminalText.sanitize(item.feedTitle)))\(item.url.map { " <\(TerminalText.sanitize($0))>" } ?? "")")
                    }
                    if matches.unmatched.count > 20 { lines.append("  … and \(matches.unmatched.count - 20) more") }
                    if let file {
                        lines.append("  \(matches.unmatched.count) not found (DEST's feeds do not go back that far, or the server has not fetched them yet: run again later): listed in \(file)")
                    }
                    starred = StarredJSON(wanted: wanted.count, matched: matches.matched.count, newlyStarred: newly, unmatched: matches.unmatched.map(UnmatchedJSON.init),
                                          unmatchedFile: file)
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
            let all = try CLIError.catching { try store.readingList.all() }
            let have = Set(all.filter { $0.accountID == dest.id }.map(\.url))
            let missing = all.filter { $0.accountID == source.id && !have.contains($0.url) }
            if dryRun {
                lines.append("* add \(missing.count) reading-list item(s) of '\(source.name)' to '\(dest.name)'")
            } else {
                try CLIError.catching { for item in missing { try store.readingList.add(accountID: dest.id, url: item.url, title: item.title) } }
                lines.append("* added \(missing.count) reading-list item(s) to '\(dest.name)'")
                statuses.append(.ok)
            }
            readingList = ReadingListJSON(items: all.filter { $0.accountID == source.id }.count, added: dryRun ? nil : missing.count)
        }

        let exit = RunStatus.of(outcomes: statuses, failures: failures)
        let json = CopyJSON(source: source.name, destination: dest.name, dryRun: dryRun, refusals: plan.refusals,
                            steps: PlanOutput.steps(plan, outcomes), starred: starred, readingList: readingList, exitCode: exit.rawValue)
        let output = CommandOutput(text: lines.joined(separator: "\n"), json: json)
        return exit == .ok ? output : output.failing(exit, "account copy: \(failures.count) part(s) not done: \(failures.map(\.cause).joined(separator: "; "))")
    }

    /// Syncs DEST so the feeds just subscribed have their articles: a local account fetches
    /// them itself, a remote one asks its server.
    static func fetch(_ account: Account, session: Session, store: Store) throws(CLIError) {
        if account.kind == .local {
            let keyring = session.keyring
            let sync = LocalFeedSync(store: store, account: account, fetcher: FeedFetcher(http: session.http),
                                     credentials: { FeedLogin.credentials(for: $0, keyring: keyring) })
            _ = try remote { () throws(SyncError) in try sync.run(manual: true) }
        } else {
            let since = SyncCommands.since(try session.preferences().syncAgeLimit, now: Date())
            let engine = SyncEngine(store: store, account: account, provider: try session.provider(for: account))
            _ = try remote { () throws(SyncError) in try engine.run(since: since) }
        }
    }

    /// Writes the unmatched articles where the user can keep them; returns the path.
    static func writeUnmatched(_ items: [WantedArticle], source: Account, dest: Account, session: Session) throws(CLIError) -> String {
        let directory = session.directories.data + "/copies"
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .failure("cannot create \(directory): \(error.localizedDescription)")
        }
        let safe = { (name: String) in String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" }) }
        let path = directory + "/unmatched-\(safe(source.name))-to-\(safe(dest.name)).json"
        let document = UnmatchedFileJSON(source: source.name, destination: dest.name, articles: items.map(UnmatchedJSON.init))
        try BackupCommands.writePrivately(Data((JSONOutput.encode(document) + "\n").utf8), to: path)
        return path
    }

    struct UnmatchedJSON: Encodable, Sendable {
        let title: String
        let url: String?
        let guid: String?
        let feed: String
        let published: String?

        init(_ item: WantedArticle) {
            title = item.title
            url = item.url
            guid = item.guid
            feed = item.feedTitle
            published = JSONOutput.timestamp(item.publishedAt)
        }
    }

    struct UnmatchedFileJSON: Encodable, Sendable {
        let source: String
        let destination: String
        let articles: [UnmatchedJSON]
    }

    struct StarredJSON: Encodable, Sendable {
        let wanted: Int
        let matched: Int?
        let newlyStarred: Int?
        let unmatched: [UnmatchedJSON]?
        let unmatchedFile: String?

        enum CodingKeys: String, CodingKey {
            case wanted, matched, unmatched
            case newlyStarred = "newly_starred"
            case unmatchedFile = "unmatched_file"
        }
    }

    struct ReadingListJSON: Encodable, Sendable {
        let items: Int
        let added: Int?
    }

    struct CopyJSON: Encodable, Sendable {
        let source: String
        let destination: String
        let dryRun: Bool
        let refusals: [String]
        let steps: [PlanOutput.StepJSON]
        let starred: StarredJSON?
        let readingList: ReadingListJSON?
        let exitCode: Int32

        enum CodingKeys: String, CodingKey {
            case source, destination, refusals, steps, starred
            case dryRun = "dry_run"
            case readingList = "reading_list"
            case exitCode = "exit_code"
        }
    }
}
