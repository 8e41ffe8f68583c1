import LectorAccounts
import FoundationEssentials
import Glibc
import LectorSettings
import LectorStore
import LectorText

enum BackupCommands {
    static let all: [CommandSpec] = [export, inspect, restore]

    static let sectionsOption = OptionSpec(
        "sections", short: "s", value: "LIST",
        // reduce, not joined(separator:): this help text is built with the command table on every
        // start-up (completion too), and the first joined() in a process costs 0.1 ms of run-time
        // type lookups where reduce is specialised when compiled.
        "only these sections, comma-separated: \(BackupSection.allCases.reduce("") { $0.isEmpty ? $1.rawValue : $0 + ", " + $1.rawValue })",
        source: .choices(BackupSection.allCases.map { Choice($0.rawValue, "backup section") }))

    static let export = CommandSpec(
        ["backup", "export"], "write accounts (never secrets), settings, subscriptions, the reading list, your profiles, every starred article, your rules and saved searches as JSON",
        discussion: "The format is in 'lector help backup-format'; moving machines in 'lector help backups'. The starred section asks each account's server for its starred articles with their content: it can be tens of megabytes; leave it out with --sections.",
        arguments: [ArgumentSpec("FILE", "where to write; '-' or nothing for standard output", source: .files, optional: true)],
        options: [sectionsOption,
                  OptionSpec("starred-atom", value: "FILE", "also write the starred articles as one Atom feed any reader can import", source: .files)]
    ) { invocation, session in
        let sections = try selectedSections(invocation).union(invocation.value("starred-atom") == nil ? [] : [.starred])
        let preferences = try session.preferences()
        let path = invocation.argument("FILE").flatMap { $0 == "-" ? nil : $0 }
        let (exported, printed, bytes) = try BackupExportWriting(path: path, atomPath: invocation.value("starred-atom")).run { (json, atom) throws(CLIError) in
            try session.accounts { (manager) throws(AccountsError) in
                try manager.exportBackup(of: sections, starredAskedFor: invocation.value("sections")?.contains("starred") ?? false,
                                         preferences: preferences, profiles: userProfiles(session), toolVersion: LectorVersion.current,
                                         writing: json, atom: atom)
            }
        }
        exported.notes.forEach(Console.note)
        let document = exported.document
        guard let path, printed == nil else {
            let data = printed ?? Data()
            // Why try?: the printed bytes are the document just written; should they not parse,
            // the document itself is the JSON answer.
            let json = (try? JSONValue(parsing: data)) ?? document.jsonValue
            return CommandOutput(text: JSONControlEscaping.escape(String(decoding: data, as: UTF8.self)), json: json)
        }
        var summary = "Wrote \(path): \(document.accounts.count) account(s), \(SettingsRegistry.all.count) settings"
        if let subscriptions = document.subscriptions { summary += ", \(feedCount(subscriptions)) feed(s)" }
        if let readingList = document.readingList { summary += ", \(readingList.count) reading-list item(s)" }
        if let starred = exported.starredCount { summary += ", \(starred) starred article(s)" }
        if let rules = document.rules { summary += ", \(rules.count) rule(s)" }
        if let searches = document.savedSearches { summary += ", \(searches.count) saved search(es)" }
        if let profiles = document.profiles { summary += ", \(profiles.count) profile(s)" }
        return CommandOutput(text: summary + ".", json: JSONValue.object(["file": .string(path), "bytes": .int(bytes)]))
    }

    static let inspect = CommandSpec(
        ["backup", "inspect"], "validate a backup file and summarise it, changing nothing",
        arguments: [ArgumentSpec("FILE", "the backup", source: .files)]
    ) { invocation, _ in
        let path = invocation.argument("FILE") ?? ""
        let document: BackupDocument, warnings: [String]
        do {
            (document, warnings) = try BackupReader.read(try LocalFile.backup(path))
        } catch let error as BackupError {
            // inspect exists to list them all: every violation, one per line.
            guard case .invalid(_, let violations) = error, violations.count > 1 else { throw CLIError.failure("\(path): \(error.message)") }
            let lines = violations.map { "  \($0.description)" }
            throw CLIError.failure("\(path): invalid backup, \(violations.count) problems:\n" + lines.joined(separator: "\n"))
        }
        let lines = summary(of: document) + warnings.map { "warning: \($0)" }
        return CommandOutput(text: lines.joined(separator: "\n"), json: InspectedBackupJSON(document: document, warnings: warnings))
    }

    static let restore = CommandSpec(
        ["backup", "restore"], "restore a backup: validates the whole file, then applies it in one transaction",
        discussion: "By default a restore adds and updates; --replace also removes what the file does not have. Accounts arrive without their secret: at a terminal the restore asks for each one's once (Enter gives it later), else run 'lector account password NAME'; an account it creates treats what its server holds already as old to its rules. Consents to plain http in the file were given on the machine that wrote it: at a terminal the restore lists them and keeps them only if you answer y (--yes does not answer it); without a terminal they are dropped unless --allow-insecure. A setting that is a command Lector runs (reader.pager) is asked about the same way, the command shown (--yes does not answer it; without a terminal it is dropped unless --allow-commands).",
        arguments: [ArgumentSpec("FILE", "the backup", source: .files)],
        options: [
            sectionsOption,
            OptionSpec("dry-run", short: "n", "print what would be added, changed and removed; change nothing"),
            OptionSpec("replace", "also remove accounts, feeds, folders, reading-list items, rules and saved searches the file does not have"),
            OptionSpec("yes", short: "y", "do not ask for confirmation"),
            OptionSpec("allow-insecure", "keep the file's consents to sending logins over plain http without asking"),
            OptionSpec("allow-commands", "keep the file's settings that are commands Lector runs (reader.pager) without asking"),
        ]
    ) { invocation, session in
        let (file, warnings) = try read(invocation.argument("FILE") ?? "")
        let sections = try selectedSections(invocation)
        let editor = try session.settingsEditor()
        let prepared = try session.accounts { (manager) throws(AccountsError) in
            try manager.prepareRestore(of: file, sections: sections, removeMissing: invocation.flag("replace"),
                                       keepConsents: invocation.flag("allow-insecure"), keepCommands: invocation.flag("allow-commands"),
                                       settings: editor, profiles: userProfiles(session))
        }
        let dryRun = invocation.flag("dry-run")
        let dropped = dryRun ? [] : try notKept(prepared.askedConsents, question: PlainHTTPRestoreNote.question(for:))
        // A dry run plans without the commands, as a restore without a terminal's y would apply.
        let droppedCommands = dryRun ? prepared.askedCommands : try notKept(prepared.askedCommands, question: CarriedCommandNote.question(for:))
        let restore = prepared.planned(dropping: dropped, commands: droppedCommands)
        let output = RestoreOutput(restore: restore, fileAccounts: file.accounts, warnings: warnings,
                                   awaiting: dryRun ? prepared.askedConsents : [], dropped: dropped, filePath: invocation.argument("FILE") ?? "",
                                   awaitingCommands: dryRun ? prepared.askedCommands : [], droppedCommands: dryRun ? [] : droppedCommands)
        if dryRun || restore.plan.isEmpty { return output.unapplied }
        if !invocation.flag("yes") {
            guard Prompter.isInteractive else {
                throw CLIError.usage("this restore makes \(restore.plan.changes.count) change(s): review them with --dry-run, then pass --yes")
            }
            Console.out((output.notes + restore.plan.lines).joined(separator: "\n") + "\n")
            guard try Prompter.confirm("Apply these changes?") else { return .message("Nothing changed.") }
        }
        let outcome = try session.accounts { (manager) throws(AccountsError) in
            try manager.restore(restore, settings: editor, directories: session.directories, askSecret: askedSecret)
        }
        return output.applied(outcome)
    }

    /// What `backup inspect` says of a valid file: who wrote it, and what each section holds.
    static func summary(of document: BackupDocument) -> [String] {
        let changedSettings = SettingsRegistry.all.filter { setting in
            document.settings[setting.group.rawValue]?[setting.name].map { $0 != setting.defaultValue } ?? false
        }
        let accounts = document.accounts.map { "\($0.name) (\($0.kind.rawValue)\($0.isDefault ? ", default" : ""))" }
        let changedKeys = changedSettings.map(\.key).joined(separator: ", ")
        let subscriptions = document.subscriptions.map { "\(feedCount($0)) feed(s) in \($0.count) account(s)" } ?? "not included"
        let readingList = document.readingList.map { "\($0.count) item(s)" } ?? "not included"
        let marked = document.subscriptions.map { $0.values.flatMap(\.feeds).filter { !$0.readArticles.isEmpty || !$0.starredArticles.isEmpty } }
        var lines: [String] = []
        lines.append("Lector backup \(document.version), written by Lector \(document.toolVersion) at \(document.createdAt)")
        lines.append("accounts: " + (accounts.isEmpty ? "none" : accounts.joined(separator: ", ")))
        lines.append("settings: \(changedSettings.count) differ from the defaults" + (changedKeys.isEmpty ? "" : ": " + changedKeys))
        lines.append("subscriptions: " + subscriptions)
        lines.append("reading list: " + readingList)
        lines.append("starred: " + (document.starred.map { starred in
            let counts = starred.accounts.map { "\($0.count) in \($0.name)" }
            return "\(starred.total) article(s)" + (counts.isEmpty ? "" : " (" + counts.joined(separator: ", ") + ")")
        } ?? "not included"))
        lines.append("rules: " + (document.rules.map { rules in
            let off = rules.filter { !$0.enabled }.count
            return "\(rules.count) rule(s)" + (off == 0 ? "" : " (\(off) off)")
        } ?? "not included"))
        lines.append("saved searches: " + (document.savedSearches.map { "\($0.count) search(es)" } ?? "not included"))
        lines.append("profiles: " + (document.profiles.map { profiles in
            profiles.isEmpty ? "none saved" : "\(profiles.count) profile(s): " + profiles.map { TerminalText.sanitize($0.name) }.joined(separator: ", ")
        } ?? "not included"))
        if let marked {
            let read = marked.map(\.readArticles.count).reduce(0, +), starred = marked.map(\.starredArticles.count).reduce(0, +)
            lines.append("marks: " + (marked.isEmpty ? "none" : "\(read) read, \(starred) starred in \(marked.count) feed(s) of local accounts"))
        }
        return lines
    }

    /// What the file carries that only this machine's user may keep — consents to plain http (the
    /// user's word) and commands (they run here) — that the user does not keep: shown at a
    /// terminal and kept only on y; never assumed, and `--yes` is no answer to it.
    private static func notKept<Carried>(_ asked: [Carried], question: ([Carried]) -> String) throws(CLIError) -> [Carried] {
        guard !asked.isEmpty else { return [] }
        guard Prompter.isInteractive else { return asked }
        Console.out(question(asked))
        return try Prompter.confirm("Keep it on this machine?") ? [] : asked
    }

    /// An arriving account's secret, asked once at a terminal (the account's server checks it
    /// before the keyring keeps it); nil without a terminal, or when the user gives none: the
    /// restore then says once what to run.
    private static func askedSecret(for account: String) -> String? {
        guard Prompter.isInteractive else { return nil }
        do throws(CLIError) {
            return try SecretInput.read(prompt: "Secret for '\(account)' (its password or API key; Enter to give it later): ", fromStdin: false)
        } catch {
            return nil
        }
    }

    /// The user's saved profiles; shipped ones are not user data.
    static func userProfiles(_ session: Session) -> [Profile] {
        ProfileDirectory(url: URL(fileURLWithPath: session.directories.profilesDirectory)).load().profiles
    }

    static func selectedSections(_ invocation: Invocation) throws(CLIError) -> Set<BackupSection> {
        guard let list = invocation.value("sections") else { return Set(BackupSection.allCases) }
        var sections = Set<BackupSection>()
        for name in list.split(separator: ",").map({ String($0).trimmingWhitespace }) {
            guard let section = BackupSection(rawValue: name) else {
                let names = BackupSection.allCases.map(\.rawValue)
                throw .usage("'\(name)' is not a backup section\(Suggestion.hint(for: name, in: names)) (sections: \(names.joined(separator: ", ")))")
            }
            sections.insert(section)
        }
        return sections
    }

    static func feedCount(_ subscriptions: [String: BackupSubscriptions]) -> Int {
        subscriptions.values.map(\.feeds.count).reduce(0, +)
    }

    static func read(_ path: String) throws(CLIError) -> (BackupDocument, [String]) {
        let source = try LocalFile.backup(path)
        do { return try BackupReader.read(source) } catch { throw .failure("\(path): \(error.message)") }
    }

    /// A file's bytes, or the system's own reason it cannot be read ("No such file or directory").
    static func writePrivately(_ data: Data, to path: String) throws(CLIError) {
        // POSIX calls rather than FileManager.createFile, which answers only yes or no: a full
        // disk must be named as such, not as a folder that may be missing.
        let failure = AppDirectories.writePrivately(data, to: path, durable: true)
        guard failure == 0 else { throw writeFailure(path, failure) }
    }

    static func writeFailure(_ path: String, _ code: Int32) -> CLIError {
        switch code {
        case ENOSPC, EDQUOT: .failure("cannot write '\(path)': the disk is full; free some space or write the backup elsewhere")
        case ENOENT, ENOTDIR: .failure("cannot write '\(path)': the folder does not exist")
        case EACCES, EPERM, EROFS: .failure("cannot write '\(path)': the folder is not writable")
        default: .failure("cannot write '\(path)': \(String(cString: strerror(code)))")
        }
    }
}
