import FoundationEssentials
import LectorSettings
import LectorStore

/// A validated backup file held against this machine, before anything changes: the consents to
/// plain http it asks to keep (the front end asks its user about them), then, with the user's
/// answer, the plan of what the restore changes.
public struct BackupRestore {
    public let file: BackupDocument
    public let sections: Set<BackupSection>
    public let removeMissing: Bool
    /// This machine's state in backup terms, as the file is compared against it.
    let current: BackupState
    /// The file's consents to sending logins over plain http that this machine does not hold yet:
    /// the user's word on this machine is needed to keep them.
    public let askedConsents: [PlainHTTPConsent]
    /// The commands (`reader.pager`) the file's settings would set here: the user's word on this
    /// machine, shown each command, is needed to keep them.
    public let askedCommands: [CarriedCommand]

    /// What the restore changes once the consents and commands the user did not keep are taken
    /// out of the file.
    public func planned(dropping dropped: [PlainHTTPConsent], commands droppedCommands: [CarriedCommand] = []) -> PlannedRestore {
        let document = file.dropping(dropped, current: current).dropping(droppedCommands, current: current).keepingPermissions(of: current)
        return PlannedRestore(document: document, sections: sections, removeMissing: removeMissing,
                              plan: BackupPlan(current: current, document: document, sections: sections, removeMissing: removeMissing))
    }
}

/// A restore ready to apply: the file as it will be applied and the plan of its changes.
public struct PlannedRestore {
    public let document: BackupDocument
    public let sections: Set<BackupSection>
    public let removeMissing: Bool
    public let plan: BackupPlan
}

/// What a restore did and leaves for later.
public struct RestoreOutcome {
    /// Accounts that arrived without a secret: each needs `account password NAME`.
    public var needingPassword: [String]
    /// Local feeds behind a login whose secret this machine's keyring does not hold (a backup
    /// never holds a feed's secret).
    public var feedsNeedingPassword: [(account: String, feed: Feed)]
    /// Local feeds' restored marks whose articles are not here yet: the feeds' next fetch applies them.
    public var marksWaiting: FeedMarks
    /// The starred articles put back, per account (after the store's transaction: they go
    /// through the accounts' servers).
    public var starred: [StarredRestoreReport] = []
    /// Accounts whose secret was given at the restore and refused by their server, and why.
    public var secretsRefused: [(account: String, error: AccountsError)] = []
    /// Starred articles of accounts still waiting for their secret, per account: not tried, kept
    /// in the store for the account's first sync after its secret is given.
    public var starredWaiting: [(account: String, count: Int)] = []
}

extension AccountManager {
    /// Holds `file` against this machine. With `keepConsents` (the user said so beforehand, as
    /// with --allow-insecure) no consent is asked about; with `keepCommands` (--allow-commands)
    /// no command.
    public func prepareRestore(of file: BackupDocument, sections: Set<BackupSection>, removeMissing: Bool,
                               keepConsents: Bool, keepCommands: Bool = false, settings: SettingsEditor,
                               profiles: [Profile]) throws(AccountsError) -> BackupRestore {
        let problems = file.ruleProblems(sections: sections)
        guard problems.isEmpty else { throw .backup(.invalid(.backup, problems)) }
        var current = try storing { try BackupSnapshot(store: store, preferences: try settings.preferences(), profiles: profiles).state }
        if sections.contains(.starred), let starred = file.starred { current.starredHere = try starredHere(starred) }
        return BackupRestore(file: file, sections: sections, removeMissing: removeMissing, current: current,
                             askedConsents: keepConsents ? [] : file.plainHTTPConsents(beyond: current, sections: sections),
                             askedCommands: keepCommands ? [] : file.carriedCommands(beyond: current, sections: sections))
    }

    /// Applies a planned restore: the store and the settings in one transaction (a kill leaves
    /// all of the old state or all of the new), then, once it has committed, the files outside
    /// the store: the remote accounts' subscriptions kept for their next sync, and the profiles.
    /// `askSecret` is asked once for each account that arrived without its secret (the front end
    /// asks its user at a terminal; nil leaves the account waiting for `account password`): a
    /// secret its server accepts goes to the keyring before the starred articles go back.
    public func restore(_ restore: PlannedRestore, settings: SettingsEditor, directories: AppDirectories,
                        askSecret: (String) -> String? = { _ in nil }) throws(AccountsError) -> RestoreOutcome {
        let applied = try storing {
            try BackupRestorer(store: store, editor: settings, keyring: keyring)
                .apply(restore.document, plan: restore.plan, sections: restore.sections, removeMissing: restore.removeMissing)
        }
        let restored = RestoredSubscriptions(directories: directories)
        for pending in applied.comparedAtSync { try restored.save(pending.subscriptions, accountID: pending.accountID) }
        try saveProfiles(restore, directories: directories)
        // A keyring that cannot answer counts as "no secret": the user is asked for the password.
        let feedsNeedingPassword = applied.feedsWithLogin.filter { _, feed in
            guard let user = feed.loginUser else { return true }
            return ((try? keyring.secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: user))) ?? nil) == nil
        }
        var needingPassword: [String] = []
        var refused: [(account: String, error: AccountsError)] = []
        for name in applied.needingPassword {
            guard let secret = askSecret(name) else {
                needingPassword.append(name)
                continue
            }
            do throws(AccountsError) { try replaceSecret(try account(named: name), with: secret, plainHTTPConsented: false) } catch {
                refused.append((name, error))
                needingPassword.append(name)
            }
        }
        var starred: [StarredRestoreReport] = []
        var starredWaiting: [(account: String, count: Int)] = []
        if restore.sections.contains(.starred), let section = restore.document.starred {
            // An account without its secret cannot be reached: its articles wait in the store for
            // its first sync after the secret is given (which puts them back by itself), said
            // once, not article by article.
            let waiting = Set(needingPassword)
            for archived in section.accounts where waiting.contains(archived.name) && archived.count > 0 {
                starredWaiting.append((archived.name, try keepStarredForFirstSync(section, of: archived.name)))
            }
            starred = restoreStarred(section, skipping: waiting)
        }
        var outcome = RestoreOutcome(needingPassword: needingPassword, feedsNeedingPassword: feedsNeedingPassword,
                                     marksWaiting: applied.marksWaiting, starred: starred)
        outcome.secretsRefused = refused
        outcome.starredWaiting = starredWaiting
        return outcome
    }

    /// The profiles the plan saves and removes, in the user's profiles folder (made the user's own first).
    private func saveProfiles(_ restore: PlannedRestore, directories: AppDirectories) throws(AccountsError) {
        do { try AppDirectories.ensureDirectory(directories.config, lectorsOwn: true) } catch { throw .store(error) }
        let directory = ProfileDirectory(url: URL(fileURLWithPath: directories.profilesDirectory))
        do {
            for name in restore.plan.profilesToSave {
                guard let profile = restore.document.profiles?.first(where: { $0.name == name }) else { continue }
                try directory.save(profile)
            }
            for name in restore.plan.profilesToRemove { _ = try directory.remove(named: name) }
        } catch {
            throw .backup(error)
        }
    }
}
