import FoundationEssentials
import LectorAccounts
import LectorBasics
import LectorSettings
import LectorStore
import LectorSync

/// `account copy`: subscriptions, folders, starred articles and the reading list from one account
/// into another, through the destination's API.
enum AccountCopyCommand {
    static let copy = CommandSpec(
        ["account", "copy"], "copy subscriptions, folders, starred articles and the reading list into another account",
        discussion: "With no part named, all four are copied. Feeds and folders go through DEST's API (a plan first, printed like 'feed apply'), each feed with its server settings by Lector's key names (Miniflux scraper_rules ↔ FreshRSS cssFullContent, user_agent ↔ CURLOPT_USERAGENT, …; a cookie when this machine's keyring keeps it), what DEST cannot keep listed as not carried, one line per key; then DEST is synced, and SOURCE's starred articles are found among DEST's by canonical article address (and guid, between local accounts) and starred there. The ones DEST's feeds do not carry (any more) are listed and written to a JSON file whose path is printed. The reading list is copied by address. Running it again changes nothing new; a kind that cannot do a part (Fever cannot add feeds) says so in the plan.",
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
        let named = AccountCopyPart.allCases.filter { invocation.flag($0.rawValue) }
        let editor = try session.settingsEditor()
        let report = try session.accounts { (manager) throws(AccountsError) in
            try manager.copy(from: invocation.argument("SOURCE") ?? "", into: invocation.argument("DEST") ?? "",
                             parts: Set(named.isEmpty ? AccountCopyPart.allCases : named), dryRun: invocation.flag("dry-run"),
                             syncSince: syncSince(editor), shouldStop: { Interrupt.isRequested })
        }
        return CopyOutput(report: report).render(session: session)
    }

    /// The article-age limit of a remote DEST's sync, read when the copy syncs it.
    static func syncSince(_ editor: SettingsEditor) -> () throws(AccountsError) -> Date? {
        { () throws(AccountsError) in
            do throws(SettingsError) { return SyncCommands.since(try editor.preferences().syncAgeLimit, now: Date()) } catch { throw .settings(error) }
        }
    }

    static func starredLines(_ result: AccountCopy.StarredResult, dest: Account, file: String?) -> [String] {
        var lines = ["* starred \(result.newlyStarred) article(s) in '\(dest.name)' (\(result.matched) of \(result.wanted) found, \(result.matched - result.newlyStarred) already starred)"
                     + (result.recreated > 0 ? "; re-created \(result.recreated) it did not carry, starred, with their dates" : "")]
        for item in result.unmatched.prefix(20) {
            lines.append("  not found: '\(TerminalText.sanitize(item.title))' (\(TerminalText.sanitize(item.feedTitle)))\(item.url.map { " <\(TerminalText.sanitize($0))>" } ?? "")")
        }
        if result.unmatched.count > 20 { lines.append("  … and \(result.unmatched.count - 20) more") }
        if let file {
            // Where DEST cannot take entries in (TT-RSS, FreshRSS, Fever, Feedbin), running again
            // only helps for what its server has not fetched yet: the rest stays in the file.
            let why = dest.kind.service.capabilities.importsEntries
                ? "DEST's feeds do not go back that far, or the server has not fetched them yet: run again later"
                : "DEST's feeds do not go back that far, and a \(dest.kind.rawValue) account cannot take articles in; or the server has not fetched them yet: run again later"
            lines.append("  \(result.unmatched.count) not found (\(why)): listed in \(file)")
        }
        return lines
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
